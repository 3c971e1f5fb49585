import type { AddressBook, AddressBookEntry } from './store';

/** What an import changes in the address book, for the preview before it is confirmed. */
export type ImportPlan = {
  added: AddressBookEntry[];
  renamed: (AddressBookEntry & { previousName: string })[];
  /** Already in the book with the same name: importing them changes nothing. */
  unchanged: AddressBookEntry[];
};

export function planImport(entries: readonly AddressBookEntry[], book: Readonly<AddressBook>): ImportPlan {
  const plan: ImportPlan = { added: [], renamed: [], unchanged: [] };
  for (const entry of entries) {
    const previousName = book[entry.chainId]?.[entry.address];
    if (previousName === undefined) plan.added.push(entry);
    else if (previousName === entry.name) plan.unchanged.push(entry);
    else plan.renamed.push({ ...entry, previousName });
  }
  return plan;
}

/** The entries an import writes: the new ones and the renamed ones. */
export function changesOf(plan: ImportPlan): AddressBookEntry[] {
  return [...plan.added, ...plan.renamed.map(({ address, name, chainId }) => ({ address, name, chainId }))];
}
