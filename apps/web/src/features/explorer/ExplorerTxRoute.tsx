import { useParams } from 'react-router';
import type { Hash } from 'viem';
import { ErrorAlert, Loading, QueryErrorAlert } from '../../app/ErrorAlert';
import { DevnetGate, type Devnet } from './DevnetGate';
import { parseTxHashParam } from './explorerParams';
import { useTransactionFacts } from './explorerQueries';
import { describeRpcError } from './rpcErrors';
import { TransactionDetails } from './TransactionDetails';

/** /explorer/tx/:txHash — one devnet transaction and its outcome. */
export function ExplorerTxRoute() {
  const { txHash: param = '' } = useParams();
  const parsed = parseTxHashParam(param);
  if (!parsed.ok) {
    return (
      <section className="page">
        <title>Invalid transaction hash · Countersign</title>
        <ErrorAlert title="Invalid transaction hash" message={parsed.error} />
      </section>
    );
  }
  const hash = parsed.value;
  return (
    <section className="page">
      <title>{`Transaction ${hash} · Countersign`}</title>
      <header className="explorer-heading">
        <h1>Transaction</h1>
        <p className="explorer-subject">
          <code data-testid="tx-hash">{hash}</code>
        </p>
      </header>
      <DevnetGate>
        {(devnet) => (
          <TransactionLoader key={`${devnet.chain.chainId}:${hash}`} devnet={devnet} hash={hash} />
        )}
      </DevnetGate>
    </section>
  );
}

function TransactionLoader({ devnet, hash }: { devnet: Devnet; hash: Hash }) {
  const txQuery = useTransactionFacts(devnet, hash);
  if (txQuery.data === undefined) {
    return txQuery.isError ? (
      <QueryErrorAlert
        query={txQuery}
        title="The transaction could not be read"
        description={describeRpcError(txQuery.error, devnet.rpcUrl)}
      />
    ) : (
      <Loading label="Reading the transaction…" />
    );
  }
  if (txQuery.data === null) {
    return (
      <ErrorAlert
        title="Transaction not found"
        message={`Transaction ${hash} was not found on this chain (${devnet.chain.chainName}).`}
      />
    );
  }
  return <TransactionDetails facts={txQuery.data} chain={devnet.chain} />;
}
