import type { SafeMessage } from '@countersign/gateway-api';
import { combineConfirmations } from '@countersign/safe-core';
import type { Hex } from 'viem';

export type CombinedSignature =
  | {
      ok: true;
      signatures: Hex;
      /** The gateway's preparedSignature, or the confirmations combined here (sorted by owner). */
      source: 'prepared' | 'combined';
    }
  | { ok: false; reason: string };

/**
 * The `signatures` bytes to ask the Safe about: the gateway's preparedSignature when it gives one,
 * else the owners' confirmations sorted by owner address and concatenated, as the Safe reads them.
 */
export function combinedSignature(message: Pick<SafeMessage, 'preparedSignature' | 'confirmations'>) {
  if (message.preparedSignature !== null && message.preparedSignature !== '0x') {
    return { ok: true, signatures: message.preparedSignature as Hex, source: 'prepared' } as const;
  }
  if (message.confirmations.length === 0) {
    return { ok: false, reason: 'No owner has signed the message.' } as const;
  }
  try {
    const signatures = combineConfirmations(
      message.confirmations.map((confirmation) => ({
        owner: confirmation.owner.value,
        signature: confirmation.signature,
      })),
    );
    return { ok: true, signatures, source: 'combined' } as const;
  } catch (error) {
    return {
      ok: false,
      reason: error instanceof Error ? error.message : 'The confirmations could not be combined.',
    } as const;
  }
}
