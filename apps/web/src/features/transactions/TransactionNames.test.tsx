import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Balance, TransactionListPage, TxInfo } from '@countersign/gateway-api';
import { fakeGateway, fakeSigner, renderSafePage, testSafe } from '../../testing';
import { AddressBookNames, setAddressName } from '../address-book';
import { balancesQueryOptions, TokenNames } from '../assets';
import { queueQueryOptions } from '../safe';
import { QueuePage } from './QueuePage';
import { QueuePreview } from './QueuePreview';
import { custom, info, queued, tokenAddress } from './testFixtures';

const dust = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const unheld = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

const token = (address: string, name: string, symbol: string): Balance => ({
  tokenInfo: { type: 'ERC20', address, decimals: 6, symbol, name, logoUri: null },
  balance: '1000000',
  fiatBalance: '1',
  fiatConversion: '1',
  fiatBalance24hChange: null,
});

const approve = (to: string, name: string | null = null): TxInfo =>
  custom({ to: info(to, name), methodName: 'approve', dataSize: '68' });

function queueOf(...txInfos: TxInfo[]): TransactionListPage {
  return {
    count: txInfos.length,
    next: null,
    previous: null,
    results: txInfos.map((txInfo, index) => queued(8 + index, 'None', { txInfo })),
  };
}

/** A view of the Safe under the names its layout gives: the address book's, then the token list's. */
function renderNamed(view: ReactNode, queue: TransactionListPage, tokens: Balance[]) {
  return renderSafePage(
    <AddressBookNames chainId="1337">
      <TokenNames chainId="1337" address={testSafe.address}>
        {view}
      </TokenNames>
    </AddressBookNames>,
    {
      signer: fakeSigner(),
      seed: (client) => {
        client.setQueryData(queueQueryOptions(fakeGateway(), '1337', testSafe.address).queryKey, {
          pages: [queue],
          pageParams: [null],
        });
        client.setQueryData(balancesQueryOptions(fakeGateway(), '1337', testSafe.address, 'usd').queryKey, {
          fiatTotal: '1',
          items: tokens,
        });
      },
    },
  );
}

/** The text as seen: without the whole addresses kept for screen readers. */
function seen(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

const summaries = () => screen.getAllByTestId('tx-summary').map(seen);

describe('the names of the contracts a transaction calls', () => {
  it("calls a token the Safe holds by the token list's name, as its details do", () => {
    renderNamed(<QueuePage />, queueOf(approve(tokenAddress), approve(unheld)), [
      token(tokenAddress, 'Dev Dollar', 'DUSD'),
    ]);
    expect(summaries()).toEqual(['Call approve on Dev Dollar', 'Call approve on 0x9fE4…a6e0']);
    // The whole address stays on hover and for screen readers.
    expect(within(screen.getAllByTestId('tx-summary')[0]!).getByTestId('inline-address')).toHaveAttribute(
      'title',
      tokenAddress,
    );
  });

  it("puts the address book's name first, then the gateway's, then the token list's", () => {
    setAddressName('1337', tokenAddress, 'Payroll token');
    renderNamed(<QueuePage />, queueOf(approve(tokenAddress), approve(dust, 'Dust token (gateway)')), [
      token(tokenAddress, 'Dev Dollar', 'DUSD'),
      token(dust, 'Dust', 'DST'),
    ]);
    expect(summaries()).toEqual(['Call approve on Payroll token', 'Call approve on Dust token (gateway)']);
  });

  it('leaves a hidden token unnamed, and shows a hostile name short, as text, without direction controls', () => {
    localStorage.setItem(
      'countersign.hidden-tokens',
      JSON.stringify({ [`1337:${testSafe.address.toLowerCase()}`]: [dust.toLowerCase()] }),
    );
    renderNamed(<QueuePage />, queueOf(approve(dust), approve(tokenAddress)), [
      token(dust, 'USDC', 'USDC'),
      token(tokenAddress, `<b>x</b>\u202E${'long '.repeat(20)}`, 'LONG'),
    ]);
    const [hidden, hostile] = summaries();
    expect(hidden).toBe('Call approve on 0x5FbD…0aa3');
    expect(hostile).toBe('Call approve on <b>x</b>long long long long lon…');
    expect(document.querySelector('b')).toBeNull();
  });

  it("names them in the home page's queue card as in the queue", () => {
    setAddressName('1337', unheld, 'Vesting');
    renderNamed(<QueuePreview />, queueOf(approve(tokenAddress), approve(unheld)), [
      token(tokenAddress, '', 'DUSD'),
    ]);
    expect(screen.getAllByTestId('queue-preview-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Call approve on DUSD'),
      expect.stringContaining('Call approve on Vesting'),
    ]);
  });
});
