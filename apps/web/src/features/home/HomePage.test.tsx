import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Balance, SafeInfo } from '@countersign/gateway-api';
import { fakeGateway, renderSafePage, teamSafe, testSafe } from '../../testing';
import { HomePage } from './HomePage';

const native = (balance: string): Balance => ({
  tokenInfo: {
    type: 'NATIVE_TOKEN',
    address: '0x0000000000000000000000000000000000000000',
    decimals: 18,
    symbol: 'ETH',
    name: 'Ether',
    logoUri: null,
  },
  balance,
  fiatBalance: '0',
  fiatConversion: '0',
  fiatBalance24hChange: null,
});

function renderHome(safe: SafeInfo, balance: string) {
  const gateway = {
    getBalances: vi.fn().mockResolvedValue({ fiatTotal: '0', items: [native(balance)] }),
    getQueue: vi.fn().mockResolvedValue({ count: 0, next: null, previous: null, results: [] }),
  };
  return renderSafePage(<HomePage />, { path: '/home', safe, gateway: fakeGateway(gateway) });
}

describe('HomePage', () => {
  it('offers a new, empty Safe to fund it, through the Receive dialog', async () => {
    renderHome({ ...teamSafe, nonce: 0 }, '0');
    const fund = await screen.findByTestId('fund-safe');
    expect(fund).toHaveTextContent('It holds nothing yet. Send assets on Countersign Devnet to its address');
    const receive = screen.getByTestId('fund-safe-receive');
    await userEvent.click(receive);
    expect(await screen.findByTestId('receive-address')).toHaveTextContent(testSafe.safeId);
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByTestId('receive-dialog')).toBeNull());
    expect(receive).toHaveFocus();
  });

  it('does not offer it once the Safe holds something or has executed a transaction', async () => {
    const { unmount } = renderHome({ ...teamSafe, nonce: 0 }, '1000');
    await screen.findByTestId('top-asset');
    expect(screen.queryByTestId('fund-safe')).toBeNull();
    unmount();
    renderHome({ ...teamSafe, nonce: 3 }, '0');
    await screen.findByTestId('top-asset');
    expect(screen.queryByTestId('fund-safe')).toBeNull();
  });
});
