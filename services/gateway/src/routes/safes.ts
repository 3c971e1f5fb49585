import { Hono } from 'hono';
import type { ChainRegistry } from '../chains/registry';
import { parseAddressParam } from '../http/params';
import { requireSafe } from '../safes/requireSafe';
import { toSafeInfo } from '../safes/safeInfo';
import { readSafeTags } from '../safes/safeTags';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import type { SafeTracker } from '../safes/safeTracker';
import { requireChain } from './chains';

export function safeRoutes(chains: ChainRegistry, db: Database, cache: SafeInfoCache, track: SafeTracker) {
  return new Hono().get('/v1/chains/:chainId/safes/:address', async (c) => {
    const address = parseAddressParam(c.req.param('address'), 'address');
    const chain = requireChain(chains, c.req.param('chainId'));
    const info = await cache.get(chain.config.chainId, address, async () => {
      const state = await requireSafe(chain, address);
      const tags = await readSafeTags(db, chain.config.chainId, address, state.nonce);
      return toSafeInfo(state, chain.config, tags);
    });
    track(chain.config.chainId, address);
    return c.json(info);
  });
}
