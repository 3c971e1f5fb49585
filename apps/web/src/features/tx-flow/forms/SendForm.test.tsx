import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, erc20Abi } from 'viem';
import type { Balance, Balances } from '@countersign/gateway-api';
import { fakeGateway, teamSafe, teamSafeAddress, renderSafePage } from '../../../testing';
import { AddressBookNames, setAddressName } from '../../address-book';
import { balancesQueryOptions } from '../../assets';
import { historyQueryOptions } from '../../safe';
import { readBatch } from '../batch';
import type { TxDraft } from '../draft';
import { SendForm } from './SendForm';

configure({ asyncUtilTimeout: 5_000 });

const NATIVE = '0x0000000000000000000000000000000000000000';
const DUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const EMPTY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

const item = (
  type: Balance['tokenInfo']['type'],
  address: string,
  symbol: string,
  decimals: number | null,
  balance: string,
  fiatBalance: string,
): Balance => ({
  tokenInfo: { type, address, decimals, symbol, name: `${symbol} token`, logoUri: null },
  balance,
  fiatBalance,
  fiatConversion: '1',
  fiatBalance24hChange: null,
});

const balances: Balances = {
  fiatTotal: '100',
  items: [
    item('NATIVE_TOKEN', NATIVE, 'ETH', 18, '10600000000000000000', '90'),
    item('ERC20', DUSD, 'DUSD', 6, '2500000', '10'),
    item('ERC20', EMPTY, 'NONE', 18, '0', '0'),
  ],
};

/** The history's one page: the Safe paid Dave 1 ETH in its transaction 0. */
const paidDave = {
  pages: [
    {
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          type: 'TRANSACTION' as const,
          conflictType: 'None' as const,
          transaction: {
            id: 'multisig_paid_dave',
            timestamp: 0,
            txStatus: 'SUCCESS' as const,
            txInfo: {
              type: 'Transfer' as const,
              sender: { value: teamSafeAddress, name: null, logoUri: null },
              recipient: { value: DAVE, name: null, logoUri: null },
              direction: 'OUTGOING' as const,
              transferInfo: { type: 'NATIVE_COIN' as const, value: '1000000000000000000' },
              humanDescription: null,
            },
            executionInfo: {
              type: 'MULTISIG' as const,
              nonce: 0,
              confirmationsRequired: 2,
              confirmationsSubmitted: 2,
              missingSigners: null,
            },
            safeAppInfo: null,
            txHash: null,
            note: null,
          },
        },
      ],
    },
  ],
  pageParams: [null],
};

function open(initialToken?: string, { history = false } = {}) {
  const onReview = vi.fn<(draft: TxDraft) => void>();
  const user = userEvent.setup();
  renderSafePage(
    <AddressBookNames chainId="1337">
      <SendForm onReview={onReview} initialToken={initialToken} />
    </AddressBookNames>,
    {
      seed: (client) => {
        client.setQueryData(
          balancesQueryOptions(fakeGateway(), '1337', teamSafeAddress, 'usd').queryKey,
          balances,
        );
        if (history)
          client.setQueryData(historyQueryOptions(fakeGateway(), '1337', teamSafeAddress).queryKey, paidDave);
      },
    },
  );
  return { user, onReview };
}

const field = (testId: string) => screen.getByTestId(testId);
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

describe('SendForm', () => {
  it('offers the tokens with a balance, and starts with the one the link names', async () => {
    open(DUSD.toLowerCase());
    const select = await screen.findByTestId('send-token');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^ETH · 10[.,]6$/),
      expect.stringMatching(/^DUSD · 2[.,]5$/),
    ]);
    expect(select).toHaveValue(DUSD.toLowerCase());
    expect(screen.getByTestId('send-token-balance')).toHaveTextContent(
      'DUSD token (ERC-20): the Safe holds 2.5 DUSD.',
    );
  });

  it('says so when the linked token is not one the Safe can send', async () => {
    open(EMPTY);
    expect(await screen.findByTestId('send-linked-missing')).toHaveTextContent(EMPTY);
    expect(field('send-token')).toHaveValue(NATIVE);
  });

  it('checks the recipient once the field is left, and names its problem', async () => {
    const { user } = open();
    await user.type(await screen.findByTestId('send-recipient'), '0x1234');
    expect(errorOf('send-recipient')).toBeUndefined();
    await user.tab();
    expect(errorOf('send-recipient')).toBe('Not a valid address: 0x followed by 40 hexadecimal characters.');
    expect(field('send-recipient')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field('send-recipient'));
    await user.type(field('send-recipient'), ALICE.toLowerCase());
    expect(errorOf('send-recipient')).toBeUndefined();
    // The address reads back checksummed, for the user to compare.
    expect(screen.getByTestId('send-recipient-preview')).toHaveTextContent(ALICE);
  });

  it('finds a recipient by name among the address book and the owners, by keyboard or pointer', async () => {
    const carol = teamSafe.owners[1]!.value;
    setAddressName('1337', DAVE, 'Dave');
    setAddressName('1337', carol, 'Carol');
    // Not offered: the field would warn that it is the Safe itself.
    setAddressName('1337', teamSafeAddress, 'Team vault');
    const { user, onReview } = open();
    const recipient = await screen.findByRole('combobox', { name: 'Recipient' });
    const suggestions = screen.getByTestId('send-recipient-suggestions');
    expect(recipient).toHaveAttribute('aria-expanded', 'false');

    await user.type(recipient, 'a');
    expect(recipient).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Known addresses' })).toBe(suggestions);
    const names = within(suggestions)
      .getAllByRole('option')
      .map((option) => option.textContent?.replace(/\s+/g, ' ').trim());
    expect(names).toEqual(['Carol 0x3C44…93BC Owner', 'Dave 0x15d3…6A65']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const dave = within(suggestions).getByRole('option', { name: /Dave/ });
    expect(dave).toHaveAttribute('aria-selected', 'true');
    expect(recipient).toHaveAttribute('aria-activedescendant', dave.id);
    await user.keyboard('{Enter}');
    expect(recipient).toHaveValue(DAVE);
    expect(suggestions).not.toBeVisible();
    expect(onReview).not.toHaveBeenCalled();
    expect(within(field('send-recipient-preview')).getByTestId('address-name')).toHaveTextContent('Dave');

    await user.clear(recipient);
    await user.type(recipient, 'CAR');
    await user.click(within(suggestions).getByRole('option', { name: /Carol/ }));
    expect(recipient).toHaveValue(carol);
    expect(recipient).toHaveFocus();
    expect(errorOf('send-recipient')).toBeUndefined();

    await user.clear(recipient);
    await user.type(recipient, 'd');
    expect(suggestions).toBeVisible();
    await user.keyboard('{Escape}');
    expect(suggestions).not.toBeVisible();
    expect(recipient).toHaveValue('d');
  });

  it('warns, without refusing, when the recipient is the Safe itself', async () => {
    const { user } = open();
    await user.type(await screen.findByTestId('send-recipient'), teamSafeAddress);
    expect(screen.getByTestId('send-recipient-warning')).toHaveTextContent('the Safe itself');
  });

  it('warns of a pasted look-alike of an owner, of a named entry or of a paid address, and still goes on', async () => {
    setAddressName('1337', teamSafe.owners[2]!.value, 'Erin');
    const { user, onReview } = open(undefined, { history: true });
    const recipient = await screen.findByTestId('send-recipient');
    const imitate = (address: string) => `0x${address.slice(2, 6)}${'0'.repeat(32)}${address.slice(-4)}`;
    const pasteInto = async (text: string) => {
      await user.clear(recipient);
      await user.click(recipient);
      await user.paste(text);
    };

    await pasteInto(imitate(ALICE));
    expect(screen.getByTestId('send-recipient-warning')).toHaveTextContent(
      'Looks like the owner 0x7099…79C8 but is a different address. Check every character.',
    );
    await pasteInto(imitate(teamSafe.owners[2]!.value));
    expect(screen.getByTestId('send-recipient-warning')).toHaveTextContent(
      'Looks like “Erin” (0x90F7…b906) but is a different address. Check every character.',
    );
    await pasteInto(imitate(DAVE).toLowerCase());
    expect(screen.getByTestId('send-recipient-warning')).toHaveTextContent(
      'Looks like 0x15d3…6A65, an address this Safe has sent to, but is a different address.',
    );
    // A warning, not an error: the form goes on to the review.
    await user.type(field('send-amount'), '0.25');
    await user.click(field('form-continue'));
    expect(onReview).toHaveBeenCalledTimes(1);
  });

  it('notes a recipient the Safe has never sent to, and not one it has', async () => {
    const { user } = open(undefined, { history: true });
    const recipient = await screen.findByTestId('send-recipient');
    await user.type(recipient, ALICE);
    expect(screen.queryByTestId('send-recipient-warning')).not.toBeInTheDocument();
    expect(screen.getByTestId('send-recipient-notice')).toHaveTextContent(
      'This Safe has never sent anything to this address.',
    );
    await user.clear(recipient);
    await user.type(recipient, DAVE);
    expect(screen.queryByTestId('send-recipient-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('send-recipient-warning')).not.toBeInTheDocument();
  });

  it('refuses too many decimals and more than the balance while the amount is typed', async () => {
    const { user } = open(DUSD);
    // "0." is on its way to an amount: not an error yet.
    await user.type(await screen.findByTestId('send-amount'), '0.');
    expect(errorOf('send-amount')).toBeUndefined();
    await user.clear(field('send-amount'));
    await user.type(field('send-amount'), '1.1234567');
    expect(errorOf('send-amount')).toBe('DUSD has 6 decimals: write at most 6 digits after the point.');
    await user.clear(field('send-amount'));
    await user.type(field('send-amount'), '2.6');
    expect(errorOf('send-amount')).toBe('That is more than the Safe holds: 2.5 DUSD.');
    await user.click(screen.getByTestId('send-max'));
    expect(field('send-amount')).toHaveValue('2.5');
    expect(errorOf('send-amount')).toBeUndefined();
  });

  it('shows every error on Continue and moves the focus to the first', async () => {
    const { user, onReview } = open();
    await user.click(await screen.findByTestId('form-continue'));
    expect(errorOf('send-recipient')).toBe('Enter an address.');
    expect(errorOf('send-amount')).toBe('Enter an amount.');
    await waitFor(() => expect(field('send-recipient')).toHaveFocus());
    expect(onReview).not.toHaveBeenCalled();
  });

  it('hands an ERC-20 transfer to the review', async () => {
    const { user, onReview } = open(DUSD);
    await user.type(await screen.findByTestId('send-recipient'), ALICE);
    await user.type(field('send-amount'), '1.5');
    await user.click(field('form-continue'));
    expect(onReview).toHaveBeenCalledTimes(1);
    const draft = onReview.mock.calls[0]![0];
    expect(draft.title).toBe('Send tokens');
    const [action] = draft.actions;
    expect(action).toMatchObject({ to: DUSD, value: 0n, label: `Send 1.5 DUSD to ${ALICE}` });
    expect(decodeFunctionData({ abi: erc20Abi, data: action!.data })).toEqual({
      functionName: 'transfer',
      args: [ALICE, 1_500_000n],
    });
  });

  it('sends the native coin as the value, and adds to the batch', async () => {
    const { user, onReview } = open();
    await user.type(await screen.findByTestId('send-recipient'), ALICE);
    await user.type(field('send-amount'), '0.25');
    await user.click(field('form-add-to-batch'));
    expect(onReview).not.toHaveBeenCalled();
    expect(screen.getByTestId('batch-added')).toHaveTextContent(
      'Added to the batch, which now holds 1 transaction.',
    );
    expect(readBatch('1337', teamSafeAddress).map((entry) => entry.action)).toEqual([
      {
        to: ALICE,
        value: 250_000_000_000_000_000n,
        data: '0x',
        operation: 0,
        label: `Send 0.25 ETH to ${ALICE}`,
      },
    ]);
    await user.click(field('form-continue'));
    expect(onReview.mock.calls[0]![0].actions).toEqual([
      { to: ALICE, value: 250_000_000_000_000_000n, data: '0x', label: `Send 0.25 ETH to ${ALICE}` },
    ]);
    expect(screen.getByTestId('batch-line')).toHaveTextContent('The batch holds 1 transaction.');
  });
});
