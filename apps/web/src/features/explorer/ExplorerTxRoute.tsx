import { useParams } from 'react-router';
import type { Hash } from 'viem';
import { ErrorAlert, Loading, Page, QueryErrorAlert } from '../../ui';
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
      <Page title="Invalid transaction hash">
        <ErrorAlert title="Invalid transaction hash" message={parsed.error} />
      </Page>
    );
  }
  const hash = parsed.value;
  return (
    <Page
      title={`Transaction ${hash}`}
      heading="Transaction"
      description={<code data-testid="tx-hash">{hash}</code>}
    >
      <DevnetGate>
        {(devnet) => (
          <TransactionLoader key={`${devnet.chain.chainId}:${hash}`} devnet={devnet} hash={hash} />
        )}
      </DevnetGate>
    </Page>
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
