import * as z from 'zod/mini';
import type { Address, Hex } from 'viem';
import { storedStateFamily, useStoredState } from '../../../lib/storedState';
import type { TxAction, TxDraft } from '../draft';
import type { TxBuilderCall, TxBuilderMeta } from './txBuilderFile';

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
  /** The Transaction Builder entry it was read from, as written: exported back unchanged. */
  entry?: string;
};

const KEY_PREFIX = 'countersign.batch.';

/** One batch per Safe: `countersign.batch.<chainId>:<address in lower case>`. */
export const batchKey = (chainId: string, safe: string) => `${KEY_PREFIX}${chainId}:${safe.toLowerCase()}`;

const MAX_LABEL_LENGTH = 500;
const MAX_ENTRY_LENGTH = 20_000;
const MAX_UINT256 = 2n ** 256n - 1n;

// Bigints are stored as decimal strings; only calls (operation 0) can be batched by MultiSendCallOnly.
const storedItemSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-z-]{1,64}$/)),
  to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  value: z.string().check(z.regex(/^\d{1,78}$/)),
  data: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/)),
  label: z.optional(z.string()),
  entry: z.optional(z.string().check(z.maxLength(MAX_ENTRY_LENGTH))),
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
    ...(item.entry !== undefined && { entry: item.entry }),
  };
}

function toStored({ id, action, entry }: BatchItem): StoredItem {
  return {
    id,
    to: action.to,
    value: action.value.toString(),
    data: action.data,
    ...(action.label !== undefined && { label: action.label }),
    ...(entry !== undefined && { entry }),
  };
}

/** What storage holds, as a batch: empty when nothing readable is there. */
export function parseStoredBatch(stored: unknown): BatchItem[] {
  const batch = storedBatchSchema.safeParse(stored);
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

/** What is kept for a batch; nothing for an empty one, so no key is left behind. */
export const storedBatch = (items: readonly BatchItem[]) =>
  items.length === 0 ? undefined : { version: 1, items: items.map(toStored) };

const batches = storedStateFamily<readonly BatchItem[]>({
  fallback: [],
  parse: parseStoredBatch,
  serialize: storedBatch,
});

function newId(): string {
  // getRandomValues, unlike randomUUID, exists outside secure contexts (a devnet served over http).
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class BatchError extends Error {
  override name = 'BatchError';
}

export function readBatch(chainId: string, safe: string): readonly BatchItem[] {
  return batches(batchKey(chainId, safe)).get();
}

/** Puts a call at the end of the Safe's batch. `stored` is false where storage refused it. */
export function addToBatch(
  chainId: string,
  safe: string,
  action: TxAction,
): { stored: boolean; count: number } {
  if (action.operation === 1)
    throw new BatchError('A delegatecall cannot be batched: MultiSendCallOnly makes calls only.');
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
  const batch = batches(batchKey(chainId, safe));
  const items = [...batch.get(), item];
  return { stored: batch.set(items), count: items.length };
}

/** Moves a call one place up (-1) or down (+1); nothing happens at either end. */
export function moveInBatch(chainId: string, safe: string, id: string, offset: -1 | 1): boolean {
  const batch = batches(batchKey(chainId, safe));
  const items = [...batch.get()];
  const from = items.findIndex((item) => item.id === id);
  const to = from + offset;
  const moved = items[from];
  if (from === -1 || moved === undefined || to < 0 || to >= items.length) return true;
  items.splice(from, 1);
  items.splice(to, 0, moved);
  return batch.set(items);
}

export function removeFromBatch(chainId: string, safe: string, id: string): boolean {
  return batches(batchKey(chainId, safe)).update((items) => items.filter((item) => item.id !== id));
}

export function clearBatch(chainId: string, safe: string): boolean {
  batchFiles(`${batchKey(chainId, safe)}.file`).set(undefined);
  return batches(batchKey(chainId, safe)).set([]);
}

/**
 * The name, description and origin of the Transaction Builder file the batch was read from (kept
 * while the batch holds it): what its export writes back.
 */
const batchFiles = storedStateFamily<TxBuilderMeta | undefined>({
  fallback: undefined,
  parse: z.object({
    name: z.string().check(z.maxLength(500)),
    description: z.optional(z.string().check(z.maxLength(5000))),
    txBuilderVersion: z.optional(z.string().check(z.maxLength(50))),
    createdFromSafeAddress: z.optional(z.string().check(z.maxLength(100))),
    createdFromOwnerAddress: z.optional(z.string().check(z.maxLength(100))),
    createdAt: z.number(),
  }),
});

export const readBatchFile = (chainId: string, safe: string): TxBuilderMeta | undefined =>
  batchFiles(`${batchKey(chainId, safe)}.file`).get();

/**
 * Calls read from a Transaction Builder file, put at the end of the batch; into an empty batch the
 * file's name and description come too.
 */
export function importToBatch(
  chainId: string,
  safe: string,
  calls: readonly TxBuilderCall[],
  meta: TxBuilderMeta,
): { stored: boolean; count: number } {
  const batch = batches(batchKey(chainId, safe));
  const before = batch.get();
  if (before.length === 0) batchFiles(`${batchKey(chainId, safe)}.file`).set(meta);
  const items = [
    ...before,
    ...calls.map(({ action, entry }) => ({
      id: newId(),
      action: { ...action, operation: 0 as const },
      ...(entry.length <= MAX_ENTRY_LENGTH && { entry }),
    })),
  ];
  return { stored: batch.set(items), count: items.length };
}

/** The Safe's batch, re-rendering when it changes in this tab or another. */
export function useBatch(chainId: string, safe: string): readonly BatchItem[] {
  return useStoredState(batches(batchKey(chainId, safe)));
}

export const batchTitle = (count: number) =>
  `Batch of ${count} ${count === 1 ? 'transaction' : 'transactions'}`;

/** One draft for the whole batch, in its order: the review sends several calls as one MultiSend. */
export function batchDraft(items: readonly BatchItem[]): TxDraft {
  return { title: batchTitle(items.length), actions: items.map((item) => item.action) };
}
