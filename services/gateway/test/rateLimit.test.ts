import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../src/http/rateLimit';

describe('TokenBuckets', () => {
  it('lets a burst of the limit through, then one more per refill interval', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => now);
    const rate = { limit: 3, windowMs: 60_000 };
    expect([1, 2, 3].map(() => buckets.take('a', rate))).toEqual([0, 0, 0]);
    expect(buckets.take('a', rate)).toBe(20_000);
    expect(buckets.take('b', rate)).toBe(0);
    now = 19_999;
    expect(buckets.take('a', rate)).toBe(1);
    now = 20_000;
    expect(buckets.take('a', rate)).toBe(0);
    expect(buckets.take('a', rate)).toBe(20_000);
    // A long pause fills the bucket up to the limit, no more.
    now = 10 * 60_000;
    expect([1, 2, 3].map(() => buckets.take('a', rate))).toEqual([0, 0, 0]);
    expect(buckets.take('a', rate)).toBeGreaterThan(0);
  });
});
