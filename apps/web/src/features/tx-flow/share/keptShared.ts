import type { Hex } from 'viem';
import { keptByHash } from '../../../lib/keptByHash';
import { parseSharedTxJson, sharedTxJson, type SharedTx } from './sharedTx';

/**
 * The shared transactions this browser has opened, by safeTxHash, with every signature that counted:
 * a link of one signature (localsafe's importSig) finds its transaction here too.
 */
const kept = keptByHash<SharedTx>('countersign.sharedTransactions', {
  json: sharedTxJson,
  parse: parseSharedTxJson,
});

export const keptShared = (safeTxHash: Hex): SharedTx | undefined => kept.get(safeTxHash);

export const keepShared = (shared: SharedTx & { safeTxHash: Hex }): void =>
  kept.keep(shared.safeTxHash, shared);
