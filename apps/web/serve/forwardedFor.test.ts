import { describe, expect, it } from 'vitest';
import { forwardedFor, MAX_FORWARDED_HOPS } from './forwardedFor';

describe('forwardedFor', () => {
  it('passes on the hops that reached the server, then the peer it heard', () => {
    expect(forwardedFor(undefined, '203.0.113.7')).toBe('203.0.113.7');
    expect(forwardedFor('198.51.100.1, 10.0.0.2', '10.0.0.3')).toBe('198.51.100.1, 10.0.0.2, 10.0.0.3');
    expect(forwardedFor('2001:db8::1', '::ffff:127.0.0.1')).toBe('2001:db8::1, ::ffff:127.0.0.1');
  });

  it('drops what is not an address, and keeps only the nearest hops of a long list', () => {
    expect(forwardedFor('<script>, 198.51.100.1,, unknown', '10.0.0.3')).toBe('198.51.100.1, 10.0.0.3');
    const many = Array.from({ length: 100 }, (_, i) => `192.0.2.${i}`).join(', ');
    const kept = forwardedFor(many, '10.0.0.3')?.split(', ');
    expect(kept).toHaveLength(MAX_FORWARDED_HOPS);
    expect(kept?.at(-1)).toBe('10.0.0.3');
    expect(kept?.at(-2)).toBe('192.0.2.99');
  });

  it('names no one when there is no one to name', () => {
    expect(forwardedFor(undefined, undefined)).toBeUndefined();
    expect(forwardedFor(' , nonsense', undefined)).toBeUndefined();
  });
});
