import type { SafeInfo } from '@countersign/gateway-api';
import { describe, expect, it } from 'vitest';
import { SafeInfoCache } from '../src/safes/safeInfoCache';

const info = (nonce: number) => ({ nonce }) as unknown as SafeInfo;

describe('SafeInfoCache', () => {
  it('shares one load between the requests of a second', async () => {
    const cache = new SafeInfoCache();
    let loads = 0;
    const load = () => Promise.resolve(info(++loads));
    const [a, b] = await Promise.all([cache.get('1', '0xa', load), cache.get('1', '0xa', load)]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
  });

  it('keeps at most its bound of answers, dropping the one loaded longest ago', async () => {
    const cache = new SafeInfoCache(3);
    let loads = 0;
    const load = () => Promise.resolve(info(++loads));
    for (const safe of ['0xa', '0xb', '0xc', '0xd']) await cache.get('1', safe, load);
    expect(cache.size).toBe(3);
    await cache.get('1', '0xb', load);
    expect(loads).toBe(4);
    // 0xa went first: asked again, it is loaded again.
    await cache.get('1', '0xa', load);
    expect(loads).toBe(5);
    expect(cache.size).toBe(3);
  });

  it('never reuses a failed load, nor lets it drop the answer that replaced it', async () => {
    const cache = new SafeInfoCache();
    let fail!: (error: Error) => void;
    const failing = cache.get('1', '0xa', () => new Promise((_, reject) => (fail = reject)));
    cache.invalidate('1', ['0xa']);
    const fresh = cache.get('1', '0xa', () => Promise.resolve(info(7)));
    fail(new Error('node down'));
    await expect(failing).rejects.toThrow('node down');
    expect(await cache.get('1', '0xa', () => Promise.resolve(info(8)))).toBe(await fresh);
  });
});
