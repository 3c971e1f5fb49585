import { Hono } from 'hono';
import type { ChainRegistry } from '../chains/registry';
import { safeInPath } from '../http/resolve';
import { requireSafe } from '../safes/requireSafe';
import { toSafeInfo } from '../safes/safeInfo';
import { readSafeTags } from '../safes/safeTags';
import { readIndexingNotices } from '../safes/indexingNotice';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import type { SafeTracker } from '../safes/safeTracker';

export function safeRoutes(chains: ChainRegistry, db: Database, cache: SafeInfoCache, track: SafeTracker) {
  return new Hono().get('/v1/chains/:chainId/safes/:address', safeInPath(chains, 'address'), async (c) => {
    const { chain, safe } = c.var;
    const info = await cache.get(chain.config.chainId, safe, async () => {
      // SafeInfo lists the modules, so it alone reads past their first page.
      const state = await requireSafe(chain, safe, { allModules: true });
      const [tags, notices] = await Promise.all([
        readSafeTags(db, chain.config.chainId, safe, state.nonce),
        readIndexingNotices(db, chain.config.chainId, safe),
      ]);
      return { ...toSafeInfo(state, chain.config, tags), ...notices };
    });
    track(chain.config.chainId, safe);
    return c.json(info);
  });
}
