import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance, Balances } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, fakeSigner, renderRoutes, teamSafe, teamSafeAddress } from '../../testing';
import { createSafeRoute } from '../../app/shell/safeRoutes';
import { BalancesPage } from './BalancesPage';

// The gateway is mocked, but a busy machine can take more than the default second to render.
configure({ asyncUtilTimeout: 5_000 });

const gateway = {
  baseUrl: 'http://127.0.0.1:9',
  getChains: vi.fn(),
  getChain: vi.fn(),
  getSafeInfo: vi.fn(),
  getBalances: vi.fn(),
  getFiatCodes: vi.fn(),
};

const wallet = { watchAsset: vi.fn() };
const signer = fakeSigner({}, { watchAsset: wallet.watchAsset });

const item = (
  type: 'NATIVE_TOKEN' | 'ERC20',
  address: string,
  symbol: string,
  decimals: number | null,
  balance: string,
  fiatConversion: string,
  fiatBalance: string,
): Balance => ({
  tokenInfo: { type, address, decimals, symbol, name: `${symbol} token`, logoUri: null },
  balance,
  fiatBalance,
  fiatConversion,
  fiatBalance24hChange: null,
});

const DEV = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const DUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const usd: Balances = {
  fiatTotal: '40295.5',
  items: [
    item(
      'NATIVE_TOKEN',
      '0x0000000000000000000000000000000000000000',
      'ETH',
      18,
      '10600000000000000000',
      '3000',
      '31800',
    ),
    item('ERC20', DEV, 'DEV', 18, '4750000000000000000000', '1.25', '5937.5'),
    item('ERC20', DUSD, 'DUSD', 6, '2558000001', '1', '2558.000001'),
  ],
};

function open() {
  return renderRoutes(
    [createSafeRoute([{ path: 'assets', Component: BalancesPage }], [])],
    `/local:${teamSafeAddress}/assets`,
    { gateway: fakeGateway(gateway), signer },
  );
}

const rows = () => screen.getAllByTestId('balance-row');
const row = (symbol: string) => rows().find((candidate) => candidate.dataset.symbol === symbol)!;

beforeEach(() => {
  vi.resetAllMocks();
  signer.set({ status: 'disconnected' });
  gateway.getChains.mockResolvedValue({ next: null, previous: null, results: [devnetChain] });
  gateway.getChain.mockResolvedValue(devnetChain);
  gateway.getSafeInfo.mockResolvedValue(teamSafe);
  gateway.getBalances.mockResolvedValue(usd);
  gateway.getFiatCodes.mockResolvedValue(['USD', 'EUR', 'ETH']);
});

describe('Balances', () => {
  it('lists every token, highest value first, with exact amounts, price, value and the total', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((candidate) => candidate.dataset.symbol)).toEqual(['ETH', 'DEV', 'DUSD']);
    expect(within(row('DUSD')).getByTestId('token-balance')).toHaveTextContent(/^2,558\.000001$/);
    expect(within(row('ETH')).getByTestId('token-balance')).toHaveTextContent(/^10\.6$/);
    expect(within(row('DEV')).getByTestId('token-price')).toHaveTextContent('$1.25');
    expect(within(row('DEV')).getByTestId('token-value')).toHaveTextContent('$5,937.50');
    expect(screen.getByTestId('assets-total')).toHaveTextContent('$40,295.50');
    expect(gateway.getBalances).toHaveBeenCalledWith(
      { chainId: '1337', safeAddress: teamSafeAddress, currency: 'usd' },
      expect.anything(),
    );
    // A table with real headers.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Asset',
      'Balance',
      'Price',
      'Value',
      'Actions',
    ]);
    expect(screen.getAllByRole('rowheader')).toHaveLength(3);
  });

  it('hides a token: out of the list and the total, said so, back with Show hidden; remembered per Safe', async () => {
    const user = userEvent.setup();
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Hide DUSD' }));
    expect(rows().map((candidate) => candidate.dataset.symbol)).toEqual(['ETH', 'DEV']);
    expect(screen.getByTestId('assets-total')).toHaveTextContent('$37,737.50');
    expect(screen.getByTestId('assets-total-note')).toHaveTextContent(
      'Leaves out 1 hidden token, worth $2,558.00.',
    );
    expect(screen.getByTestId('assets-status')).toHaveTextContent('DUSD is hidden');
    expect(JSON.parse(localStorage.getItem('countersign.hidden-tokens')!)).toEqual({
      [`1337:${teamSafeAddress.toLowerCase()}`]: [DUSD.toLowerCase()],
    });

    const toggle = screen.getByRole('button', { name: 'Show hidden (1)' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(rows().map((candidate) => candidate.dataset.symbol)).toEqual(['ETH', 'DEV', 'DUSD']);
    // Still hidden, still out of the total: only shown for unhiding.
    expect(within(row('DUSD')).getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByTestId('assets-total')).toHaveTextContent('$37,737.50');
    await user.click(screen.getByRole('button', { name: 'Show DUSD' }));
    expect(screen.getByTestId('assets-total')).toHaveTextContent('$40,295.50');
    expect(screen.queryByTestId('show-hidden')).toBeNull();
  });

  it('changes currency from the gateway’s codes, remembering the choice', async () => {
    const user = userEvent.setup();
    gateway.getBalances.mockImplementation(({ currency }: { currency: string }) =>
      Promise.resolve(currency === 'eur' ? { ...usd, fiatTotal: '37071.86' } : usd),
    );
    open();
    const select = await screen.findByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['usd', 'eur', 'eth']);
    await user.selectOptions(select, 'eur');
    await waitFor(() => expect(screen.getByTestId('assets-total')).toHaveTextContent('€37,071.86'));
    expect(localStorage.getItem('countersign.fiat-currency')).toBe('eur');
    expect(gateway.getBalances).toHaveBeenLastCalledWith(
      { chainId: '1337', safeAddress: teamSafeAddress, currency: 'eur' },
      expect.anything(),
    );
  });

  it('offers Add to wallet on ERC20 rows only, and only with a wallet connected', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByTestId('add-to-wallet')).toBeNull();
  });

  it('adds a token to the connected wallet and reports the outcome', async () => {
    const user = userEvent.setup();
    signer.set({ status: 'connected' });
    wallet.watchAsset.mockResolvedValueOnce({ ok: true, value: { added: true } }).mockResolvedValueOnce({
      ok: false,
      error: { kind: 'unsupported', message: 'Your wallet does not support adding tokens from this app.' },
    });
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(row('ETH')).queryByTestId('add-to-wallet')).toBeNull();
    await user.click(within(row('DUSD')).getByTestId('add-to-wallet'));
    expect(wallet.watchAsset).toHaveBeenCalledWith({
      address: DUSD,
      symbol: 'DUSD',
      decimals: 6,
      chainId: 1337,
    });
    expect(await screen.findByTestId('add-to-wallet-status')).toHaveTextContent(
      'DUSD was added to your wallet.',
    );
    await user.click(within(row('DEV')).getByTestId('add-to-wallet'));
    await waitFor(() =>
      expect(screen.getByTestId('add-to-wallet-status')).toHaveTextContent(
        'Your wallet does not support adding tokens from this app.',
      ),
    );
  });

  it('says how many tokens sent to the Safe the gateway did not read', async () => {
    gateway.getBalances.mockResolvedValue({ ...usd, tokensNotRead: 4_700 });
    open();
    expect(await screen.findByTestId('assets-total-not-read')).toHaveTextContent(
      'Leaves out 4,700 more tokens sent to this Safe',
    );
  });

  it('says when the Safe holds no token', async () => {
    gateway.getBalances.mockResolvedValue({ fiatTotal: '0', items: [] });
    open();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No tokens yet');
  });

  it('shows the gateway’s error with Retry', async () => {
    const user = userEvent.setup();
    gateway.getBalances.mockRejectedValueOnce(new Error('503: Service unavailable'));
    open();
    expect(await screen.findByTestId('error-alert')).toHaveTextContent('Balances could not be loaded');
    await user.click(screen.getByTestId('retry-button'));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});
