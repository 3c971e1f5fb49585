import { Hono } from 'hono';
import type { ChainRegistry } from '../chains/registry';
import { safeInPath } from '../http/resolve';
import { cachedSafeInfo } from '../safes/cachedSafeInfo';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import type { SafeTracker } from '../safes/safeTracker';

export function safeRoutes(chains: ChainRegistry, db: Database, cache: SafeInfoCache, track: SafeTracker) {
  return new Hono().get('/v1/chains/:chainId/safes/:address', safeInPath(chains, 'address'), async (c) => {
    const { chain, safe } = c.var;
    const info = await cachedSafeInfo(cache, db, chain, safe);
    track(chain.config.chainId, safe);
    return c.json(info);
  });
}
