import { describe, expect, it } from 'vitest';
import { ipv6Groups, networkKey } from '../src/http/clientNetwork';
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

describe('TokenBuckets past their bound', () => {
  it('forgets the bucket used longest ago, one for each new one, and keeps the recent ones', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => now, 3);
    const rate = { limit: 1, windowMs: 60_000 };
    for (const key of ['a', 'b', 'c']) expect(buckets.take(key, rate)).toBe(0);
    now = 1;
    // a is used again: b is now the one used longest ago.
    expect(buckets.take('a', rate)).toBeGreaterThan(0);
    expect(buckets.take('d', rate)).toBe(0);
    expect(buckets.size).toBe(3);
    // b was forgotten (a fresh bucket); a and c were kept (still empty).
    expect(buckets.take('b', rate)).toBe(0);
    expect(buckets.take('a', rate)).toBeGreaterThan(0);
    expect(buckets.size).toBe(3);
  });

  it('holds many clients within its bound', () => {
    const buckets = new TokenBuckets(Date.now, 1_000);
    for (let i = 0; i < 20_000; i++) buckets.take(`client ${i}`, { limit: 10, windowMs: 60_000 });
    expect(buckets.size).toBe(1_000);
  });
});

describe('networkKey', () => {
  it('keys IPv4 by address and IPv6 by its prefix, whatever its spelling', () => {
    expect(networkKey('10.0.0.1')).toBe('10.0.0.1');
    const key = '2001:db8:1:2:0:0:0:0/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2::10.0.0.1',
      'fe80::1%eth0'.replace('fe80', '2001:db8:1:2'),
    ])
      expect(networkKey(address), address).toBe(key);
    expect(networkKey('2001:db8:1:3::1')).not.toBe(key);
    expect(networkKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1:0:0:0:0:0/48');
    expect(networkKey('2001:db8:1:2::1', 56)).toBe('2001:db8:1:0:0:0:0:0/56');
    expect(networkKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(networkKey('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128');
  });

  it('leaves what is not an IPv6 address as it is', () => {
    for (const text of ['no-socket', '1:2:3', '1::2::3', '2001:db8::1:2:3:4:5:6:7', 'gggg::1', '::300.1.1.1'])
      expect(ipv6Groups(text), text).toBeUndefined();
    expect(networkKey('no-socket')).toBe('no-socket');
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
