import type { SafeInfo } from '@countersign/gateway-api';
import type { Address } from 'viem';
import type { Queryable } from '../store';
import { loadSafeChangeTimes } from './tagStore';

export type SafeTags = Pick<
  SafeInfo,
  'collectiblesTag' | 'txQueuedTag' | 'txHistoryTag' | 'messagesTag' | 'revisions'
>;

const seconds = (ms: string | null) => (ms === null ? null : String(Math.floor(Number(ms) / 1000)));

/**
 * When the Safe's history, queue, collectibles and messages last changed (Unix seconds, as strings):
 * clients compare these to decide what to fetch again.
 */
export async function readSafeTags(
  db: Queryable,
  chainId: string,
  safe: Address,
  nonce: number,
): Promise<SafeTags> {
  const times = await loadSafeChangeTimes(db, chainId, safe, nonce);
  return {
    txHistoryTag: seconds(times.history),
    collectiblesTag: seconds(times.collectibles),
    txQueuedTag: seconds(times.queued),
    messagesTag: seconds(times.messages),
    // Milliseconds and a write count: what the tags round away.
    revisions: {
      ...(times.historyRevision === null ? {} : { txHistoryTag: String(times.historyRevision) }),
      ...(times.queued === null ? {} : { txQueuedTag: String(times.queued) }),
      ...(times.messages === null ? {} : { messagesTag: String(times.messages) }),
    },
  };
}
