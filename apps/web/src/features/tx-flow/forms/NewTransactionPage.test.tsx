import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { teamSafe, teamSafeAddress, renderSafePage, testSafe } from '../../../testing';
import { addToBatch } from '../batch';
import { NewTransactionFormPage, NewTransactionPage } from '../pages';

configure({ asyncUtilTimeout: 5_000 });

describe('NewTransactionPage', () => {
  it('lists every kind as a link with what it does, and the batch’s count', async () => {
    addToBatch('1337', teamSafeAddress, { to: teamSafeAddress, value: 0n, data: '0x', label: 'x' });
    const user = userEvent.setup();
    const { router } = renderSafePage(<NewTransactionPage />);
    const send = screen.getByTestId('kind-send');
    expect(send).toHaveAttribute('href', `${testSafe.paths.base}/new-transaction/send`);
    expect(send).toHaveTextContent('Send tokens');
    expect(within(screen.getByTestId('kind-batch')).getByTestId('batch-count-badge')).toHaveTextContent(
      '1 transaction',
    );
    // Nothing to remove on this Safe: said instead of offered.
    expect(screen.getByTestId('kind-disable-module')).toHaveTextContent('No module is enabled.');
    expect(screen.getByTestId('kind-disable-module').tagName).toBe('DIV');
    expect(screen.getByTestId('kind-remove-guard')).not.toHaveAttribute('href');
    // Keyboard: the links are reached with Tab, in order, and followed with Enter.
    await user.tab();
    expect(send).toHaveFocus();
    await user.tab();
    expect(screen.getByTestId('kind-payouts')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`${testSafe.paths.base}/new-transaction/payouts`);
  });

  it('keeps owner changes from a single-owner Safe', () => {
    renderSafePage(<NewTransactionPage />, {
      safe: { ...teamSafe, owners: teamSafe.owners.slice(0, 1), threshold: 1 },
    });
    expect(screen.getByTestId('kind-remove-owner')).toHaveTextContent('The Safe has a single owner.');
    expect(screen.getByTestId('kind-threshold')).not.toHaveAttribute('href');
  });
});

describe('NewTransactionFormPage', () => {
  const route = '/new-transaction/:kind';

  it('says so for a kind that does not exist', () => {
    renderSafePage(<NewTransactionFormPage />, { route, path: '/new-transaction/nope' });
    expect(screen.getByTestId('unknown-kind')).toBeInTheDocument();
  });

  it('shows the kind’s form with the values of the link', async () => {
    renderSafePage(<NewTransactionFormPage />, {
      route,
      path: `/new-transaction/remove-owner?owner=${teamSafe.owners[1]!.value}`,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Remove owner' })).toBeInTheDocument();
    expect(await screen.findByTestId('owner-select')).toHaveValue(teamSafe.owners[1]!.value);
  });
});
