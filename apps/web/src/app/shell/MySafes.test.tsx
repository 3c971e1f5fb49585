import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createGatewayClient, type SafeInfo } from '@countersign/gateway-api';
import { checksumAddress } from '../../lib/address';
import { devnetChain, renderWithRouter, teamSafe, teamSafeAddress } from '../../testing';
import { MySafes } from './MySafes';
import {
  MY_SAFES_STORAGE_KEY,
  addMySafe,
  readMySafes,
  removeMySafe,
  safeInfoQueryOptions,
} from '../../features/safe';
import { addressBookEntries, setAddressName } from '../../features/address-book';

// The real client, of a gateway that does not answer (nothing listens on port 9).
const gateway = createGatewayClient({ baseUrl: 'http://127.0.0.1:9' });

const soloAddress = checksumAddress('0x0ba3a0b0a0c6d6c1d4c4b9f0e2a5d6c7b8f9a0e1');
const soloSafe: SafeInfo = {
  ...teamSafe,
  address: { value: soloAddress, name: null, logoUri: null },
  threshold: 1,
  owners: [{ value: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', name: null, logoUri: null }],
};
const ownerA = teamSafe.owners[0]!.value;

/**
 * My Safes over a query cache that already holds the Safes' SafeInfo (fresh for the whole test), as
 * after the gateway answered: no request leaves the test.
 */
function renderMySafes(account?: string, known: SafeInfo[] = [teamSafe, soloSafe]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const info of known) {
    queryClient.setQueryData(safeInfoQueryOptions(gateway, info.chainId, info.address.value).queryKey, info);
  }
  const { router } = renderWithRouter(
    <MySafes chains={[devnetChain]} selected={devnetChain} account={account} />,
    '/',
    { gateway, queryClient },
  );
  return { router, queryClient };
}

const rows = () => screen.queryAllByTestId('my-safe');

describe('the My Safes store', () => {
  it('keeps Safes in localStorage, newest first, one entry per chain and address', () => {
    expect(
      addMySafe(
        { chainId: '1337', shortName: 'local', address: teamSafeAddress, name: 'Team', origin: 'added' },
        1,
      ),
    ).toEqual({
      existed: false,
      stored: true,
    });
    addMySafe({ chainId: '1337', shortName: 'local', address: soloAddress, name: '', origin: 'created' }, 2);
    expect(readMySafes().map((safe) => safe.address)).toEqual([soloAddress, teamSafeAddress]);

    // Again, in another letter case: the same entry, renamed, where it was.
    expect(
      addMySafe({
        chainId: '1337',
        shortName: 'local',
        address: teamSafeAddress.toLowerCase(),
        name: ' Team treasury ',
        origin: 'added',
      }),
    ).toEqual({ existed: true, stored: true });
    expect(readMySafes().map((safe) => [safe.address, safe.name])).toEqual([
      [soloAddress, ''],
      [teamSafeAddress, 'Team treasury'],
    ]);
    const stored = JSON.parse(localStorage.getItem(MY_SAFES_STORAGE_KEY)!) as {
      version: number;
      safes: unknown[];
    };
    expect(stored.version).toBe(1);
    expect(stored.safes).toHaveLength(2);

    removeMySafe('1337', teamSafeAddress.toLowerCase());
    expect(readMySafes().map((safe) => safe.address)).toEqual([soloAddress]);
  });

  it('ignores what it cannot read back', () => {
    localStorage.setItem(MY_SAFES_STORAGE_KEY, '{"version":1,"safes":[{"address":"<script>"}]}');
    expect(readMySafes()).toEqual([]);
  });
});

describe('My Safes on the start page', () => {
  it('says where Safes will appear while there are none', () => {
    renderMySafes();
    expect(screen.getByTestId('my-safes-empty')).toHaveTextContent('Safes you add or create appear here');
  });

  it('lists each Safe with its name, chain and threshold, linking to its home; read only without an owner', () => {
    addMySafe({
      chainId: '1337',
      shortName: 'local',
      address: teamSafeAddress,
      name: 'Team',
      origin: 'added',
    });
    renderMySafes();
    const [row] = rows();
    expect(row).toHaveTextContent('Team');
    expect(row).toHaveTextContent('Countersign Devnet');
    expect(within(row!).getByTestId('my-safe-threshold')).toHaveTextContent('2/3');
    expect(within(row!).getByTestId('my-safe-access')).toHaveTextContent('Read only');
    expect(within(row!).getByTestId('my-safe-link')).toHaveAttribute(
      'href',
      `/local:${teamSafeAddress}/home`,
    );
  });

  it("marks the Safes the connected account owns, from each Safe's owners", () => {
    addMySafe({
      chainId: '1337',
      shortName: 'local',
      address: teamSafeAddress,
      name: 'Team',
      origin: 'added',
    });
    addMySafe({ chainId: '1337', shortName: 'local', address: soloAddress, name: 'Solo', origin: 'created' });
    renderMySafes(ownerA.toLowerCase());
    const access = rows().map((row) => [
      within(row).getByTestId('address-name').textContent,
      within(row).getByTestId('my-safe-access').textContent,
    ]);
    expect(access).toEqual([
      ['Solo', 'Read only'],
      ['Team', 'Owner'],
    ]);
  });

  it("names each Safe as its own chain's address book does, over the name it was added with", async () => {
    const user = userEvent.setup();
    addMySafe({
      chainId: '1337',
      shortName: 'local',
      address: teamSafeAddress,
      name: 'Team',
      origin: 'added',
    });
    addMySafe({ chainId: '1337', shortName: 'local', address: soloAddress, name: '', origin: 'created' });
    setAddressName('1337', soloAddress, 'Payroll');
    // Another chain's name for the same address is not this Safe's.
    setAddressName('1', teamSafeAddress, 'Mainnet treasury');
    setAddressName('1337', teamSafeAddress, 'Treasury');
    renderMySafes();
    expect(rows().map((row) => within(row).getByTestId('address-name').textContent)).toEqual([
      'Payroll',
      'Treasury',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Payroll from My Safes' }));
    expect(screen.getByTestId('my-safes-status')).toHaveTextContent('Removed Payroll from My Safes.');
  });

  it('removes a Safe from the list, says so and keeps the focus on the form', async () => {
    const user = userEvent.setup();
    addMySafe({
      chainId: '1337',
      shortName: 'local',
      address: teamSafeAddress,
      name: 'Team',
      origin: 'added',
    });
    renderMySafes();
    await user.click(screen.getByRole('button', { name: 'Remove Team from My Safes' }));
    expect(rows()).toHaveLength(0);
    expect(readMySafes()).toEqual([]);
    expect(screen.getByTestId('my-safes-status')).toHaveTextContent('Removed Team from My Safes.');
    expect(screen.getByTestId('my-safes-add-address')).toHaveFocus();
  });

  it('adds an existing Safe by address, with a chain prefix and a name, once the gateway knows it', async () => {
    const user = userEvent.setup();
    renderMySafes();
    await user.type(screen.getByTestId('my-safes-add-address'), `local:${teamSafeAddress.toLowerCase()}`);
    await user.type(screen.getByTestId('my-safes-add-name'), 'Team');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('my-safe')).toHaveTextContent('Team');
    expect(readMySafes()).toMatchObject([
      { chainId: '1337', shortName: 'local', address: teamSafeAddress, name: 'Team', origin: 'added' },
    ]);
    expect(screen.getByTestId('my-safes-add-address')).toHaveValue('');
    expect(screen.getByTestId('my-safes-status')).toHaveTextContent(`Added ${teamSafeAddress}`);
    // The name is the address book's too, so the Safe's own pages call it the same.
    expect(addressBookEntries('1337')).toEqual([{ chainId: '1337', address: teamSafeAddress, name: 'Team' }]);

    // The same Safe again is refused, with the reason.
    await user.type(screen.getByTestId('my-safes-add-address'), teamSafeAddress);
    await user.click(screen.getByTestId('my-safes-add-submit'));
    expect(screen.getByTestId('my-safes-add-address-error')).toHaveTextContent('is already in My Safes');
    expect(rows()).toHaveLength(1);
  });

  it('refuses a malformed address or an unknown chain without asking the gateway', async () => {
    const user = userEvent.setup();
    renderMySafes();
    const input = screen.getByTestId('my-safes-add-address');
    await user.type(input, '0x1234');
    await user.click(screen.getByTestId('my-safes-add-submit'));
    expect(screen.getByTestId('my-safes-add-address-error')).toHaveTextContent('is not a valid address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, `gno:${teamSafeAddress}`);
    await user.click(screen.getByTestId('my-safes-add-submit'));
    expect(screen.getByTestId('my-safes-add-address-error')).toHaveTextContent(
      'Unknown chain short name "gno"',
    );
    expect(rows()).toHaveLength(0);
  });

  it('does not add a Safe it could not check', async () => {
    const user = userEvent.setup();
    // No SafeInfo cached, and the gateway does not answer: the check fails.
    renderMySafes(undefined, []);
    await user.type(screen.getByTestId('my-safes-add-address'), teamSafeAddress);
    await user.click(screen.getByTestId('my-safes-add-submit'));
    const error = await screen.findByTestId('my-safes-add-address-error', {}, { timeout: 5_000 });
    // (happy-dom words the refused connection its own way; a browser's TypeError reads "does not answer".)
    expect(error).toHaveTextContent(/^The Safe could not be checked: .*127\.0\.0\.1:9/);
    expect(readMySafes()).toEqual([]);
  });
});
