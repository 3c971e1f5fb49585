import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddressNamesProvider, HomeIcon, SettingsIcon, TransactionsIcon } from '../../ui';
import { devnetChain, teamSafe, teamSafeAddress, renderRoutes } from '../../testing';
import type { SafeNavItem } from '../../features/safe';
import { safePaths, SafeContext, type SafeContextValue } from '../../features/safe';
import { SafeFrame } from './SafeFrame';

const paths = safePaths('local', teamSafeAddress);
const base = paths.base;

const navigation: SafeNavItem[] = [
  { id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home },
  {
    id: 'transactions',
    label: 'Transactions',
    icon: TransactionsIcon,
    to: (p) => p.transactions,
    section: (p) => p.transactions,
    children: [
      { id: 'queue', label: 'Queue', to: (p) => p.queue },
      { id: 'history', label: 'History', to: (p) => p.history },
    ],
  },
  { id: 'settings', label: 'Settings', icon: SettingsIcon, to: (p) => p.settings() },
];

const value: SafeContextValue = {
  chain: devnetChain,
  address: teamSafeAddress,
  safeId: `local:${teamSafeAddress}`,
  safe: teamSafe,
  gatewaySafe: teamSafe,
  query: { isError: false, error: null, refetch: () => undefined },
  paths,
};

function renderFrame(path: string, nav = navigation) {
  return renderRoutes(
    [
      {
        path: '/:safeId',
        element: (
          <AddressNamesProvider
            lookup={(address) => (address === teamSafeAddress ? 'Team treasury' : undefined)}
          >
            <SafeContext.Provider value={value}>
              <SafeFrame navigation={nav} />
            </SafeContext.Provider>
          </AddressNamesProvider>
        ),
        children: [{ path: '*', element: <p data-testid="page">page</p> }],
      },
    ],
    path,
  );
}

describe('Safe frame', () => {
  it('shows the Safe: its name from the address book, address, chain, threshold and nonce', () => {
    renderFrame(paths.home);
    const header = screen.getByTestId('safe-header');
    expect(within(header).getByTestId('safe-header-name')).toHaveTextContent('Team treasury');
    expect(within(header).getByTestId('safe-header-address')).toHaveAttribute('title', teamSafeAddress);
    expect(within(header).getByTestId('safe-header-address')).toHaveTextContent('0xe690…1590');
    expect(within(header).getByTestId('safe-header-chain')).toHaveTextContent('Countersign Devnet');
    expect(within(header).getByTestId('safe-header-threshold')).toHaveTextContent('2/3');
    expect(within(header).getByTestId('safe-header-nonce')).toHaveTextContent('Nonce 8');
    expect(within(header).getByTestId('safe-header-explorer')).toHaveAttribute(
      'href',
      `http://127.0.0.1:5173/explorer/address/${teamSafeAddress}`,
    );
    expect(screen.getByTestId('page')).toBeInTheDocument();
  });

  it('links every view by its own URL and marks the current one', () => {
    renderFrame(paths.home);
    const nav = screen.getByRole('navigation', { name: 'Safe navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', `${base}/home`);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'href',
      `${base}/transactions`,
    );
    expect(within(nav).getByRole('link', { name: 'Transactions' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', `${base}/settings`);
    // Sub-views show inside their section only.
    expect(within(nav).queryByRole('link', { name: 'Queue' })).toBeNull();
  });

  it('marks a sub-view as the page and its section as current', () => {
    renderFrame(paths.queue);
    const nav = screen.getByRole('navigation', { name: 'Safe navigation' });
    expect(within(nav).getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'true');
  });

  it("keeps a transaction's page under Transactions", () => {
    renderFrame(paths.transaction('multisig_0xabc_0x123'));
    const nav = screen.getByRole('navigation', { name: 'Safe navigation' });
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('link', { name: 'Queue' })).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the menu on small screens; a link closes it', async () => {
    const user = userEvent.setup();
    const { router } = renderFrame(paths.home);
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'safe-sidebar');
    await user.click(menu);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('safe-sidebar')).toHaveAttribute('data-open', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('safe-sidebar')).toHaveAttribute('data-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe(`${base}/settings`);
    // The router renders the new location in a transition: the frame catches up a moment later.
    await waitFor(() => expect(screen.getByTestId('safe-sidebar')).toHaveAttribute('data-open', 'false'));
  });

  it("loads a view's code when the pointer or focus reaches its link", async () => {
    const preload = vi.fn();
    renderFrame(paths.home, [
      ...navigation,
      { id: 'apps', label: 'Apps', icon: HomeIcon, to: (p) => p.apps, preload },
    ]);
    const link = screen.getByRole('link', { name: 'Apps' });
    await userEvent.hover(link);
    expect(preload).toHaveBeenCalledWith(
      expect.objectContaining({ chainId: '1337', address: teamSafeAddress }),
    );
    link.focus();
    expect(preload).toHaveBeenCalledTimes(2);
  });
});
