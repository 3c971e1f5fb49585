import { describe, expect, it } from 'vitest';
import type { ChainRange } from '../src/indexer/fetchRange';
import { nextSpan } from '../src/indexer/indexer';

/** A range whose Safe events sit in the given blocks, `count` logs each. */
function range(blocks: Record<number, number>): ChainRange {
  const safeEvents = Object.entries(blocks).flatMap(([block, count]) =>
    Array.from({ length: count }, () => ({ blockNumber: BigInt(block) })),
  );
  return { creations: [], safeEvents, tokenTransfers: [] } as unknown as ChainRange;
}

describe('nextSpan', () => {
  it('fits the next pass to the busiest block, not to the average', () => {
    // 32 blocks, nearly all empty, the last one full: the average would allow 32 full blocks.
    expect(nextSpan(range({ 40: 2, 63: 800 }), 32n, 2_000n)).toBe(1n);
    expect(nextSpan(range({ 10: 250, 11: 100 }), 32n, 2_000n)).toBe(4n);
  });

  it('at least one block, however busy', () => {
    expect(nextSpan(range({ 5: 5_000 }), 1n, 2_000n)).toBe(1n);
  });

  it('at most doubles while passes are light, up to the batch size', () => {
    expect(nextSpan(range({ 1: 3 }), 64n, 2_000n)).toBe(128n);
    expect(nextSpan(range({}), 1_500n, 2_000n)).toBe(2_000n);
  });
});
