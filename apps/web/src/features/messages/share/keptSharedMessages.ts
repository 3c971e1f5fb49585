import type { Hex } from 'viem';
import { keptByHash } from '../../../lib/keptByHash';
import { parseSharedMessageJson, sharedMessageJson, type SharedMessage } from './sharedMessage';

/** The shared messages this browser has opened, by SafeMessage hash, with every signature that counted. */
const kept = keptByHash<SharedMessage>('countersign.sharedMessages', {
  json: sharedMessageJson,
  parse: parseSharedMessageJson,
});

export const keptSharedMessage = (safeMessageHash: Hex): SharedMessage | undefined =>
  kept.get(safeMessageHash);

export const keepSharedMessage = (shared: SharedMessage & { safeMessageHash: Hex }): void =>
  kept.keep(shared.safeMessageHash, shared);
