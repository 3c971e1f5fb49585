import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChainInfo } from '@countersign/gateway-api';
import { downloadFile } from '../../lib/download';
import {
  AddressBookIcon,
  Button,
  DownloadIcon,
  EmptyState,
  Page,
  PlusIcon,
  SearchField,
  Section,
  UploadIcon,
} from '../../ui';
import { chainExplorer, useChains } from '../chains';
import { useSafe } from '../safe';
import { useSearchParams } from 'react-router';
import type { AbiFunction } from 'viem';
import { parseAddress } from '../../lib/address';
import { contractAbi, setContractAbi, useWholeAbiBook } from './abiStore';
import { ChangeNotice, type Notice } from './ChangeNotice';
import { exportFileName, serialiseAddressBookCsv } from './csv';
import { EntryDialog, type EntryEditor } from './EntryDialog';
import { entryKey, matchesSearch, sortByName, type SortDirection } from './entryList';
import { EntryTable } from './EntryTable';
import { ImportDialog } from './ImportDialog';
import { readImportFile, type ImportOutcome } from './importFile';
import { changesOf, type ImportPlan } from './importPlan';
import { OwnerSuggestions, unnamedSuggestions } from './OwnerSuggestions';
import {
  entriesOf,
  removeAddressName,
  setAddressName,
  setAddressNames,
  useWholeAddressBook,
  type AddressBookEntry,
} from './store';
import { useDialogState } from './useDialogState';
import styles from './AddressBookPage.module.css';

const NOT_SAVED = ' Your browser did not store it: it is kept in this tab only until you close it.';
/** A notice without Undo goes away by itself after this long. */
const NOTICE_MS = 6000;

/**
 * The user's address book: the names of the Safe's chain (or every chain's), searchable and sorted
 * by name; add, rename, remove with Undo; CSV import (all or nothing) and export; and the Safe's
 * unnamed owners offered for naming.
 */
export function AddressBookPage() {
  const { chain, safe } = useSafe();
  const book = useWholeAddressBook();
  const abis = useWholeAbiBook();
  const chainsQuery = useChains();
  const [allChains, setAllChains] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortDirection>('ascending');
  const editor = useDialogState<EntryEditor>();
  const imported = useDialogState<ImportOutcome>();
  const [notice, setNotice] = useState<Notice | null>(null);
  // The row whose Rename button takes the focus once rendered (after an Undo brought it back).
  const [focusedEntry, setFocusedEntry] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);

  const chainsById = useMemo(() => {
    const map = new Map<string, ChainInfo>();
    for (const known of chainsQuery.data ?? []) map.set(known.chainId, known);
    map.set(chain.chainId, chain);
    return map;
  }, [chainsQuery.data, chain]);
  const chainLabel = (chainId: string) => chainsById.get(chainId)?.chainName ?? `Chain ${chainId}`;
  const explorerOf = (chainId: string) => {
    const known = chainsById.get(chainId);
    return (address: string) => (known ? chainExplorer(known).address(address) : null);
  };

  const names = book[chain.chainId] ?? {};
  const allEntries = useMemo(() => entriesOf(book), [book]);
  const scope = useMemo(
    () => (allChains ? allEntries : allEntries.filter((entry) => entry.chainId === chain.chainId)),
    [allChains, allEntries, chain.chainId],
  );
  const shown = useMemo(
    () =>
      sortByName(
        scope.filter((entry) => matchesSearch(entry, search)),
        sort,
      ),
    [scope, search, sort],
  );
  const otherChainsCount = allEntries.length - allEntries.filter((e) => e.chainId === chain.chainId).length;
  const suggestions = unnamedSuggestions(safe, names);

  // `?abi=0x…` (a queued transaction's "add the ABI" link) opens that address's entry at its ABI, or
  // a new entry for it; the parameter is then dropped so Back and a reload do not open it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const abiFor = searchParams.get('abi');
  useEffect(() => {
    if (abiFor === null) return;
    const address = parseAddress(abiFor);
    if (address !== undefined) {
      const name = names[address];
      editor.show(
        name === undefined
          ? { mode: 'add', address }
          : { mode: 'edit', entry: { address, name, chainId: chain.chainId }, focus: 'abi' },
      );
    }
    setSearchParams(
      (params) => {
        params.delete('abi');
        return params;
      },
      { replace: true },
    );
    // Only when the parameter arrives: the names changing later must not reopen the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [abiFor]);

  useEffect(() => {
    // A warning stays until dismissed, and so does an offer to undo.
    if (notice === null || notice.undo || notice.tone !== 'ok') return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  useEffect(() => {
    if (notice?.undo) undoButton.current?.focus();
  }, [notice]);

  const announce = (message: Notice['message'], saved: boolean, undo?: () => void) =>
    setNotice({
      tone: saved ? 'ok' : 'warn',
      message: saved ? (
        message
      ) : (
        <>
          {message}
          {NOT_SAVED}
        </>
      ),
      undo,
    });

  const save = (
    entry: AddressBookEntry,
    previousName: string | undefined,
    abi: readonly AbiFunction[] | undefined | 'unchanged',
  ) => {
    editor.close();
    const previousAbi = contractAbi(entry.chainId, entry.address);
    const abiChanged = abi !== 'unchanged' && JSON.stringify(abi) !== JSON.stringify(previousAbi);
    if (previousName === entry.name && !abiChanged) return;
    let saved = previousName === entry.name || setAddressName(entry.chainId, entry.address, entry.name);
    if (abiChanged) saved = setContractAbi(entry.chainId, entry.address, abi) && saved;
    const abiWords = !abiChanged
      ? ''
      : abi === undefined
        ? ' Its ABI is forgotten.'
        : ` Calls to it are decoded with its ABI of ${abi.length} ${abi.length === 1 ? 'function' : 'functions'}.`;
    announce(
      previousName === undefined ? (
        <>
          Added “<bdi>{entry.name}</bdi>”.{abiWords}
        </>
      ) : previousName === entry.name ? (
        <>
          Saved “<bdi>{entry.name}</bdi>”.{abiWords}
        </>
      ) : (
        <>
          Renamed “<bdi>{previousName}</bdi>” to “<bdi>{entry.name}</bdi>”.{abiWords}
        </>
      ),
      saved,
    );
  };

  const remove = (entry: AddressBookEntry) => {
    // The ABI goes with the name (a contract without an entry would decode under no name), and
    // comes back with it on Undo.
    const abi = contractAbi(entry.chainId, entry.address);
    const saved =
      removeAddressName(entry.chainId, entry.address) &&
      (abi === undefined || setContractAbi(entry.chainId, entry.address, undefined));
    announce(
      <>
        Removed “<bdi>{entry.name}</bdi>”.
      </>,
      saved,
      () => {
        const restored =
          setAddressName(entry.chainId, entry.address, entry.name) &&
          (abi === undefined || setContractAbi(entry.chainId, entry.address, abi));
        announce(
          <>
            Restored “<bdi>{entry.name}</bdi>”.
          </>,
          restored,
        );
        setFocusedEntry(entryKey(entry));
      },
    );
  };

  const chooseFile = () => {
    imported.close();
    fileInput.current?.click();
  };

  const readFile = async (file: File) => imported.show(await readImportFile(file, book));

  const confirmImport = (plan: ImportPlan) => {
    imported.close();
    const saved = setAddressNames(changesOf(plan));
    const count = plan.added.length + plan.renamed.length;
    announce(
      `Imported ${count === 1 ? '1 name' : `${count} names`}: ${plan.added.length} new, ${plan.renamed.length} renamed.`,
      saved,
    );
  };

  const exportAll = () => {
    downloadFile(exportFileName(), serialiseAddressBookCsv(allEntries), 'text/csv;charset=utf-8');
    announce(
      `Exported ${allEntries.length === 1 ? '1 name' : `${allEntries.length} names`} from every chain.`,
      true,
    );
  };

  // A new entry goes to the chain on screen; a renamed one stays on its own.
  const edited = editor.current?.value;
  const editedChainId = edited?.mode === 'edit' ? edited.entry.chainId : chain.chainId;
  const editorChain = chainsById.get(editedChainId) ?? {
    chainId: editedChainId,
    chainName: chainLabel(editedChainId),
    shortName: '',
  };

  const abiCount = (entry: AddressBookEntry) => abis[entry.chainId]?.[entry.address]?.length;

  const scopeLabel = allChains ? 'every chain' : chain.chainName;
  const caption = `Names on ${scopeLabel}, sorted by name ${sort === 'ascending' ? 'A to Z' : 'Z to A'}`;

  return (
    <Page
      title="Address book"
      description="Your names for addresses, kept in this browser. They show wherever an address appears, over the names the gateway sends."
      testId="address-book-page"
      actions={
        <>
          <Button
            variant="primary"
            icon={<PlusIcon />}
            onClick={() => editor.show({ mode: 'add' })}
            data-testid="add-entry"
          >
            Add entry
          </Button>
          <Button icon={<UploadIcon />} onClick={chooseFile} data-testid="import-csv">
            Import CSV
          </Button>
          <Button
            icon={<DownloadIcon />}
            onClick={exportAll}
            disabled={allEntries.length === 0}
            title="Every chain's names, as address,name,chainId"
            data-testid="export-csv"
          >
            Export CSV
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void readFile(file);
            }}
            data-testid="import-file"
          />
        </>
      }
    >
      <Section
        title={
          <>
            {allChains ? 'All chains' : chain.chainName}{' '}
            <span className={styles.count} data-testid="entry-count">
              {scope.length}
            </span>
          </>
        }
        id="entries"
      >
        <div className={styles.toolbar}>
          <SearchField
            label="Search names and addresses"
            placeholder="Search by name or address"
            value={search}
            onChange={setSearch}
            testId="address-book-search"
          />
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={allChains}
              onChange={(event) => setAllChains(event.target.checked)}
              data-testid="all-chains"
            />
            Show every chain
          </label>
        </div>
        {scope.length === 0 ? (
          <EmptyState
            icon={<AddressBookIcon size={32} />}
            title={allChains ? 'Your address book is empty' : `No names on ${chain.chainName} yet`}
            action={
              <span className={styles.emptyActions}>
                <Button variant="primary" onClick={() => editor.show({ mode: 'add' })}>
                  Add entry
                </Button>
                <Button onClick={chooseFile}>Import CSV</Button>
              </span>
            }
          >
            Name the addresses you deal with, or import a CSV file (address,name,chainId) exported from
            Countersign or Safe{'{'}Wallet{'}'}.
            {!allChains && otherChainsCount > 0 && (
              <>
                {' '}
                You have {otherChainsCount === 1 ? '1 name' : `${otherChainsCount} names`} on other chains:{' '}
                <button type="button" className={styles.linkButton} onClick={() => setAllChains(true)}>
                  show every chain
                </button>
                .
              </>
            )}
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState
            icon={<AddressBookIcon size={32} />}
            title="No entry matches your search"
            testId="no-match"
            action={<Button onClick={() => setSearch('')}>Clear search</Button>}
          >
            Nothing on {scopeLabel} has “<bdi className={styles.query}>{search.trim()}</bdi>” in its name or
            address.
          </EmptyState>
        ) : (
          <EntryTable
            entries={shown}
            caption={caption}
            sort={sort}
            onSortChange={setSort}
            chainLabel={allChains ? chainLabel : undefined}
            explorerUrl={(entry) => explorerOf(entry.chainId)(entry.address)}
            abiCount={abiCount}
            onEdit={(entry) => editor.show({ mode: 'edit', entry })}
            onRemove={remove}
            focusedEntry={focusedEntry}
            onFocused={() => setFocusedEntry(null)}
          />
        )}
      </Section>

      <OwnerSuggestions
        suggestions={suggestions}
        explorerUrl={explorerOf(chain.chainId)}
        onName={(suggestion) =>
          editor.show({
            mode: 'add',
            address: suggestion.address,
            suggestedName: suggestion.gatewayName ?? '',
          })
        }
      />

      {editor.current && (
        <EntryDialog
          key={editor.current.key}
          open={editor.current.open}
          editor={editor.current.value}
          chain={editorChain}
          names={book[editorChain.chainId] ?? {}}
          abis={abis[editorChain.chainId] ?? {}}
          explorerUrl={explorerOf(editorChain.chainId)}
          onSave={save}
          onClose={editor.close}
        />
      )}
      {imported.current && (
        <ImportDialog
          key={imported.current.key}
          open={imported.current.open}
          outcome={imported.current.value}
          chainLabel={chainLabel}
          onConfirm={confirmImport}
          onChooseAnother={chooseFile}
          onClose={imported.close}
        />
      )}
      <ChangeNotice ref={undoButton} notice={notice} onDismiss={() => setNotice(null)} />
    </Page>
  );
}
