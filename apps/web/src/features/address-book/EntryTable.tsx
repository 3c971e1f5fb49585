import { useEffect, useRef } from 'react';
import { Address, AddressNamesProvider, Badge, IconButton, shortenAddress } from '../../ui';
import type { SortDirection } from './entryList';
import { entryKey } from './entryList';
import { EditIcon, TrashIcon } from './icons';
import type { AddressBookEntry } from './store';
import styles from './EntryTable.module.css';

// Each row names its own address: the names of the chain on screen must not cover another chain's.
const noNames = () => undefined;

type Props = {
  entries: readonly AddressBookEntry[];
  caption: string;
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  /** The chain's name per row, when rows of several chains are shown. */
  chainLabel?: (chainId: string) => string;
  explorerUrl: (entry: AddressBookEntry) => string | null;
  /** How many functions the ABI kept for the entry's contract lists; undefined for none. */
  abiCount?: (entry: AddressBookEntry) => number | undefined;
  onEdit: (entry: AddressBookEntry) => void;
  onRemove: (entry: AddressBookEntry) => void;
  /** The key of the row whose Edit button should take the focus (then `onFocused`). */
  focusedEntry?: string | null;
  onFocused?: () => void;
};

/** The entries as a table: name and address (with copy and explorer link), chain, actions. */
export function EntryTable({
  entries,
  caption,
  sort,
  onSortChange,
  chainLabel,
  explorerUrl,
  abiCount,
  onEdit,
  onRemove,
  focusedEntry,
  onFocused,
}: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (!focusedEntry) return;
    // Keys are `chainId:0x…`: nothing in them needs escaping inside a quoted attribute value.
    body.current
      ?.querySelector<HTMLButtonElement>(`tr[data-key="${focusedEntry}"] [data-testid="edit-entry"]`)
      ?.focus();
    onFocused?.();
  }, [focusedEntry, onFocused]);
  const next: SortDirection = sort === 'ascending' ? 'descending' : 'ascending';
  return (
    <AddressNamesProvider lookup={noNames}>
      <table className={styles.table} data-testid="address-book-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={sort}>
              <button
                type="button"
                className={styles.sort}
                onClick={() => onSortChange(next)}
                title={`Sort by name, ${next === 'ascending' ? 'A to Z' : 'Z to A'}`}
                data-testid="sort-by-name"
              >
                Name
                <span aria-hidden="true" className={styles.arrow}>
                  {sort === 'ascending' ? '↑' : '↓'}
                </span>
              </button>
            </th>
            {chainLabel && (
              <th scope="col" className={styles.chainColumn}>
                Chain
              </th>
            )}
            <th scope="col" className={styles.actionsColumn}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {entries.map((entry) => {
            const label = `${entry.name} (${shortenAddress(entry.address)})`;
            const functions = abiCount?.(entry);
            return (
              <tr
                key={entryKey(entry)}
                data-key={entryKey(entry)}
                data-testid="address-book-entry"
                data-chain-id={entry.chainId}
              >
                <td className={styles.entry}>
                  <Address
                    address={entry.address}
                    name={entry.name}
                    full
                    copy
                    explorerUrl={explorerUrl(entry)}
                    identiconSize={32}
                  />
                  {functions !== undefined && (
                    <span className={styles.abi}>
                      <Badge
                        tone="accent"
                        title="Calls to this contract are decoded with the ABI kept in this entry"
                        testId="entry-abi-badge"
                      >
                        ABI · {functions} {functions === 1 ? 'function' : 'functions'}
                      </Badge>
                    </span>
                  )}
                  {chainLabel && (
                    <span className={styles.chainBelow}>
                      <Badge>{chainLabel(entry.chainId)}</Badge>
                    </span>
                  )}
                </td>
                {chainLabel && (
                  <td className={styles.chainColumn} data-testid="entry-chain">
                    <Badge>{chainLabel(entry.chainId)}</Badge>
                  </td>
                )}
                <td className={styles.actions}>
                  <IconButton label={`Edit ${label}`} onClick={() => onEdit(entry)} data-testid="edit-entry">
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    label={`Remove ${label}`}
                    onClick={() => onRemove(entry)}
                    data-testid="remove-entry"
                  >
                    <TrashIcon />
                  </IconButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </AddressNamesProvider>
  );
}
