import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransactionListPage } from '@countersign/gateway-api';
import { queueQueryOptions } from '../safe';
import { QueuePreview } from './QueuePreview';
import { info, ownerA, ownerB, queued } from './testFixtures';
import { fakeGateway, fakeSigner, renderSafePage, testSafe } from '../../testing';

function renderPreview(page: TransactionListPage, limit?: number) {
  return renderSafePage(<QueuePreview limit={limit} />, {
    path: '/home',
    signer: fakeSigner({ address: ownerB }),
    seed: (client) =>
      client.setQueryData(queueQueryOptions(fakeGateway(), '1337', testSafe.address).queryKey, {
        pages: [page],
        pageParams: [null],
      }),
  });
}

describe('QueuePreview', () => {
  it('says how many wait, shows the next ones with confirmations and the owner’s own state, and links to the queue', () => {
    const signedByB = queued(9, 'HasNext', {
      executionInfo: {
        type: 'MULTISIG',
        nonce: 9,
        confirmationsRequired: 2,
        confirmationsSubmitted: 1,
        missingSigners: [info(ownerA)],
      },
    });
    renderPreview(
      {
        count: 5,
        next: null,
        previous: null,
        results: [
          { type: 'LABEL', label: 'Next' },
          queued(8),
          { type: 'LABEL', label: 'Queued' },
          { type: 'CONFLICT_HEADER', nonce: 9 },
          signedByB,
          queued(9, 'End'),
        ],
      },
      2,
    );
    expect(screen.getByTestId('queue-preview-count')).toHaveTextContent('3 transactions waiting');
    // Said once, under the heading of the card the preview stands in.
    expect(screen.getAllByText(/\d+\+? (transactions? )?waiting/)).toHaveLength(1);
    expect(screen.queryByRole('heading')).toBeNull();
    const items = screen.getAllByTestId('queue-preview-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('queue-preview-confirmations')).toHaveTextContent('1 of 2');
    expect(within(items[0]!).getByTestId('queue-preview-owner-state')).toHaveTextContent(
      'Needs your signature',
    );
    expect(within(items[1]!).getByTestId('queue-preview-owner-state')).toHaveTextContent('You signed');
    expect(items[0]).toHaveTextContent('Send 0.3 ETH to');
    expect(screen.getByTestId('queue-preview-link')).toHaveAttribute('href', testSafe.paths.queue);
    // Three wait, two are listed: the way to the others says how many.
    expect(screen.getByTestId('queue-preview-more')).toHaveTextContent('View all 3 transactions');
    expect(screen.getByTestId('queue-preview-more')).toHaveAttribute('href', testSafe.paths.queue);
  });

  it('offers no “View all” when every waiting transaction is listed', () => {
    renderPreview({
      count: 1,
      next: null,
      previous: null,
      results: [{ type: 'LABEL', label: 'Next' }, queued(8)],
    });
    expect(screen.getAllByTestId('queue-preview-item')).toHaveLength(1);
    expect(screen.queryByTestId('queue-preview-more')).toBeNull();
  });

  it('says when more pages wait, and when nothing does', () => {
    const { unmount } = renderPreview({
      count: 2,
      next: 'http://gw.test/queued?cursor=limit%3D20%26offset%3D20',
      previous: null,
      results: [{ type: 'LABEL', label: 'Next' }, queued(8)],
    });
    expect(screen.getByTestId('queue-preview-count')).toHaveTextContent('1+ transactions waiting');
    expect(screen.getByTestId('queue-preview-more')).toHaveTextContent('View all transactions');
    unmount();
    renderPreview({ count: 0, next: null, previous: null, results: [] });
    expect(screen.getByTestId('queue-preview-empty')).toHaveTextContent('Nothing waits for signatures.');
  });
});
