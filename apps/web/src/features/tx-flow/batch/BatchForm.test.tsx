import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { teamSafeAddress, renderSafePage } from '../../../testing';
import type { TxAction, TxDraft } from '../draft';
import { addToBatch, batchKey, parseStoredBatch, readBatch } from './batchStore';
import { BatchForm } from './BatchForm';
import { txBuilderChecksum } from './txBuilderFile';

configure({ asyncUtilTimeout: 5_000 });

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const send = (label: string, value = 1n): TxAction => ({ to: ALICE, value, data: '0x', label });

function open(labels: string[] = []) {
  for (const label of labels) addToBatch('1337', teamSafeAddress, send(label));
  const onReview = vi.fn<(draft: TxDraft) => void>();
  const user = userEvent.setup();
  const view = renderSafePage(<BatchForm onReview={onReview} />);
  return { user, onReview, ...view };
}

const shown = () => screen.queryAllByTestId('batch-item-label').map((label) => label.textContent);
const stored = () =>
  parseStoredBatch(JSON.parse(localStorage.getItem(batchKey('1337', teamSafeAddress)) ?? 'null')).map(
    (item) => item.action.label,
  );
const itemAt = (index: number) => screen.getAllByTestId('batch-item')[index]!;

describe('BatchForm', () => {
  it('says how to fill an empty batch', () => {
    open();
    expect(screen.getByTestId('batch-empty')).toHaveTextContent('Add to batch');
  });

  it('lists the calls in order, and moves them up and down, keeping the order in storage', async () => {
    const { user } = open(['first', 'second', 'third']);
    expect(shown()).toEqual(['first', 'second', 'third']);
    expect(screen.getByTestId('batch-count')).toHaveTextContent('3 transactions');
    expect(within(itemAt(0)).getByTestId('batch-move-up')).toBeDisabled();
    expect(within(itemAt(2)).getByTestId('batch-move-down')).toBeDisabled();

    await user.click(within(itemAt(2)).getByTestId('batch-move-up'));
    expect(shown()).toEqual(['first', 'third', 'second']);
    expect(stored()).toEqual(['first', 'third', 'second']);
    // The focus follows the moved call, for the next key press.
    await waitFor(() => expect(within(itemAt(1)).getByTestId('batch-move-up')).toHaveFocus());
    expect(screen.getByTestId('batch-announcement')).toHaveTextContent('Moved “third” to position 2 of 3.');

    await user.keyboard('{Enter}');
    expect(shown()).toEqual(['third', 'first', 'second']);
    // At the top its up arrow is disabled: the focus moves to its down arrow.
    await waitFor(() => expect(within(itemAt(0)).getByTestId('batch-move-down')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(stored()).toEqual(['first', 'third', 'second']);
  });

  it('removes a call, the focus going to its neighbour', async () => {
    const { user } = open(['first', 'second', 'third']);
    await user.click(within(itemAt(1)).getByTestId('batch-remove'));
    expect(shown()).toEqual(['first', 'third']);
    expect(stored()).toEqual(['first', 'third']);
    await waitFor(() => expect(within(itemAt(1)).getByTestId('batch-remove')).toHaveFocus());
  });

  it('keeps the batch across visits, and clears it once confirmed', async () => {
    const first = open(['first', 'second']);
    first.unmount();
    const { user } = open();
    expect(shown()).toEqual(['first', 'second']);
    await user.click(screen.getByTestId('batch-clear'));
    await user.click(await screen.findByTestId('batch-clear-confirm'));
    expect(screen.getByTestId('batch-empty')).toBeInTheDocument();
    expect(readBatch('1337', teamSafeAddress)).toEqual([]);
  });

  it('shows what another tab adds', async () => {
    open(['first']);
    addToBatch('1337', teamSafeAddress, send('from elsewhere'));
    await waitFor(() => expect(shown()).toEqual(['first', 'from elsewhere']));
  });

  it('hands every call, in order, to the review as one draft', async () => {
    const { user, onReview } = open(['first', 'second']);
    await user.click(within(itemAt(1)).getByTestId('batch-move-up'));
    await user.click(screen.getByTestId('batch-continue'));
    expect(onReview).toHaveBeenCalledWith({
      title: 'Batch of 2 transactions',
      actions: [
        { ...send('second'), operation: 0 },
        { ...send('first'), operation: 0 },
      ],
      onSubmitted: expect.any(Function),
    });
  });

  it('warns when the batch changes the Safe’s settings more than once', () => {
    for (const label of ['Add owner', 'Remove owner'])
      addToBatch('1337', teamSafeAddress, { to: teamSafeAddress, value: 0n, data: '0x12345678', label });
    open();
    expect(screen.getByTestId('batch-settings-warning')).toHaveTextContent(
      'changes the Safe’s settings 2 times',
    );
  });

  it('imports a Transaction Builder file, says whether its checksum matches, and names what it refuses', async () => {
    const { user } = open();
    const file = {
      version: '1.0',
      chainId: '1337',
      createdAt: 1,
      meta: { name: 'Grants', createdFromSafeAddress: teamSafeAddress },
      transactions: [
        { to: ALICE, value: '1000', data: null, contractMethod: null, contractInputsValues: null },
        {
          to: ALICE,
          value: '0',
          data: null,
          contractMethod: {
            inputs: [{ internalType: 'uint256', name: 'amount', type: 'uint256' }],
            name: 'burn',
            payable: false,
          },
          contractInputsValues: { amount: '5' },
        },
      ],
    };
    const withChecksum = { ...file, meta: { ...file.meta, checksum: txBuilderChecksum(file) } };
    await user.upload(
      screen.getByTestId('batch-import-file'),
      new File([JSON.stringify(withChecksum)], 'grants.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId('batch-imported')).toHaveTextContent(
      'Imported 2 transactions from “Grants”Its checksum matches',
    );
    expect(shown()).toEqual(['Contract call', 'burn(uint256) (Transaction Builder)']);
    expect(readBatch('1337', teamSafeAddress)[1]?.action.data).toBe(
      '0x42966c680000000000000000000000000000000000000000000000000000000000000005',
    );

    const broken = { ...file, transactions: [{ to: 'nowhere', value: '1' }] };
    await user.upload(
      screen.getByTestId('batch-import-file'),
      new File([JSON.stringify(broken)], 'broken.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId('batch-import-error')).toHaveTextContent(
      'broken.json was not importedTransaction 1: to is invalid',
    );
    expect(shown()).toHaveLength(2);
  });
});
