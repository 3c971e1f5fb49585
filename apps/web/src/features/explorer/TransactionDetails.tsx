import type { ChainInfo } from '@countersign/gateway-api';
import { Badge, Detail, DetailList } from '../../ui';
import { AddressLink } from './AddressLink';
import { formatGasPrice, formatNativeAmount } from './explorerFormat';
import type { TransactionFacts, TransactionOutcome } from './rpcAnswers';

const statusTones = { pending: 'neutral', success: 'ok', reverted: 'danger' } as const;

const statusLabels: Record<TransactionOutcome['status'], string> = {
  pending: 'Pending',
  success: 'Success',
  reverted: 'Reverted',
};

export function TransactionDetails({ facts, chain }: { facts: TransactionFacts; chain: ChainInfo }) {
  const { outcome } = facts;
  return (
    <>
      <p>on {chain.chainName}</p>
      <DetailList>
        <Detail label="Status">
          <Badge tone={statusTones[outcome.status]} testId="tx-status">
            {statusLabels[outcome.status]}
          </Badge>
        </Detail>
        <Detail label="Block" testId="tx-block">
          {facts.blockNumber === null ? 'Not mined yet' : facts.blockNumber.toString()}
        </Detail>
        <Detail label="From">
          <AddressLink address={facts.from} testId="tx-from" />
        </Detail>
        <Recipient facts={facts} />
        <Detail label="Value" testId="tx-value">
          {formatNativeAmount(facts.value, chain.nativeCurrency)}
        </Detail>
        {outcome.status !== 'pending' && (
          <>
            <Detail label="Gas used" testId="tx-gas-used">
              {outcome.gasUsed.toString()}
            </Detail>
            <Detail label="Effective gas price" testId="tx-gas-price">
              {formatGasPrice(outcome.effectiveGasPrice)}
            </Detail>
            <Detail label="Logs" testId="tx-log-count">
              {outcome.logCount}
            </Detail>
          </>
        )}
      </DetailList>
    </>
  );
}

/** The called address, or for a contract creation the contract it made. */
function Recipient({ facts }: { facts: TransactionFacts }) {
  if (facts.to !== null) {
    return (
      <Detail label="To">
        <AddressLink address={facts.to} testId="tx-to" />
      </Detail>
    );
  }
  return (
    <Detail label="Created contract" testId="tx-created-contract">
      {facts.createdContract !== null ? (
        <AddressLink address={facts.createdContract} />
      ) : facts.outcome.status === 'pending' ? (
        'None yet: the creation is pending'
      ) : (
        'None: the creation reverted'
      )}
    </Detail>
  );
}
