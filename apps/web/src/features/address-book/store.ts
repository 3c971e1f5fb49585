import { useSyncExternalStore } from 'react';
import { getAddress, isAddress } from 'viem';
import { readStoredString, writeStoredString } from '../../lib/storage';

/**
 * The user's address book: names per chain, kept in this browser (localStorage), shared by every
 * tab. Keys are checksummed addresses; names are plain text.
 */
export type AddressBookEntry = { address: string; name: string; chainId: string };
type Book = Record<string, Record<string, string>>;

const STORAGE_KEY = 'countersign.address-book';
export const MAX_NAME_LENGTH = 50;

const listeners = new Set<() => void>();
let cache: { raw: string | null; book: Book } | undefined;

function parse(raw: string | null): Book {
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const book: Book = {};
    for (const [chainId, names] of Object.entries(value as Record<string, unknown>)) {
      if (!/^\d+$/.test(chainId) || typeof names !== 'object' || names === null) continue;
      const entries: Record<string, string> = {};
      for (const [address, name] of Object.entries(names as Record<string, unknown>)) {
        if (typeof name === 'string' && name.trim() !== '' && isAddress(address, { strict: false })) {
          entries[getAddress(address)] = name.slice(0, MAX_NAME_LENGTH);
        }
      }
      book[chainId] = entries;
    }
    return book;
  } catch {
    return {};
  }
}

function read(): Book {
  const raw = readStoredString(STORAGE_KEY);
  if (cache?.raw !== raw) cache = { raw, book: parse(raw) };
  return cache.book;
}

function write(book: Book) {
  writeStoredString(STORAGE_KEY, JSON.stringify(book));
  // Whatever the storage now holds (nothing, where it is unavailable) maps to this book in this tab.
  cache = { raw: readStoredString(STORAGE_KEY), book };
  for (const listener of listeners) listener();
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

export function addressBookEntries(chainId?: string): AddressBookEntry[] {
  const book = read();
  return Object.entries(book)
    .filter(([id]) => chainId === undefined || id === chainId)
    .flatMap(([id, names]) =>
      Object.entries(names).map(([address, name]) => ({ address, name, chainId: id })),
    );
}

export function setAddressName(chainId: string, address: string, name: string): void {
  const book = read();
  write({
    ...book,
    [chainId]: { ...book[chainId], [getAddress(address)]: name.trim().slice(0, MAX_NAME_LENGTH) },
  });
}

export function removeAddressName(chainId: string, address: string): void {
  const book = read();
  const removed = getAddress(address);
  const names = Object.entries(book[chainId] ?? {}).filter(([entry]) => entry !== removed);
  write({ ...book, [chainId]: Object.fromEntries(names) });
}

/** Adds or renames many entries at once (an import): all of them, or none when storage fails. */
export function setAddressNames(entries: readonly AddressBookEntry[]): void {
  const book: Book = { ...read() };
  for (const entry of entries) {
    book[entry.chainId] = { ...book[entry.chainId], [getAddress(entry.address)]: entry.name.trim() };
  }
  write(book);
}
