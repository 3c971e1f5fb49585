import type { TransactionDetails, TransactionSummary } from '@countersign/gateway-api';
import { ownerStateOf, type OwnerState, type Signer } from '../safe';
import { sameAddress } from '../../lib/address';

/**
 * The signer's state on a queued transaction; undefined when the gateway's answer does not tell (a
 * transaction that is not a multisig one, or one that already has its confirmations: the gateway
 * lists missing signers only while confirmations are awaited).
 */
export function txOwnerState(
  transaction: Pick<TransactionSummary, 'txStatus' | 'executionInfo'>,
  signer: Signer,
): OwnerState | undefined {
  return ownerStateOf(signer, (account) => {
    const execution = transaction.executionInfo;
    if (execution?.type !== 'MULTISIG' || transaction.txStatus !== 'AWAITING_CONFIRMATIONS') return undefined;
    if (execution.missingSigners === null) return undefined;
    return !execution.missingSigners.some((missing) => sameAddress(missing.value, account));
  });
}

/** The same, from a transaction's details, which list who confirmed whatever the status. */
export function txDetailsOwnerState(
  details: Pick<TransactionDetails, 'txStatus' | 'detailedExecutionInfo'>,
  signer: Signer,
): OwnerState | undefined {
  return ownerStateOf(signer, (account) => {
    const execution = details.detailedExecutionInfo;
    if (execution?.type !== 'MULTISIG') return undefined;
    if (execution.confirmations.some((confirmation) => sameAddress(confirmation.signer.value, account)))
      return true;
    return details.txStatus === 'AWAITING_CONFIRMATIONS' ? false : undefined;
  });
}
