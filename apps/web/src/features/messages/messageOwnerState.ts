import type { SafeMessage } from '@countersign/gateway-api';
import { ownerStateOf, type OwnerState, type Signer } from '../safe';
import { sameAddress } from '../../lib/address';

/**
 * The signer's state on a message, as the queue says it for a transaction; nothing once the message
 * no longer waits for confirmations.
 */
export function messageOwnerState(
  message: Pick<SafeMessage, 'status' | 'confirmations'>,
  signer: Signer,
): OwnerState | undefined {
  if (message.status !== 'NEEDS_CONFIRMATION') return undefined;
  return ownerStateOf(signer, (account) =>
    message.confirmations.some((confirmation) => sameAddress(confirmation.owner.value, account)),
  );
}
