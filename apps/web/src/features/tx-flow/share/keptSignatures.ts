import * as z from 'zod/mini';
import type { Hex } from 'viem';
import { storedState } from '../../../lib/storedState';
import type { SharedSignature } from './sharedTx';

/**
 * Signatures this browser has seen for shared transactions, by safeTxHash: a signature made here, or
 * read from a link, is still known when the next link comes without it (they are merged, then checked
 * again). Only the latest transactions are kept; a signature is nothing secret.
 */
const MAX_KEPT = 50;

const keptSchema = z.record(
  z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  z.object({
    at: z.number(),
    signatures: z.array(
      z.object({
        signer: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
        signature: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/), z.maxLength(20_000)),
      }),
    ),
  }),
);

const kept = storedState<Readonly<Record<string, { at: number; signatures: SharedSignature[] }>>>(
  'countersign.sharedSignatures',
  {
    fallback: {},
    parse: keptSchema as z.ZodMiniType<Record<string, { at: number; signatures: SharedSignature[] }>>,
  },
);

export const keptSignatures = (safeTxHash: Hex): SharedSignature[] =>
  kept.get()[safeTxHash.toLowerCase()]?.signatures ?? [];

export function keepSignatures(safeTxHash: Hex, signatures: readonly SharedSignature[]): void {
  kept.update((current) => {
    const next = { ...current, [safeTxHash.toLowerCase()]: { at: Date.now(), signatures: [...signatures] } };
    const newest = Object.entries(next)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_KEPT);
    return Object.fromEntries(newest);
  });
}
