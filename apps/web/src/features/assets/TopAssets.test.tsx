import { configure, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, renderRoutes, teamSafe, teamSafeAddress } from '../../testing';
import { createSafeRoute } from '../../app/shell/safeRoutes';
import { TopAssets } from './TopAssets';

// The gateway is mocked, but a busy machine can take more than the default second to render.
configure({ asyncUtilTimeout: 5_000 });

const gateway = {
  baseUrl: 'http://127.0.0.1:9',
  getChains: vi.fn(),
  getChain: vi.fn(),
  getSafeInfo: vi.fn(),
  getBalances: vi.fn(),
};

const item = (address: string, symbol: string, balance: string, fiatBalance: string | null): Balance => ({
  tokenInfo: { type: 'ERC20', address, decimals: 18, symbol, name: symbol, logoUri: null },
  balance,
  fiatBalance,
  fiatConversion: fiatBalance === null ? null : '1',
  fiatBalance24hChange: null,
});

beforeEach(() => {
  vi.resetAllMocks();
  gateway.getChains.mockResolvedValue({ next: null, previous: null, results: [devnetChain] });
  gateway.getChain.mockResolvedValue(devnetChain);
  gateway.getSafeInfo.mockResolvedValue(teamSafe);
  gateway.getBalances.mockResolvedValue({
    fiatTotal: '600',
    items: [
      item('0x0000000000000000000000000000000000000001', 'AAA', '100000000000000000000', '100'),
      item('0x0000000000000000000000000000000000000002', 'BBB', '300000000000000000000', '300'),
      item('0x0000000000000000000000000000000000000003', 'CCC', '200000000000000000000', '200'),
    ],
  });
});

describe('TopAssets (for the Safe’s home)', () => {
  it('shows the most valuable tokens the user has not hidden, with the total in the chosen currency', async () => {
    localStorage.setItem('countersign.fiat-currency', 'eur');
    localStorage.setItem(
      'countersign.hidden-tokens',
      JSON.stringify({
        [`1337:${teamSafeAddress.toLowerCase()}`]: ['0x0000000000000000000000000000000000000002'],
      }),
    );
    renderRoutes(
      [createSafeRoute([{ path: 'home', element: <TopAssets count={1} /> }], [])],
      `/local:${teamSafeAddress}/home`,
      { gateway: fakeGateway(gateway) },
    );
    await waitFor(() => expect(screen.getAllByTestId('top-asset')).toHaveLength(1));
    expect(screen.getByTestId('top-asset')).toHaveTextContent('CCC');
    expect(screen.getByTestId('top-assets-total')).toHaveTextContent('€300.00');
    expect(gateway.getBalances).toHaveBeenCalledWith(
      { chainId: '1337', safeAddress: teamSafeAddress, currency: 'eur' },
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'View all assets' })).toHaveAttribute(
      'href',
      `/local:${teamSafeAddress}/assets`,
    );
  });

  it('shows a token without a known price as such, not as zero, and says the total leaves it out', async () => {
    gateway.getBalances.mockResolvedValue({
      fiatTotal: '100',
      items: [
        item('0x0000000000000000000000000000000000000004', 'UNK', '500000000000000000000', null),
        item('0x0000000000000000000000000000000000000001', 'AAA', '100000000000000000000', '100'),
      ],
    });
    renderRoutes(
      [createSafeRoute([{ path: 'home', element: <TopAssets count={2} /> }], [])],
      `/local:${teamSafeAddress}/home`,
      { gateway: fakeGateway(gateway) },
    );
    await waitFor(() => expect(screen.getAllByTestId('top-asset')).toHaveLength(2));
    expect(screen.getAllByTestId('top-asset')[1]).toHaveTextContent('UNK');
    expect(screen.getAllByTestId('top-asset')[1]).toHaveTextContent('Price unknown');
    expect(screen.getAllByTestId('top-asset')[1]).not.toHaveTextContent('$0.00');
    expect(screen.getByTestId('top-assets-total')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('top-assets-unpriced')).toHaveTextContent('without 1 token of unknown price');
  });
});
