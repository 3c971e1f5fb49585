import type { SafeInfo } from '@countersign/gateway-api';
import type { Address } from 'viem';
import type { ServedChain } from '../chains/registry';
import { HttpError } from '../http/errors';
import type { Database } from '../store';
import type { SafeNow } from '../transactions/summaries/context';
import { readIndexingNotices } from './indexingNotice';
import { requireSafe } from './requireSafe';
import type { SafeInfoCache } from './safeInfoCache';
import { toSafeInfo } from './safeInfo';
import { readSafeTags } from './safeTags';

/** The SafeInfo answer, through the cache: 404 when there is no Safe, 503 when the node does not answer. */
export function cachedSafeInfo(
  cache: SafeInfoCache,
  db: Database,
  chain: ServedChain,
  safe: Address,
): Promise<SafeInfo> {
  return cache.get(chain.config.chainId, safe, async () => {
    // SafeInfo lists the modules, so it alone reads past their first page.
    const state = await requireSafe(chain, safe, { allModules: true });
    const [tags, notices] = await Promise.all([
      readSafeTags(db, chain.config.chainId, safe, state.nonce),
      readIndexingNotices(db, chain.config.chainId, safe),
    ]);
    return { ...toSafeInfo(state, chain.config, tags), ...notices };
  });
}

/**
 * The Safe's nonce, threshold and owners as its SafeInfo has them. A page asks for SafeInfo and its
 * lists together, so the lists take the chain read SafeInfo makes (or made within the second)
 * instead of making their own: the home's queue no longer costs a chain call. An address with no
 * Safe has an empty state (a list of nothing), as when the chain is read directly.
 */
export async function cachedSafeNow(
  cache: SafeInfoCache,
  db: Database,
  chain: ServedChain,
  safe: Address,
): Promise<SafeNow> {
  try {
    const info = await cachedSafeInfo(cache, db, chain, safe);
    // Addresses this gateway wrote itself, checksummed, from the chain's answer.
    const owners = info.owners.map((owner) => owner.value as Address);
    return { nonce: info.nonce, threshold: info.threshold, owners };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { nonce: 0, threshold: 0, owners: [] };
    throw error;
  }
}
