import * as z from 'zod/mini';
import type { Hex } from 'viem';
import { storedState } from '../../../lib/storedState';
import { parseSharedTxJson, sharedTxJson, type SharedTx } from './sharedTx';

/**
 * The shared transactions this browser has opened, by safeTxHash, with every signature that counted:
 * a signature made here, or read from one link, is still known when the next link comes without it
 * (they are merged, then checked again), and a link of one signature (localsafe's importSig) finds
 * its transaction. Only the latest are kept; nothing in them is secret, and each is read back
 * through the same parser as a file.
 */
const MAX_KEPT = 50;

const kept = storedState<Readonly<Record<string, { at: number; json: string }>>>(
  'countersign.sharedTransactions',
  {
    fallback: {},
    parse: z.record(
      z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
      z.object({ at: z.number(), json: z.string().check(z.maxLength(600_000)) }),
    ),
  },
);

export function keptShared(safeTxHash: Hex): SharedTx | undefined {
  const entry = kept.get()[safeTxHash.toLowerCase()];
  if (!entry) return undefined;
  const read = parseSharedTxJson(entry.json);
  return read.ok ? read.value : undefined;
}

export function keepShared(shared: SharedTx & { safeTxHash: Hex }): void {
  const key = shared.safeTxHash.toLowerCase();
  const json = sharedTxJson(shared);
  if (kept.get()[key]?.json === json) return;
  kept.update((current) => {
    const next = { ...current, [key]: { at: Date.now(), json } };
    return Object.fromEntries(
      Object.entries(next)
        .sort(([, a], [, b]) => b.at - a.at)
        .slice(0, MAX_KEPT),
    );
  });
}
