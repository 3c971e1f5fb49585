// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { dehydrate } from '@tanstack/react-query';
import { persisted } from '../lib/persistence';
import { createAppQueryClient } from '../lib/queryClient';
import { startCachePersistence } from './queryClient';

const KEY = 'countersign.query-cache';
const gatewayUrl = 'http://127.0.0.1:8787';

async function savedCache(buster: string, timestamp = Date.now()) {
  const source = createAppQueryClient();
  await source.fetchQuery({ queryKey: ['safe-info'], queryFn: () => ({ nonce: 8 }), meta: persisted });
  localStorage.setItem(KEY, JSON.stringify({ buster, timestamp, clientState: dehydrate(source) }));
}

describe('the saved query cache at start', () => {
  afterEach(() => localStorage.clear());

  it('is in the client before anything renders (no await between)', async () => {
    await savedCache(`2|${gatewayUrl}`);
    const client = createAppQueryClient();
    const stop = startCachePersistence(client, gatewayUrl);
    expect(client.getQueryData(['safe-info'])).toEqual({ nonce: 8 });
    stop();
  });

  it('is dropped when it comes from another gateway or is too old', async () => {
    for (const [buster, timestamp] of [
      ['2|http://127.0.0.1:9999', Date.now()],
      [`2|${gatewayUrl}`, Date.now() - 2 * 24 * 60 * 60 * 1000],
    ] as const) {
      await savedCache(buster, timestamp);
      const client = createAppQueryClient();
      startCachePersistence(client, gatewayUrl)();
      expect(client.getQueryData(['safe-info'])).toBeUndefined();
      expect(localStorage.getItem(KEY)).toBeNull();
    }
  });

  it('starts empty from a saved value that is not JSON', () => {
    localStorage.setItem(KEY, '{broken');
    const client = createAppQueryClient();
    startCachePersistence(client, gatewayUrl)();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
