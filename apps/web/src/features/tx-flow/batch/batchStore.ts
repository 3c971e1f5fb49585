import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import type { Address, Hex } from 'viem';
import { getLocalStorage, readStoredString, writeStoredString } from '../../../lib/storage';
import type { TxAction, TxDraft } from '../draft';

/**
 * The batch: calls put aside from any form ("Add to batch"), per Safe, in this browser's
 * localStorage, signed later as one MultiSendCallOnly transaction. Every tab sees the same batch.
 * What is read back is checked item by item: a damaged entry (another version of the app, a hand
 * edit) is left out rather than sent.
 */
export type BatchItem = {
  /** Tells identical calls apart while they are reordered. */
  id: string;
  action: TxAction;
};

const KEY_PREFIX = 'countersign.batch.';

/** One batch per Safe: `countersign.batch.<chainId>:<address in lower case>`. */
export const batchKey = (chainId: string, safe: string) => `${KEY_PREFIX}${chainId}:${safe.toLowerCase()}`;

const MAX_LABEL_LENGTH = 500;
const MAX_UINT256 = 2n ** 256n - 1n;

// Bigints are stored as decimal strings; only calls (operation 0) can be batched by MultiSendCallOnly.
const storedItemSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-z-]{1,64}$/)),
  to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  value: z.string().check(z.regex(/^\d{1,78}$/)),
  data: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/)),
  label: z.optional(z.string()),
});
type StoredItem = z.infer<typeof storedItemSchema>;

const storedBatchSchema = z.object({ version: z.literal(1), items: z.array(z.unknown()) });

function fromStored(item: StoredItem): BatchItem | undefined {
  const value = BigInt(item.value);
  if (value > MAX_UINT256) return undefined;
  return {
    id: item.id,
    action: {
      to: item.to as Address,
      value,
      data: item.data as Hex,
      operation: 0,
      ...(item.label !== undefined && { label: item.label.slice(0, MAX_LABEL_LENGTH) }),
    },
  };
}

function toStored({ id, action }: BatchItem): StoredItem {
  return {
    id,
    to: action.to,
    value: action.value.toString(),
    data: action.data,
    ...(action.label !== undefined && { label: action.label }),
  };
}

/** What storage holds, as a batch: empty when nothing or nothing readable is there. */
export function parseStoredBatch(raw: string | null): BatchItem[] {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const batch = storedBatchSchema.safeParse(json);
  if (!batch.success) return [];
  const items: BatchItem[] = [];
  const ids = new Set<string>();
  for (const entry of batch.data.items) {
    const parsed = storedItemSchema.safeParse(entry);
    const item = parsed.success ? fromStored(parsed.data) : undefined;
    if (item === undefined || ids.has(item.id)) continue;
    ids.add(item.id);
    items.push(item);
  }
  return items;
}

export function serializeBatch(items: readonly BatchItem[]): string {
  return JSON.stringify({ version: 1, items: items.map(toStored) });
}

const cache = new Map<string, { raw: string | null; items: readonly BatchItem[] }>();
const listeners = new Set<() => void>();

function read(key: string): readonly BatchItem[] {
  const raw = readStoredString(key);
  const cached = cache.get(key);
  if (cached !== undefined && cached.raw === raw) return cached.items;
  const items = parseStoredBatch(raw);
  cache.set(key, { raw, items });
  return items;
}

/** Keeps `items`; says whether the browser stored them (false: storage full or disabled, this tab only). */
function write(key: string, items: readonly BatchItem[]): boolean {
  let raw: string | null = null;
  if (items.length === 0) {
    try {
      getLocalStorage()?.removeItem(key);
    } catch {
      // Storage disabled: the empty batch holds in this tab.
    }
  } else {
    raw = serializeBatch(items);
    writeStoredString(key, raw);
  }
  const stored = readStoredString(key);
  // Whatever storage now holds maps to these items in this tab, so the screen shows what the user did.
  cache.set(key, { raw: stored, items });
  for (const listener of listeners) listener();
  return stored === raw;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function newId(): string {
  // getRandomValues, unlike randomUUID, exists outside secure contexts (a devnet served over http).
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class BatchError extends Error {
  override name = 'BatchError';
}

export function readBatch(chainId: string, safe: string): readonly BatchItem[] {
  return read(batchKey(chainId, safe));
}

/** Puts a call at the end of the Safe's batch. `stored` is false where storage refused it. */
export function addToBatch(
  chainId: string,
  safe: string,
  action: TxAction,
): { stored: boolean; count: number } {
  if (action.operation === 1)
    throw new BatchError('A delegatecall cannot be batched: MultiSendCallOnly makes calls only.');
  const key = batchKey(chainId, safe);
  const item: BatchItem = {
    id: newId(),
    action: {
      to: action.to,
      value: action.value,
      data: action.data,
      operation: 0,
      ...(action.label !== undefined && { label: action.label.slice(0, MAX_LABEL_LENGTH) }),
    },
  };
  const items = [...read(key), item];
  return { stored: write(key, items), count: items.length };
}

/** Moves a call one place up (-1) or down (+1); nothing happens at either end. */
export function moveInBatch(chainId: string, safe: string, id: string, offset: -1 | 1): boolean {
  const key = batchKey(chainId, safe);
  const items = [...read(key)];
  const from = items.findIndex((item) => item.id === id);
  const to = from + offset;
  const moved = items[from];
  if (from === -1 || moved === undefined || to < 0 || to >= items.length) return true;
  items.splice(from, 1);
  items.splice(to, 0, moved);
  return write(key, items);
}

export function removeFromBatch(chainId: string, safe: string, id: string): boolean {
  const key = batchKey(chainId, safe);
  return write(
    key,
    read(key).filter((item) => item.id !== id),
  );
}

export function clearBatch(chainId: string, safe: string): boolean {
  return write(batchKey(chainId, safe), []);
}

const empty: readonly BatchItem[] = [];

/** The Safe's batch, re-rendering when it changes in this tab or another. */
export function useBatch(chainId: string, safe: string): readonly BatchItem[] {
  const key = batchKey(chainId, safe);
  return useSyncExternalStore(
    subscribe,
    () => read(key),
    () => empty,
  );
}

export const batchTitle = (count: number) =>
  `Batch of ${count} ${count === 1 ? 'transaction' : 'transactions'}`;

/** One draft for the whole batch, in its order: the review sends several calls as one MultiSend. */
export function batchDraft(items: readonly BatchItem[]): TxDraft {
  return { title: batchTitle(items.length), actions: items.map((item) => item.action) };
}
