import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransactionListPage } from '@countersign/gateway-api';
import { fakeGateway, fakeSigner, teamSafe, renderSafePage, testSafe } from '../../testing';
import { QueuePage } from './QueuePage';
import { queueQueryOptions } from '../safe';
import { custom, info, ownerA, ownerB, ownerC, queued, safeAddress } from './testFixtures';

/** The demo's queue as the gateway serves it: rent at nonce 8; a bonus and its rejection at nonce 9. */
function demoQueue(): TransactionListPage {
  return {
    count: 6,
    next: null,
    previous: null,
    results: [
      { type: 'LABEL', label: 'Next' },
      queued(8, 'None', { note: 'Office rent' }),
      { type: 'LABEL', label: 'Queued' },
      { type: 'CONFLICT_HEADER', nonce: 9 },
      queued(9, 'HasNext', {
        executionInfo: {
          type: 'MULTISIG',
          nonce: 9,
          confirmationsRequired: 2,
          confirmationsSubmitted: 1,
          missingSigners: [info(ownerA), info(ownerC, 'Carol')],
        },
      }),
      queued(9, 'End', {
        txInfo: custom({ isCancellation: true, to: info(safeAddress), methodName: null }),
        executionInfo: {
          type: 'MULTISIG',
          nonce: 9,
          confirmationsRequired: 2,
          confirmationsSubmitted: 1,
          missingSigners: [info(ownerA), info(ownerB)],
        },
      }),
    ],
  };
}

function renderQueue(page: TransactionListPage, account?: string) {
  return renderSafePage(<QueuePage />, {
    path: '/q',
    signer: fakeSigner({ address: account }),
    seed: (client) =>
      client.setQueryData(queueQueryOptions(fakeGateway(), '1337', testSafe.address).queryKey, {
        pages: [page],
        pageParams: [null],
      }),
  });
}

describe('QueuePage', () => {
  it('shows the gateway’s labels as headings and the transactions sharing a nonce as one group', () => {
    renderQueue(demoQueue());
    expect(screen.getAllByTestId('queue-label').map((label) => label.textContent)).toEqual([
      'Next',
      'Queued',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Next' })).toBeInTheDocument();
    const group = screen.getByTestId('conflict-group');
    expect(group).toHaveAttribute('data-nonce', '9');
    expect(within(group).getByTestId('conflict-header')).toHaveTextContent(
      'These transactions share nonce 9 and only one of them can be executed',
    );
    expect(within(group).getByTestId('conflict-header')).toHaveTextContent('replace');
    const rows = within(group).getAllByTestId('tx-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('tx-kind')).toHaveTextContent('On-chain rejection');
    // The transaction at nonce 8 is outside the group.
    expect(screen.getAllByTestId('tx-row')).toHaveLength(3);
  });

  it('shows nonce, words, confirmations x of y, who still has to sign, status, date and a link to the details', () => {
    renderQueue(demoQueue());
    const row = screen.getAllByTestId('tx-row')[0]!;
    expect(within(row).getByTestId('tx-nonce')).toHaveTextContent('8');
    expect(within(row).getByTestId('tx-kind')).toHaveTextContent('Send');
    expect(within(row).getByTestId('tx-summary')).toHaveTextContent('to');
    expect(within(row).getByTestId('tx-amount')).toHaveTextContent('−0.3 ETH');
    expect(within(row).getByTestId('tx-confirmations')).toHaveTextContent('1 of 2 confirmations');
    expect(
      within(row)
        .getAllByTestId('tx-missing-signer')
        .map((s) => s.textContent),
    ).toEqual([expect.stringContaining(ownerB), expect.stringContaining(ownerC)]);
    expect(within(row).getByTestId('tx-status')).toHaveTextContent('Awaiting confirmations');
    expect(within(row).getByTestId('tx-date').tagName).toBe('TIME');
    expect(within(row).getByTestId('tx-note')).toHaveTextContent('Note: Office rent');
    expect(row.tagName).toBe('A');
    expect(row.getAttribute('href')).toBe(
      `${testSafe.paths.base}/transactions/${encodeURIComponent(row.dataset.txId!)}`,
    );
    // Names from the gateway are shown for missing signers.
    expect(
      within(screen.getByTestId('conflict-group')).getAllByTestId('tx-missing-signers')[0],
    ).toHaveTextContent('Carol');
  });

  it('tells the connected owner whether they signed or still have to, and a non-owner that they are not one', () => {
    const { unmount } = renderQueue(demoQueue(), ownerB);
    const states = () => screen.getAllByTestId('tx-owner-state').map((state) => state.textContent);
    expect(states()).toEqual(['Needs your signature', 'You signed', 'Needs your signature']);
    unmount();
    renderQueue(demoQueue(), '0x000000000000000000000000000000000000dEaD');
    expect(states()).toEqual(['You are not an owner', 'You are not an owner', 'You are not an owner']);
  });

  it('says so when nothing waits, and where to look instead', () => {
    renderQueue({ count: 0, next: null, previous: null, results: [] });
    expect(screen.getByTestId('queue-empty')).toHaveTextContent('No transactions in the queue');
    expect(screen.getByRole('link', { name: 'See the history' })).toBeInTheDocument();
  });

  it('renders hostile text and unknown kinds as text rows, and an entry it cannot read as a generic row', () => {
    const hostile = `<img src=x onerror=alert(1)>\u202E${'y'.repeat(10_000)}`;
    renderQueue({
      count: 3,
      next: null,
      previous: null,
      results: [
        { type: 'LABEL', label: 'Next' },
        queued(8, 'None', {
          txInfo: {
            type: 'Unknown',
            originalType: 'SwapOrder',
            humanDescription: hostile,
            raw: { type: 'SwapOrder', methodName: hostile },
          },
          note: hostile,
        }),
        {
          type: 'UNREADABLE',
          raw: { type: 'TRANSACTION', transaction: { id: 'multisig_x_y' } },
          issues: 'transaction.txStatus: Invalid option',
        },
      ],
    });
    expect(document.querySelector('img[src="x"]')).toBeNull();
    const row = screen.getAllByTestId('tx-row')[0]!;
    expect(within(row).getByTestId('tx-kind')).toHaveTextContent('Swap order');
    expect(
      within(row).getByTestId('tx-summary').textContent!.startsWith('<img src=x onerror=alert(1)>'),
    ).toBe(true);
    expect(within(row).getByTestId('tx-summary').textContent!.length).toBeLessThan(400);
    const unreadable = screen.getByTestId('tx-row-unreadable');
    expect(unreadable).toHaveTextContent('Unreadable entry');
    expect(unreadable).toHaveTextContent('transaction.txStatus: Invalid option');
    expect(unreadable.getAttribute('href')).toContain('multisig_x_y');
    expect(teamSafe.owners).toHaveLength(3);
  });
});
