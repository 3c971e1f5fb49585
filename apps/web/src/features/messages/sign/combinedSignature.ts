import type { SafeMessage } from '@countersign/gateway-api';
import { combineConfirmations } from '@countersign/safe-core';
import type { Hex } from 'viem';
import { err, ok, type Result } from '../../../lib/result';

export type CombinedSignature = Result<{
  signatures: Hex;
  /** The gateway's preparedSignature, or the confirmations combined here (sorted by owner). */
  source: 'prepared' | 'combined';
}>;

/**
 * The `signatures` bytes to ask the Safe about: the gateway's preparedSignature when it gives one,
 * else the owners' confirmations sorted by owner address and concatenated, as the Safe reads them.
 */
export function combinedSignature(
  message: Pick<SafeMessage, 'preparedSignature' | 'confirmations'>,
): CombinedSignature {
  if (message.preparedSignature !== null && message.preparedSignature !== '0x') {
    return ok({ signatures: message.preparedSignature as Hex, source: 'prepared' });
  }
  if (message.confirmations.length === 0) {
    return err('No owner has signed the message.');
  }
  try {
    const signatures = combineConfirmations(
      message.confirmations.map((confirmation) => ({
        owner: confirmation.owner.value,
        signature: confirmation.signature,
      })),
    );
    return ok({ signatures, source: 'combined' });
  } catch (error) {
    return err(error instanceof Error ? error.message : 'The confirmations could not be combined.');
  }
}
