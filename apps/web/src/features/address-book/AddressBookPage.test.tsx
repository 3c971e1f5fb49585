import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafe, teamSafeAddress, renderSafePage } from '../../testing';
import { chainKeys } from '../chains';
import { AddressBookPage } from './pages';
import { contractAbi, setContractAbi } from './abiStore';
import { addressBookEntries, setAddressName, setAddressNames } from './store';

const mainnet: ChainInfo = {
  ...devnetChain,
  chainId: '1',
  chainName: 'Ethereum',
  shortName: 'eth',
  blockExplorerUriTemplate: {
    address: 'http://127.0.0.1:4000/address/{{address}}',
    txHash: 'http://127.0.0.1:4000/tx/{{txHash}}',
    api: 'http://127.0.0.1:4000/api',
  },
};

const [ownerA, ownerB, ownerC] = teamSafe.owners.map((owner) => owner.value) as [string, string, string];

function open(path?: string) {
  const user = userEvent.setup({ applyAccept: false });
  // The gateway's chains, as loaded already.
  renderSafePage(<AddressBookPage />, {
    seed: (client) => client.setQueryData(chainKeys.all, [devnetChain, mainnet]),
    ...(path === undefined ? {} : { path }),
  });
  return user;
}

const vaultAbi = JSON.stringify([
  {
    type: 'function',
    name: 'deposit',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'assets', type: 'uint256' },
      { name: 'receiver', type: 'address' },
    ],
  },
  { type: 'function', name: 'totalAssets', stateMutability: 'view', inputs: [] },
]);

const rows = () => screen.queryAllByTestId('address-book-entry');
const rowNames = () => rows().map((row) => within(row).getByTestId('address-name').textContent);

beforeEach(() => {
  localStorage.clear();
});

describe('Address book: the list', () => {
  it('shows the chain’s entries sorted by name, with the full address, copy and explorer link', async () => {
    setAddressNames([
      { address: ownerB, name: 'Bob', chainId: '1337' },
      { address: ownerA, name: 'alice', chainId: '1337' },
      { address: ownerC, name: 'Carol on mainnet', chainId: '1' },
    ]);
    const user = open();
    expect(rowNames()).toEqual(['alice', 'Bob']);
    const first = rows()[0]!;
    expect(within(first).getByTestId('address-value')).toHaveTextContent(ownerA);
    expect(within(first).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      `http://127.0.0.1:5173/explorer/address/${ownerA}`,
    );
    expect(screen.getByTestId('entry-count')).toHaveTextContent('2');

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByTestId('sort-by-name'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(rowNames()).toEqual(['Bob', 'alice']);
  });

  it('shows every chain’s entries with their chain when asked', async () => {
    setAddressNames([
      { address: ownerA, name: 'Alice', chainId: '1337' },
      { address: ownerC, name: 'Carol', chainId: '1' },
      { address: ownerB, name: 'Bob', chainId: '10' },
    ]);
    const user = open();
    expect(rowNames()).toEqual(['Alice']);
    await user.click(screen.getByRole('switch', { name: 'Show every chain' }));
    expect(rowNames()).toEqual(['Alice', 'Bob', 'Carol']);
    expect(screen.getAllByTestId('entry-chain').map((cell) => cell.textContent)).toEqual([
      'Countersign Devnet',
      'Chain 10',
      'Ethereum',
    ]);
    // Each row links to its own chain's explorer (none for a chain the gateway does not serve).
    const carol = rows()[2]!;
    expect(within(carol).getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      `http://127.0.0.1:4000/address/${ownerC}`,
    );
    expect(within(rows()[1]!).queryByRole('link')).toBeNull();
  });

  it('searches by name or address, and says when nothing matches', async () => {
    setAddressNames([
      { address: ownerA, name: 'Alice', chainId: '1337' },
      { address: ownerB, name: 'Bob', chainId: '1337' },
    ]);
    const user = open();
    const search = screen.getByRole('searchbox', { name: 'Search names and addresses' });
    await user.type(search, 'ali');
    expect(rowNames()).toEqual(['Alice']);
    await user.clear(search);
    await user.type(search, ownerB.slice(-6).toLowerCase());
    expect(rowNames()).toEqual(['Bob']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByTestId('no-match')).toHaveTextContent('Nothing on Countersign Devnet has “zzz”');
    await user.click(within(screen.getByTestId('no-match')).getByRole('button', { name: 'Clear search' }));
    expect(rowNames()).toEqual(['Alice', 'Bob']);
  });

  it('says what to do when the chain has no names, and mentions the other chains', async () => {
    setAddressName('1', ownerA, 'Alice');
    open();
    const empty = screen.getByTestId('empty-state');
    expect(empty).toHaveTextContent('No names on Countersign Devnet yet');
    expect(empty).toHaveTextContent('You have 1 name on other chains');
  });

  it('renders a hostile name as text', () => {
    const hostile = '<img src=x onerror=alert(1)>\u202Eevil';
    setAddressName('1337', ownerA, hostile);
    open();
    expect(within(rows()[0]!).getByTestId('address-name')).toHaveTextContent(hostile);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('Address book: add, rename, remove', () => {
  it('adds an entry by keyboard alone, checksumming the address', async () => {
    const user = open();
    await user.click(screen.getByTestId('add-entry'));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    expect(within(dialog).getByLabelText('Address')).toHaveFocus();
    await user.keyboard(ownerB.toLowerCase());
    await user.tab();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.keyboard('  Bob the signer  ');
    // The ABI, Cancel, then Add entry (the browser's Enter in a field is checked end to end).
    await user.tab();
    expect(within(dialog).getByLabelText('Contract ABI (optional)')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByTestId('entry-save')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(addressBookEntries('1337')).toEqual([
      { address: ownerB, name: 'Bob the signer', chainId: '1337' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rowNames()).toEqual(['Bob the signer']);
    expect(screen.getByTestId('change-notice')).toHaveTextContent('Added “Bob the signer”.');
  });

  it('ties each error to its field and saves nothing until both are valid', async () => {
    const user = open();
    await user.click(screen.getByTestId('add-entry'));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    const address = within(dialog).getByLabelText('Address');
    const name = within(dialog).getByLabelText('Name');
    await user.type(address, '0x1234');
    await user.type(name, 'x'.repeat(51));
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(
      'Not a valid address (0x followed by 40 hexadecimal characters).',
    );
    expect(address).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('The name is longer than 50 characters (51).');
    expect(addressBookEntries()).toEqual([]);

    await user.clear(address);
    await user.type(address, ownerA);
    expect(address).toHaveAttribute('aria-invalid', 'false');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(name).toHaveAccessibleDescription('The name is empty.');
    expect(name).toHaveFocus();
    expect(addressBookEntries()).toEqual([]);
  });

  it('says when an address already has a name and offers to rename it', async () => {
    setAddressName('1337', ownerA, 'Alice');
    const user = open();
    await user.click(screen.getByTestId('add-entry'));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    await user.type(within(dialog).getByLabelText('Address'), ownerA.toUpperCase().replace('0X', '0x'));
    expect(within(dialog).getByTestId('entry-existing')).toHaveTextContent(
      'Already in your address book as “Alice”. Saving renames it.',
    );
    expect(within(dialog).getByTestId('entry-save')).toHaveTextContent('Rename');
    await user.type(within(dialog).getByLabelText('Name'), 'Alice (ops)');
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(addressBookEntries('1337')).toEqual([{ address: ownerA, name: 'Alice (ops)', chainId: '1337' }]);
    expect(screen.getByTestId('change-notice')).toHaveTextContent('Renamed “Alice” to “Alice (ops)”.');
  });

  it('warns, without refusing, of an address that looks like a named entry or an owner', async () => {
    setAddressName('1337', ownerA, 'Alice');
    const user = open();
    await user.click(screen.getByTestId('add-entry'));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    const address = within(dialog).getByLabelText('Address');
    const imitation = (of: string) => `${of.slice(0, 6)}${'0'.repeat(32)}${of.slice(-4)}`;
    await user.click(address);
    await user.paste(imitation(ownerA));
    expect(within(dialog).getByTestId('entry-lookalike')).toHaveTextContent(
      `Looks like “Alice” (${ownerA.slice(0, 6)}…${ownerA.slice(-4)}) but is a different address. Check every character.`,
    );
    await user.clear(address);
    await user.paste(imitation(teamSafe.owners[2]!.value));
    expect(within(dialog).getByTestId('entry-lookalike')).toHaveTextContent('Looks like the owner');
    await user.type(within(dialog).getByLabelText('Name'), 'Lookalike');
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(addressBookEntries('1337')).toHaveLength(2);
  });

  it('renames an entry', async () => {
    setAddressName('1337', ownerA, 'Alice');
    const user = open();
    await user.click(screen.getByRole('button', { name: /^Edit Alice/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit entry' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Alice');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.keyboard('Alicia');
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(rowNames()).toEqual(['Alicia']);
    expect(addressBookEntries('1337')).toEqual([{ address: ownerA, name: 'Alicia', chainId: '1337' }]);
  });

  it('removes an entry with Undo, which puts it back', async () => {
    setAddressNames([
      { address: ownerA, name: 'Alice', chainId: '1337' },
      { address: ownerB, name: 'Bob', chainId: '1337' },
    ]);
    const user = open();
    await user.click(screen.getByRole('button', { name: /^Remove Alice/ }));
    expect(rowNames()).toEqual(['Bob']);
    expect(addressBookEntries('1337')).toHaveLength(1);
    expect(screen.getByTestId('change-notice')).toHaveTextContent('Removed “Alice”.');
    // Focus moves to Undo, so the keyboard can take it back at once.
    await waitFor(() => expect(screen.getByTestId('undo-remove')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(rowNames()).toEqual(['Alice', 'Bob']);
    expect(screen.getByTestId('change-notice')).toHaveTextContent('Restored “Alice”.');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Edit Alice/ })).toHaveFocus());
  });

  it('offers the Safe and its unnamed owners for naming, prefilled', async () => {
    setAddressName('1337', ownerA, 'Alice');
    const user = open();
    const suggestions = screen.getAllByTestId('owner-suggestion');
    expect(
      suggestions.map((item) => within(item).getByTestId('address-value').getAttribute('title')),
    ).toEqual([teamSafeAddress, ownerB, ownerC]);
    await user.click(within(suggestions[1]!).getByRole('button', { name: /^Name this owner/ }));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    expect(within(dialog).getByLabelText('Address')).toHaveValue(ownerB);
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.keyboard('Bob');
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(screen.getAllByTestId('owner-suggestion')).toHaveLength(2);
  });

  it('gives the Name field the focus in the click that opens the dialog, before any frame', () => {
    open();
    const [, owner] = screen.getAllByTestId('owner-suggestion');
    // One synchronous click, nothing awaited: keys typed right after it must reach the field.
    fireEvent.click(within(owner!).getByRole('button', { name: /^Name this owner/ }));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
  });

  it('says so when the browser refuses to store a change', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as unknown as Storage;
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(full);
    const user = open();
    await user.click(screen.getByTestId('add-entry'));
    await user.type(screen.getByLabelText('Address'), ownerA);
    await user.type(screen.getByLabelText('Name'), 'Alice');
    await user.click(screen.getByTestId('entry-save'));
    expect(rowNames()).toEqual(['Alice']);
    expect(screen.getByTestId('change-notice')).toHaveTextContent(
      'Added “Alice”. Your browser did not store it: it is kept in this tab only until you close it.',
    );
    vi.restoreAllMocks();
  });
});

describe('Address book: CSV', () => {
  let downloads: { name: string; text: Promise<string> }[];
  beforeEach(() => {
    downloads = [];
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, text: blob!.text() });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const csvFile = (text: string, name = 'book.csv') => new File([text], name, { type: 'text/csv' });

  it('exports every chain’s entries as address,name,chainId', async () => {
    setAddressNames([
      { address: ownerA, name: '=Alice', chainId: '1337' },
      { address: ownerC, name: 'Carol', chainId: '1' },
    ]);
    const user = open();
    await user.click(screen.getByTestId('export-csv'));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toMatch(/^countersign-address-book-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads[0]!.text).toBe(
      `\uFEFFaddress,name,chainId\r\n${ownerC},Carol,1\r\n${ownerA},'=Alice,1337\r\n`,
    );
  });

  it('previews an import (new and renamed) and imports it all at once on confirmation', async () => {
    setAddressName('1337', ownerA, 'Alice');
    const user = open();
    await user.upload(
      screen.getByTestId('import-file'),
      csvFile(
        `address,name,chainId\r\n${ownerA},Alice (ops),1337\r\n${ownerB},Bob,1337\r\n${ownerC},Carol,1\r\n`,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import address book' });
    expect(within(dialog).getByTestId('import-summary')).toHaveTextContent('2 new, 1 renamed');
    expect(within(dialog).getByTestId('import-renamed')).toHaveTextContent('was “Alice”');
    expect(addressBookEntries()).toHaveLength(1);
    await user.click(within(dialog).getByTestId('import-confirm'));
    expect(addressBookEntries()).toEqual(
      expect.arrayContaining([
        { address: ownerA, name: 'Alice (ops)', chainId: '1337' },
        { address: ownerB, name: 'Bob', chainId: '1337' },
        { address: ownerC, name: 'Carol', chainId: '1' },
      ]),
    );
    expect(rowNames()).toEqual(['Alice (ops)', 'Bob']);
    expect(screen.getByTestId('change-notice')).toHaveTextContent('Imported 3 names: 2 new, 1 renamed.');
  });

  it('lists every bad line of a file and imports nothing', async () => {
    const user = open();
    await user.upload(
      screen.getByTestId('import-file'),
      csvFile(`address,name,chainId\n${ownerA},Alice,1337\n0xnope,Bob,1337\n${ownerC},,0\n`),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nothing was imported' });
    const errors = within(dialog).getAllByTestId('import-error');
    expect(errors.map((error) => error.textContent)).toEqual([
      'Line 3address: Not a valid address (0x followed by 40 hexadecimal characters). "0xnope"',
      'Line 4name: The name is empty. ""chainId: The chain id must be a positive decimal integer (such as 1 or 137). "0"',
    ]);
    expect(within(dialog).getByTestId('import-errors-summary')).toHaveTextContent('problems on 2 lines');
    expect(addressBookEntries()).toEqual([]);
  });

  it('says when a file is not CSV or is empty', async () => {
    const user = open();
    await user.upload(
      screen.getByTestId('import-file'),
      new File(['{}'], 'book.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId('import-file-error')).toHaveTextContent('This is not a CSV file.');
    await user.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await user.upload(screen.getByTestId('import-file'), csvFile(''));
    expect(await screen.findByTestId('import-file-error')).toHaveTextContent('The file is empty.');
    expect(addressBookEntries()).toEqual([]);
  });
});

describe('Address book: contract ABIs', () => {
  it('keeps the ABI pasted with an entry, counts its functions, and refuses one that does not parse', async () => {
    const user = open();
    await user.click(screen.getByTestId('add-entry'));
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    await user.type(within(dialog).getByLabelText('Address'), ownerA);
    await user.type(within(dialog).getByLabelText('Name'), 'Vault');
    const abi = within(dialog).getByLabelText('Contract ABI (optional)');
    await user.click(abi);
    await user.paste('[{"type":"function"');
    expect(within(dialog).getByText(/The ABI is not valid JSON/)).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(rows()).toHaveLength(0);
    await user.clear(abi);
    await user.paste(vaultAbi);
    expect(within(dialog).getByText(/^1 function: calls to this contract are decoded/)).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(screen.getByTestId('change-notice')).toHaveTextContent(
      'Added “Vault”. Calls to it are decoded with its ABI of 1 function.',
    );
    expect(within(rows()[0]!).getByTestId('entry-abi-badge')).toHaveTextContent('ABI · 1 function');
    expect(contractAbi('1337', ownerA)?.map((fn) => fn.name)).toEqual(['deposit']);
  });

  it('edits and forgets an ABI, and removing the entry takes its ABI along until Undo', async () => {
    setAddressName('1337', ownerA, 'Vault');
    setContractAbi('1337', ownerA, JSON.parse(vaultAbi).slice(0, 1));
    const user = open();
    await user.click(screen.getByRole('button', { name: /^Edit Vault/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit entry' });
    const abi = within(dialog).getByLabelText('Contract ABI (optional)');
    expect((abi as HTMLTextAreaElement).value).toContain('"name":"deposit"');
    await user.clear(abi);
    await user.click(within(dialog).getByTestId('entry-save'));
    expect(screen.getByTestId('change-notice')).toHaveTextContent('Saved “Vault”. Its ABI is forgotten.');
    expect(contractAbi('1337', ownerA)).toBeUndefined();
    expect(screen.queryByTestId('entry-abi-badge')).toBeNull();

    setContractAbi('1337', ownerA, JSON.parse(vaultAbi).slice(0, 1));
    await user.click(screen.getByRole('button', { name: /^Remove Vault/ }));
    expect(contractAbi('1337', ownerA)).toBeUndefined();
    await user.click(screen.getByTestId('undo-remove'));
    expect(contractAbi('1337', ownerA)?.map((fn) => fn.name)).toEqual(['deposit']);
  });

  it('opens the entry of ?abi= at its ABI field, or a new entry for an address it does not have', async () => {
    setAddressName('1337', ownerA, 'Vault');
    open(`/?abi=${ownerA.toLowerCase()}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    await waitFor(() => expect(within(dialog).getByLabelText('Contract ABI (optional)')).toHaveFocus());
  });

  it('opens a new entry for an address ?abi= names that has none', async () => {
    open(`/?abi=${ownerB}`);
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    expect(within(dialog).getByLabelText('Address')).toHaveValue(ownerB);
  });
});
