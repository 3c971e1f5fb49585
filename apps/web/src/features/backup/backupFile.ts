import * as z from 'zod/mini';
import { err, ok, type Result } from '../../lib/result';

/**
 * One file of all Countersign keeps in a browser for its user: the address book and contract ABIs,
 * My Safes, batches (and the Transaction Builder files they came from), Safe Apps and their
 * permissions, hidden tokens, the fiat currency, the owner's RPCs, shared transactions and the
 * chosen chain. Wallet sessions and the notification device (which holds a key) stay behind.
 * Entries are kept as the browser stores them; each is read back through its own store's parser,
 * which drops whatever it does not accept.
 */
export const BACKUP_FORMAT = 'countersign/backup';
export const BACKUP_VERSION = 1;

/** What each kept key holds, in the words the restore report uses. */
export const BACKUP_KEYS: Readonly<Record<string, string>> = {
  'countersign.address-book': 'address book',
  'countersign.contract-abis': 'contract ABIs',
  'countersign.my-safes': 'My Safes',
  'countersign.safe-apps': 'Safe Apps and their permissions',
  'countersign.hidden-tokens': 'hidden tokens',
  'countersign.fiat-currency': 'fiat currency',
  'countersign.ownerRpcs': 'your RPCs',
  'countersign.sharedTransactions': 'shared transactions',
  'countersign.sharedMessages': 'shared messages',
  'countersign.chainId': 'chosen chain',
};
/** Batches are one key per Safe: `countersign.batch.<chainId>:<address>` (and `….file`). */
const BATCH_PREFIX = 'countersign.batch.';

export const isBackedUp = (key: string): boolean => key in BACKUP_KEYS || key.startsWith(BATCH_PREFIX);

export const describeKey = (key: string): string =>
  BACKUP_KEYS[key] ??
  (key.endsWith('.file') ? 'a batch’s file name' : `the batch of ${key.slice(BATCH_PREFIX.length)}`);

/** A backup is no larger than this: localStorage itself holds about 5 MiB. */
export const MAX_BACKUP_TEXT = 6 * 1024 * 1024;

export function writeBackup(storage: Pick<Storage, 'length' | 'key' | 'getItem'>, now = new Date()): string {
  const entries: Record<string, string> = {};
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    const value = key === null ? null : storage.getItem(key);
    if (key !== null && value !== null && isBackedUp(key)) entries[key] = value;
  }
  const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify(
    { format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: now.toISOString(), entries: sorted },
    null,
    2,
  );
}

const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exportedAt: z.string(),
  entries: z.record(z.string().check(z.maxLength(200)), z.string()),
});

/** The entries of a backup this version reads (unknown keys left out), or why it cannot be read. */
export function readBackup(text: string): Result<{ exportedAt: string; entries: Record<string, string> }> {
  if (text.length > MAX_BACKUP_TEXT) return err('It is larger than 6 MiB: not a Countersign backup.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('It is not JSON.');
  }
  const parsed = backupSchema.safeParse(raw);
  if (!parsed.success) {
    const format = (raw as { format?: unknown } | null)?.format;
    return err(
      format === BACKUP_FORMAT
        ? 'It is a Countersign backup of a version this app does not read.'
        : 'It is not a Countersign backup.',
    );
  }
  const entries = Object.fromEntries(Object.entries(parsed.data.entries).filter(([key]) => isBackedUp(key)));
  return ok({ exportedAt: parsed.data.exportedAt, entries });
}
