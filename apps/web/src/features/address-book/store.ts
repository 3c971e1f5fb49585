import { useSyncExternalStore } from 'react';
import { parseAddress } from '../../lib/address';
import { readStoredString, writeStoredString } from '../../lib/storage';

/**
 * The user's address book: names per chain, kept in this browser (localStorage), shared by every
 * tab. Keys are checksummed addresses; names are plain text.
 */
export type AddressBookEntry = { address: string; name: string; chainId: string };
export type AddressBook = Record<string, Record<string, string>>;

/** An address the caller has checked, checksummed (a wrong one is a bug, not user input). */
function checksum(address: string): string {
  const checksummed = parseAddress(address);
  if (checksummed === undefined) throw new Error(`Not an address: ${address}`);
  return checksummed;
}

const STORAGE_KEY = 'countersign.address-book';
export const MAX_NAME_LENGTH = 50;

const listeners = new Set<() => void>();
let cache: { raw: string | null; book: AddressBook } | undefined;

function parse(raw: string | null): AddressBook {
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const book: AddressBook = {};
    for (const [chainId, names] of Object.entries(value as Record<string, unknown>)) {
      if (!/^\d+$/.test(chainId) || typeof names !== 'object' || names === null) continue;
      const entries: Record<string, string> = {};
      for (const [address, name] of Object.entries(names as Record<string, unknown>)) {
        const checksummed = parseAddress(address);
        if (typeof name === 'string' && name.trim() !== '' && checksummed !== undefined) {
          entries[checksummed] = name.slice(0, MAX_NAME_LENGTH);
        }
      }
      book[chainId] = entries;
    }
    return book;
  } catch {
    return {};
  }
}

function read(): AddressBook {
  const raw = readStoredString(STORAGE_KEY);
  if (cache?.raw !== raw) cache = { raw, book: parse(raw) };
  return cache.book;
}

/** Keeps `book`; says whether the browser stored it (false: full or disabled storage, this tab only). */
function write(book: AddressBook): boolean {
  const raw = JSON.stringify(book);
  writeStoredString(STORAGE_KEY, raw);
  const stored = readStoredString(STORAGE_KEY);
  // Whatever the storage now holds (nothing, where it is unavailable) maps to this book in this tab.
  cache = { raw: stored, book };
  for (const listener of listeners) listener();
  return stored === raw;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const empty: Record<string, string> = {};

/** The names of one chain, by checksummed address; re-renders when they change (in any tab). */
export function useAddressBook(chainId: string): Record<string, string> {
  return useSyncExternalStore(
    subscribe,
    () => read()[chainId] ?? empty,
    () => empty,
  );
}

const emptyBook: AddressBook = {};

/** Every chain's names, by chain id then checksummed address; re-renders when they change. */
export function useWholeAddressBook(): Readonly<AddressBook> {
  return useSyncExternalStore(subscribe, read, () => emptyBook);
}

export function addressBookEntries(chainId?: string): AddressBookEntry[] {
  return entriesOf(read(), chainId);
}

/** The entries of `book` (of one chain, or of all), flat. */
export function entriesOf(book: Readonly<AddressBook>, chainId?: string): AddressBookEntry[] {
  return Object.entries(book)
    .filter(([id]) => chainId === undefined || id === chainId)
    .flatMap(([id, names]) =>
      Object.entries(names).map(([address, name]) => ({ address, name, chainId: id })),
    );
}

export function setAddressName(chainId: string, address: string, name: string): boolean {
  const book = read();
  return write({
    ...book,
    [chainId]: { ...book[chainId], [checksum(address)]: name.trim().slice(0, MAX_NAME_LENGTH) },
  });
}

export function removeAddressName(chainId: string, address: string): boolean {
  const book = read();
  const removed = checksum(address);
  const names = Object.entries(book[chainId] ?? {}).filter(([entry]) => entry !== removed);
  return write({ ...book, [chainId]: Object.fromEntries(names) });
}

/** Adds or renames many entries at once (an import): all of them, or none when storage fails. */
export function setAddressNames(entries: readonly AddressBookEntry[]): boolean {
  const book: AddressBook = { ...read() };
  for (const entry of entries) {
    book[entry.chainId] = {
      ...book[entry.chainId],
      [checksum(entry.address)]: entry.name.trim().slice(0, MAX_NAME_LENGTH),
    };
  }
  return write(book);
}
