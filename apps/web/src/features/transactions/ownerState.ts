import type { AddressInfo, TransactionDetails, TransactionSummary } from '@countersign/gateway-api';

/** Where the connected account stands on a queued transaction. */
export type OwnerState = 'signed' | 'needs-signature' | 'not-owner';

export const ownerStateLabels: Record<OwnerState, string> = {
  signed: 'You signed',
  'needs-signature': 'Needs your signature',
  'not-owner': 'You are not an owner',
};

export const ownerStateTones = {
  signed: 'ok',
  'needs-signature': 'accent',
  'not-owner': 'neutral',
} as const satisfies Record<OwnerState, string>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The connected account's own state for a transaction: undefined when no wallet is connected, or when
 * the gateway's answer does not tell (a transaction that is not a multisig one, or one that already
 * has its confirmations: the gateway lists missing signers only while confirmations are awaited).
 */
export function ownerStateOf(
  transaction: Pick<TransactionSummary, 'txStatus' | 'executionInfo'>,
  owners: readonly AddressInfo[],
  account: string | undefined,
): OwnerState | undefined {
  if (account === undefined) return undefined;
  if (!owners.some((owner) => same(owner.value, account))) return 'not-owner';
  const execution = transaction.executionInfo;
  if (execution?.type !== 'MULTISIG' || transaction.txStatus !== 'AWAITING_CONFIRMATIONS') return undefined;
  if (execution.missingSigners === null) return undefined;
  return execution.missingSigners.some((signer) => same(signer.value, account))
    ? 'needs-signature'
    : 'signed';
}

/** The same, from a transaction's details, which list who confirmed whatever the status. */
export function ownerStateOfDetails(
  details: Pick<TransactionDetails, 'txStatus' | 'detailedExecutionInfo'>,
  owners: readonly AddressInfo[],
  account: string | undefined,
): OwnerState | undefined {
  if (account === undefined) return undefined;
  if (!owners.some((owner) => same(owner.value, account))) return 'not-owner';
  const execution = details.detailedExecutionInfo;
  if (execution?.type !== 'MULTISIG') return undefined;
  if (execution.confirmations.some((confirmation) => same(confirmation.signer.value, account)))
    return 'signed';
  return details.txStatus === 'AWAITING_CONFIRMATIONS' ? 'needs-signature' : undefined;
}
