import * as z from 'zod/mini';
import type { Hex } from 'viem';
import type { Result } from './result';
import { storedState } from './storedState';

/** The most entries one such store keeps: the latest by the time they were kept. */
const MAX_KEPT = 50;

/**
 * What this browser has opened of things shared between owners (transactions, messages), by their
 * 32-byte hash, each as its JSON, so that a signature made here or read from one link is still known
 * when the next link comes without it. Nothing in them is secret; each is read back through the same
 * parser as a file.
 */
export function keptByHash<T>(
  key: string,
  format: { json: (value: T) => string; parse: (json: string) => Result<T> },
) {
  const kept = storedState<Readonly<Record<string, { at: number; json: string }>>>(key, {
    fallback: {},
    parse: z.record(
      z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
      z.object({ at: z.number(), json: z.string().check(z.maxLength(600_000)) }),
    ),
  });
  return {
    get(hash: Hex): T | undefined {
      const entry = kept.get()[hash.toLowerCase()];
      if (!entry) return undefined;
      const read = format.parse(entry.json);
      return read.ok ? read.value : undefined;
    },
    keep(hash: Hex, value: T): void {
      const id = hash.toLowerCase();
      const json = format.json(value);
      if (kept.get()[id]?.json === json) return;
      kept.update((current) =>
        Object.fromEntries(
          Object.entries({ ...current, [id]: { at: Date.now(), json } })
            .sort(([, a], [, b]) => b.at - a.at)
            .slice(0, MAX_KEPT),
        ),
      );
    },
  };
}
