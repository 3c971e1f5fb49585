import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { devnetChain, renderRoutes } from '../../testing';
import { setAddressName } from '../address-book';
import { chainKeys } from '../chains';
import { planSafeDeployment } from './deployment';
import { NewSafePage } from './NewSafePage';

// Nothing answers at the chain's RPC (and the test's gateway is a fake that answers nothing).
const chain = {
  ...devnetChain,
  rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:9' },
} as const;

const ownerA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ownerB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** The page over a cache that holds the chain list already, with no wallet connected. */
function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(chainKeys.all, [chain]);
  const { router } = renderRoutes(
    [
      { path: '/new-safe', element: <NewSafePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/new-safe',
    { queryClient },
  );
  return { router, user: userEvent.setup() };
}

const ownerRows = () => screen.getAllByTestId('new-safe-owner');
const addressOf = (row: number) => within(ownerRows()[row]!).getByTestId('new-safe-owner-address');
const nameOf = (row: number) => within(ownerRows()[row]!).getByTestId('new-safe-owner-name');
const predicted = () =>
  within(screen.getByTestId('new-safe-predicted-address')).getByTestId('address-value').textContent;

describe('the /new-safe route', () => {
  it('is the New Safe page, not a Safe id, and takes Safe{Wallet} links', () => {
    expect(matchRoutes(routes, '/new-safe')?.at(-1)?.route.path).toBe('new-safe');
    expect(matchRoutes(routes, '/new-safe/create')?.at(-1)?.route.path).toBe('new-safe/create');
    expect(matchRoutes(routes, '/local:0x0000000000000000000000000000000000000001')?.at(1)?.route.path).toBe(
      ':safeId',
    );
  });
});

describe('the New Safe form', () => {
  it('starts on the current chain with one owner, threshold 1 and a random salt nonce', () => {
    renderPage();
    expect(screen.getByTestId('new-safe-chain')).toHaveTextContent('Countersign Devnet');
    expect(ownerRows()).toHaveLength(1);
    expect(screen.getByTestId('new-safe-threshold')).toHaveValue('1');
    expect((screen.getByTestId('new-safe-salt') as HTMLInputElement).value).toMatch(/^[0-9]+$/);
    expect(screen.getByTestId('new-safe-predicted-pending')).toBeVisible();
    expect(screen.getByTestId('new-safe-submit')).toHaveTextContent('Connect wallet to create');
  });

  it('shows every error on Create and moves the focus to the first', async () => {
    const { user } = renderPage();
    await user.click(screen.getByTestId('new-safe-submit'));
    expect(screen.getByText("Enter the owner's address.")).toBeVisible();
    expect(addressOf(0)).toHaveFocus();
    expect(addressOf(0)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('new-safe-notice')).toBeNull();
  });

  // Types into many fields one key at a time: about 3 s alone, more on a busy machine.
  it('checksums owners as they are left, refuses duplicates, and offers thresholds up to the owner count', async () => {
    const { user } = renderPage();
    await user.type(addressOf(0), ownerA.toLowerCase());
    await user.type(nameOf(0), 'Alice');
    expect(addressOf(0)).toHaveValue(ownerA);

    await user.click(screen.getByTestId('new-safe-add-owner'));
    expect(addressOf(1)).toHaveFocus();
    await user.type(addressOf(1), `local:${ownerA.toUpperCase().replace('0X', '0x')}`);
    await user.tab();
    expect(within(ownerRows()[1]!).getByTestId('new-safe-owner-address-error')).toHaveTextContent(
      'Owner 1 already has this address',
    );
    await user.clear(addressOf(1));
    await user.type(addressOf(1), ownerB);
    await user.tab();
    expect(within(ownerRows()[1]!).queryByTestId('new-safe-owner-address-error')).toBeNull();

    const threshold = screen.getByTestId('new-safe-threshold');
    expect(
      within(threshold)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2']);
    await user.selectOptions(threshold, '2');
    expect(screen.getByText('out of 2 owners')).toBeVisible();

    // Removing an owner brings the threshold back within range and keeps the focus in the list.
    await user.click(within(ownerRows()[1]!).getByTestId('new-safe-owner-remove'));
    expect(ownerRows()).toHaveLength(1);
    expect(threshold).toHaveValue('1');
    expect(addressOf(0)).toHaveFocus();
    expect(within(ownerRows()[0]!).getByTestId('new-safe-owner-remove')).toBeDisabled();
  }, 15_000);

  it('shows the predicted address once the form is complete, and a new one for a new salt nonce', async () => {
    const { user } = renderPage();
    await user.type(addressOf(0), ownerA);
    await user.click(screen.getByTestId('new-safe-add-owner'));
    await user.type(addressOf(1), ownerB);
    await user.selectOptions(screen.getByTestId('new-safe-threshold'), '2');
    const salt = screen.getByTestId('new-safe-salt');
    await user.clear(salt);
    await user.type(salt, '42');
    const expected = planSafeDeployment({
      chainId: chain.chainId,
      owners: [ownerA, ownerB],
      threshold: 2,
      saltNonce: 42n,
    }).predictedAddress;
    expect(predicted()).toBe(expected);

    await user.click(screen.getByTestId('new-safe-salt-random'));
    expect(salt).not.toHaveValue('42');
    expect(predicted()).not.toBe(expected);

    await user.clear(salt);
    await user.type(salt, '0x2a');
    await user.tab();
    expect(screen.getByText(/digits 0 to 9 only/)).toBeVisible();
    expect(screen.getByTestId('new-safe-predicted-pending')).toBeVisible();
  });

  it("shows a known owner's address-book name without typing it in, and says when a new one replaces it", async () => {
    setAddressName(chain.chainId, ownerA, 'Alice (owner A)');
    const { user } = renderPage();
    await user.type(addressOf(0), ownerA.toLowerCase());
    await user.click(nameOf(0));
    expect(nameOf(0)).toHaveValue('');
    expect(nameOf(0)).toHaveAttribute('placeholder', 'Alice (owner A)');
    expect(nameOf(0)).toHaveAccessibleDescription('From your address book; type to give another.');
    await user.keyboard('Alice');
    expect(nameOf(0)).toHaveValue('Alice');
    expect(nameOf(0)).toHaveAccessibleDescription(
      'Creating the Safe replaces “Alice (owner A)” in your address book.',
    );
  });

  it('asks for a wallet when Create is pressed without one, and keeps the form', async () => {
    const { user, router } = renderPage();
    await user.type(addressOf(0), ownerA);
    await user.click(screen.getByTestId('new-safe-submit'));
    expect(await screen.findByTestId('new-safe-notice')).toHaveTextContent('Connect a wallet');
    expect(addressOf(0)).toHaveValue(ownerA);
    expect(router.state.location.pathname).toBe('/new-safe');
  });
});
