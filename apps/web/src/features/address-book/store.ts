import { parseAddress } from '../../lib/address';
import { storedState, useStoredState } from '../../lib/storedState';

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

function parse(stored: unknown): AddressBook | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const book: AddressBook = {};
  for (const [chainId, names] of Object.entries(stored as Record<string, unknown>)) {
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
}

const addressBook = storedState<AddressBook>(STORAGE_KEY, { fallback: {}, parse });
const empty: Record<string, string> = {};

/** The names of one chain, by checksummed address; re-renders when they change (in any tab). */
export function useAddressBook(chainId: string): Record<string, string> {
  return useStoredState(addressBook, (book) => book[chainId] ?? empty);
}

/** Every chain's names, by chain id then checksummed address; re-renders when they change. */
export function useWholeAddressBook(): Readonly<AddressBook> {
  return useStoredState(addressBook);
}

export function addressBookEntries(chainId?: string): AddressBookEntry[] {
  return entriesOf(addressBook.get(), chainId);
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
  return addressBook.update((book) => ({
    ...book,
    [chainId]: { ...book[chainId], [checksum(address)]: name.trim().slice(0, MAX_NAME_LENGTH) },
  }));
}

export function removeAddressName(chainId: string, address: string): boolean {
  const removed = checksum(address);
  return addressBook.update((book) => {
    const names = Object.entries(book[chainId] ?? {}).filter(([entry]) => entry !== removed);
    return { ...book, [chainId]: Object.fromEntries(names) };
  });
}

/** Adds or renames many entries at once (an import): all of them, or none when storage fails. */
export function setAddressNames(entries: readonly AddressBookEntry[]): boolean {
  const book: AddressBook = { ...addressBook.get() };
  for (const entry of entries) {
    book[entry.chainId] = {
      ...book[entry.chainId],
      [checksum(entry.address)]: entry.name.trim().slice(0, MAX_NAME_LENGTH),
    };
  }
  return addressBook.set(book);
}
