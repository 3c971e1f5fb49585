import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SafeInfo, TransactionListPage } from '@countersign/gateway-api';
import { fakeGateway, renderSafePage, teamSafe, testSafe } from '../../testing';
import { historyQueryOptions } from '../safe';
import { HistoryPage } from './HistoryPage';
import { executed, native, transfer } from './testFixtures';

function renderHistory(safe: SafeInfo, page: TransactionListPage) {
  return renderSafePage(<HistoryPage />, {
    path: '/h',
    safe,
    seed: (client) =>
      client.setQueryData(historyQueryOptions(fakeGateway(), '1337', testSafe.address).queryKey, {
        pages: [page],
        pageParams: [null],
      }),
  });
}

const onePayment: TransactionListPage = {
  count: 1,
  next: null,
  previous: null,
  results: [executed(transfer(native('1000000000000000000')))],
};

describe('HistoryPage', () => {
  it('says how far back the history is complete while the gateway still reads the past', async () => {
    const timestamp = Date.UTC(2026, 10, 2, 9, 30);
    renderHistory({ ...teamSafe, historyCompleteFrom: { blockNumber: 1234567, timestamp } }, onePayment);
    const notice = await screen.findByTestId('history-partial');
    expect(notice).toHaveTextContent('Older history is still being read');
    expect(notice).toHaveTextContent('complete back to block 1,234,567 (');
    expect(screen.getByTestId('history-end')).toHaveTextContent('Complete back to block 1,234,567 (');
    expect(screen.getByTestId('history-end')).toHaveTextContent('older transactions are still being read');
    expect(screen.queryByText('The beginning of this Safe’s history.')).not.toBeInTheDocument();
  });

  it('does not call a history still being read empty', async () => {
    renderHistory(
      { ...teamSafe, historyCompleteFrom: { blockNumber: 88, timestamp: null } },
      { count: 0, next: null, previous: null, results: [] },
    );
    expect(await screen.findByTestId('history-partial')).toHaveTextContent('complete back to block 88;');
    expect(screen.queryByTestId('history-empty')).not.toBeInTheDocument();
  });

  it('ends at the beginning of the Safe’s history once the past is read', async () => {
    renderHistory(teamSafe, onePayment);
    expect(await screen.findByTestId('history-end')).toHaveTextContent(
      'The beginning of this Safe’s history.',
    );
    expect(screen.queryByTestId('history-partial')).not.toBeInTheDocument();
  });
});
