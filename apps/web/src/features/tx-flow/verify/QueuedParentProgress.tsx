import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { TransactionDetails } from '@countersign/gateway-api';
import { useGateway } from '../../../lib/ServicesProvider';
import { Badge } from '../../../ui';
import {
  childTransaction,
  ownerSafeLabel,
  parentMessageQueryOptions,
  parentRequest,
  parentSignatures,
  useOwnerSafes,
  type OwnerSafe,
} from '../../nested-safes';
import { useSafe, useTransactionQuery } from '../../safe';
import { useTransactionVerdict } from './useTransactionVerdict';

/**
 * A queued transaction's row, for a Safe owned by Safes: how far each parent that has not confirmed
 * it has come ("P: 1 of 2 of its owners signed"), from its message for this transaction. Only once
 * the row's transaction hashes here to what it claims (the details its page reads, loaded for the
 * claim badge already).
 */
export function QueuedParentProgress({ txId }: { txId: string }) {
  const { chain, address } = useSafe();
  const parents = useOwnerSafes();
  const details = useTransactionQuery(chain.chainId, address, txId);
  if (!parents.data?.length || !details.data) return null;
  return <ParentsProgress details={details.data} parents={parents.data} />;
}

function ParentsProgress({ details, parents }: { details: TransactionDetails; parents: OwnerSafe[] }) {
  const { chain, address, safe } = useSafe();
  const verdict = useTransactionVerdict(details);
  const multisig = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : null;
  if (!multisig || verdict.kind !== 'checked') return null;
  const request = childTransaction({
    chainId: chain.chainId,
    child: address as Address,
    childVersion: safe.version,
    tx: verdict.tx,
  });
  const waiting = parents.filter(
    (parent) =>
      !multisig.confirmations.some((c) => c.signer.value.toLowerCase() === parent.address.toLowerCase()),
  );
  return waiting.map((parent) => (
    <ParentProgress
      key={parent.address}
      parent={parent}
      label={ownerSafeLabel(safe.owners, parent.address)}
      messageHash={parentRequest(request, parent.address).messageHash}
    />
  ));
}

function ParentProgress({
  parent,
  label,
  messageHash,
}: {
  parent: OwnerSafe;
  label: string;
  messageHash: `0x${string}`;
}) {
  const { chain } = useSafe();
  const gateway = useGateway();
  const message = useQuery(parentMessageQueryOptions(gateway, chain.chainId, messageHash));
  if (message.isPending || message.isError) return null;
  const progress = parentSignatures(parent, message.data);
  return (
    <Badge tone={progress.signed > 0 ? 'accent' : 'neutral'} testId="tx-parent-progress">
      {label}: {progress.signed} of {progress.required} of its owners signed
    </Badge>
  );
}
