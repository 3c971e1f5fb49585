import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, parseAbi } from 'viem';
import type { TxDraft } from '../draft';
import { ContractForm } from './ContractForm';
import { renderSafePage } from '../../../testing';

configure({ asyncUtilTimeout: 5_000 });

const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const abi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'a', type: 'address' }] },
  {
    type: 'function',
    name: 'setRoot',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'root', type: 'bytes32' },
      { name: 'active', type: 'bool' },
    ],
  },
  {
    type: 'function',
    name: 'deposit',
    stateMutability: 'payable',
    inputs: [{ name: 'amounts', type: 'uint8[]' }],
  },
];

function open(initial: { to?: string } = {}) {
  const onReview = vi.fn<(draft: TxDraft) => void>();
  const user = userEvent.setup();
  renderSafePage(<ContractForm onReview={onReview} initial={initial} />);
  return { user, onReview };
}

const field = (testId: string) => screen.getByTestId(testId);
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

describe('ContractForm', () => {
  it('says nothing about the fields the user has not reached when an ABI is pasted', async () => {
    const { user } = open();
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    await user.selectOptions(field('contract-function'), 'deposit(uint8[])');
    expect(errorOf('contract-address')).toBeUndefined();
    expect(errorOf('contract-param-0')).toBeUndefined();
    expect(errorOf('contract-value')).toBeUndefined();
    // Left empty, the address says so.
    await user.click(field('contract-address'));
    await user.tab();
    expect(errorOf('contract-address')).toBe('Enter an address.');
  });

  it('lists the write functions of a pasted ABI and builds the call from typed parameters', async () => {
    const { user, onReview } = open({ to: TOKEN });
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    expect(screen.getByTestId('contract-abi-hint')).toHaveTextContent(
      '2 functions to call; 1 view or pure left out.',
    );
    const options = within(field('contract-function')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'setRoot(bytes32,bool)',
      'deposit(uint8[]) (payable)',
    ]);
    expect(screen.queryByTestId('contract-value')).toBeNull();

    await user.type(field('contract-param-0'), '0x1234');
    await user.click(field('form-continue'));
    expect(errorOf('contract-param-0')).toBe(
      'Must be exactly 32 bytes (0x and 64 hexadecimal digits); this is 2.',
    );
    expect(errorOf('contract-param-1')).toBe('Choose true or false.');
    await waitFor(() => expect(field('contract-param-0')).toHaveFocus());
    expect(onReview).not.toHaveBeenCalled();

    const root = `0x${'ab'.repeat(32)}`;
    await user.clear(field('contract-param-0'));
    await user.type(field('contract-param-0'), root);
    await user.selectOptions(field('contract-param-1'), 'true');
    await user.click(field('form-continue'));
    const [action] = onReview.mock.calls[0]![0].actions;
    expect(action).toMatchObject({ to: TOKEN, value: 0n, label: `Call setRoot(${root}, true) on ${TOKEN}` });
    expect(
      decodeFunctionData({ abi: parseAbi(['function setRoot(bytes32,bool)']), data: action!.data }).args,
    ).toEqual([root, true]);
  });

  it('offers a value for a payable function', async () => {
    const { user, onReview } = open({ to: TOKEN });
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    await user.selectOptions(field('contract-function'), 'deposit(uint8[])');
    await user.type(field('contract-param-0'), '1, 2, 300');
    await user.type(field('contract-value'), '0.5');
    await user.click(field('form-continue'));
    expect(errorOf('contract-param-0')).toBe('Item 3: Must be between 0 and 255 (uint8).');
    await user.clear(field('contract-param-0'));
    await user.type(field('contract-param-0'), '1, 2, 3');
    await user.click(field('form-continue'));
    expect(onReview.mock.calls[0]![0].actions[0]).toMatchObject({
      value: 5n * 10n ** 17n,
      label: `Call deposit([1, 2, 3]) on ${TOKEN} with 0.5 ETH`,
    });
  });

  it('says what is wrong with the ABI as soon as it is pasted', async () => {
    const { user } = open();
    await user.click(field('contract-abi'));
    await user.paste('[{"type":"function","name":"x","stateMutability":"view","inputs":[]}]');
    expect(errorOf('contract-abi')).toBe(
      'This ABI has no function to call: it has only view and pure functions, which need no transaction.',
    );
  });

  it('sends raw data with a value', async () => {
    const { user, onReview } = open();
    await user.type(field('contract-address'), ALICE.toLowerCase());
    await user.click(field('contract-mode-raw'));
    await user.type(field('contract-data'), '0xabc');
    await user.click(field('form-continue'));
    expect(errorOf('contract-data')).toMatch(/odd number/);
    await user.type(field('contract-data'), 'd');
    await user.type(field('contract-value'), '1');
    await user.click(field('form-continue'));
    expect(onReview.mock.calls[0]![0]).toEqual({
      title: 'Contract interaction',
      actions: [
        {
          to: ALICE,
          value: 10n ** 18n,
          data: '0xabcd',
          label: `Call ${ALICE} with 2 bytes of data and 1 ETH`,
        },
      ],
    });
  });
});
