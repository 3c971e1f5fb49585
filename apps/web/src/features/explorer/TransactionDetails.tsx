import type { ChainInfo } from '@countersign/gateway-api';
import { AddressLink } from './AddressLink';
import { formatGasPrice, formatNativeAmount } from './explorerFormat';
import type { TransactionFacts, TransactionOutcome } from './rpcAnswers';

const statusLabels: Record<TransactionOutcome['status'], string> = {
  pending: 'Pending',
  success: 'Success',
  reverted: 'Reverted',
};

export function TransactionDetails({ facts, chain }: { facts: TransactionFacts; chain: ChainInfo }) {
  const { outcome } = facts;
  return (
    <>
      <p className="muted">on {chain.chainName}</p>
      <dl className="details explorer-details">
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-${outcome.status}`} data-testid="tx-status">
            {statusLabels[outcome.status]}
          </span>
        </dd>
        <dt>Block</dt>
        <dd data-testid="tx-block">
          {facts.blockNumber === null ? 'Not mined yet' : facts.blockNumber.toString()}
        </dd>
        <dt>From</dt>
        <dd>
          <AddressLink address={facts.from} testId="tx-from" />
        </dd>
        <Recipient facts={facts} />
        <dt>Value</dt>
        <dd data-testid="tx-value">{formatNativeAmount(facts.value, chain.nativeCurrency)}</dd>
        {outcome.status !== 'pending' && (
          <>
            <dt>Gas used</dt>
            <dd data-testid="tx-gas-used">{outcome.gasUsed.toString()}</dd>
            <dt>Effective gas price</dt>
            <dd data-testid="tx-gas-price">{formatGasPrice(outcome.effectiveGasPrice)}</dd>
            <dt>Logs</dt>
            <dd data-testid="tx-log-count">{outcome.logCount}</dd>
          </>
        )}
      </dl>
    </>
  );
}

/** The called address, or for a contract creation the contract it made. */
function Recipient({ facts }: { facts: TransactionFacts }) {
  if (facts.to !== null) {
    return (
      <>
        <dt>To</dt>
        <dd>
          <AddressLink address={facts.to} testId="tx-to" />
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>Created contract</dt>
      <dd data-testid="tx-created-contract">
        {facts.createdContract !== null ? (
          <AddressLink address={facts.createdContract} />
        ) : facts.outcome.status === 'pending' ? (
          'None yet: the creation is pending'
        ) : (
          'None: the creation reverted'
        )}
      </dd>
    </>
  );
}
