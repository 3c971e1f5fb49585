import { recoverSafeSignatures } from '@countersign/safe-core';
import type { Queryable } from '../store';
import { loadUnrecoveredExecutions, storeChainSigners } from './multisigStore';

/**
 * Recovers who signed executions the indexer stored with their raw signatures, and keeps them as
 * confirmations. The Safe already checked these signatures on chain, so only the signers' identity
 * is missing; it is worked out once, when somebody first asks.
 */
export async function recoverChainSigners(
  db: Queryable,
  chainId: string,
  safeTxHashes: readonly string[],
): Promise<void> {
  for (const execution of await loadUnrecoveredExecutions(db, chainId, safeTxHashes)) {
    const signers = await recoverSafeSignatures(
      execution.safeTxHash,
      execution.signatures,
      execution.confirmationsRequired,
    );
    await storeChainSigners(db, chainId, execution, signers);
  }
}
