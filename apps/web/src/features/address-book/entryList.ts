import type { AddressBookEntry } from './store';

/** Searching and sorting the entries on screen. */
export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Whether the entry's name or address holds `query` (any letter case; an address with or without 0x). */
export function matchesSearch(entry: AddressBookEntry, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return true;
  if (entry.name.toLocaleLowerCase().includes(wanted)) return true;
  return entry.address.toLowerCase().includes(wanted);
}

/** By name in the reader's alphabet (numbers in number order), then by address and chain. */
export function sortByName(
  entries: readonly AddressBookEntry[],
  direction: SortDirection,
): AddressBookEntry[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...entries].sort(
    (a, b) =>
      sign * collator.compare(a.name, b.name) ||
      a.address.localeCompare(b.address) ||
      Number(a.chainId) - Number(b.chainId),
  );
}

export const entryKey = (entry: Pick<AddressBookEntry, 'chainId' | 'address'>) =>
  `${entry.chainId}:${entry.address}`;
