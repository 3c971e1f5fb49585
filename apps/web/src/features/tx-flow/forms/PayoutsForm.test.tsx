import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderSafePage, teamSafeAddress } from '../../../testing';
import { balancesQueryOptions } from '../../assets';
import { safeKey } from '../../safe';
import type { TxDraft } from '../draft';
import { PayoutsForm } from './PayoutsForm';

const NATIVE = '0x0000000000000000000000000000000000000000';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The form on a Safe holding 10 ETH, on a chain whose blocks hold `blockGasLimit`. */
function open(blockGasLimit: bigint) {
  const onReview = vi.fn<(draft: TxDraft) => void>();
  renderSafePage(<PayoutsForm onReview={onReview} />, {
    seed: (client) => {
      client.setQueryData(balancesQueryOptions(fakeGateway(), '1337', teamSafeAddress, 'usd').queryKey, {
        fiatTotal: '0',
        items: [
          {
            tokenInfo: {
              type: 'NATIVE_TOKEN',
              address: NATIVE,
              decimals: 18,
              symbol: 'ETH',
              name: 'Ether',
              logoUri: null,
            },
            balance: '10000000000000000000',
            fiatBalance: null,
            fiatConversion: null,
            fiatBalance24hChange: null,
          },
        ],
      });
      client.setQueryData(safeKey('1337', teamSafeAddress, 'chain-state', 'block-gas-limit'), blockGasLimit);
    },
  });
  return { onReview, user: userEvent.setup() };
}

describe('PayoutsForm', () => {
  it('reads a pasted CSV, names its bad lines, and reviews the good one as one transaction', async () => {
    const { onReview, user } = open(30_000_000n);
    const csv = await screen.findByTestId('payouts-csv');
    await user.click(csv);
    await user.paste(`recipient,token,amount\n${ALICE},ETH,0.5\nnobody,ETH,1`);
    expect(await screen.findByTestId('payouts-problems')).toHaveTextContent('Line 3:');
    expect(screen.queryByTestId('form-continue')).toBeNull();

    await user.clear(csv);
    await user.paste(`${ALICE},,0.5`);
    expect(await screen.findByTestId('payouts-summary')).toHaveTextContent(
      '1 payments: 1 in ETH (0.5 in all).',
    );
    await user.click(await screen.findByTestId('form-continue'));
    expect(onReview).toHaveBeenCalledWith({
      title: 'Pay 1 recipient',
      actions: [{ to: ALICE, value: 5n * 10n ** 17n, data: '0x', label: `Send 0.5 ETH to ${ALICE}` }],
    });
  });

  it('splits what a block cannot hold only once the owner agrees, and reviews each part', async () => {
    const { onReview, user } = open(100_000n);
    await user.click(await screen.findByTestId('payouts-csv'));
    await user.paste(`${ALICE},ETH,1\n${ALICE},ETH,2\n${ALICE},ETH,3`);
    expect(await screen.findByTestId('payouts-split')).toHaveTextContent('They can go as 3 transactions');
    expect(screen.queryByTestId('form-continue')).toBeNull();
    expect(screen.queryByTestId('payouts-parts')).toBeNull();
    await user.click(screen.getByTestId('payouts-split-consent'));
    const parts = screen.getAllByTestId('payouts-review-part');
    expect(parts).toHaveLength(3);
    await user.click(parts[1]!);
    expect(onReview).toHaveBeenCalledWith({
      title: 'Pay 1 recipient (part 2 of 3)',
      actions: [{ to: ALICE, value: 2n * 10n ** 18n, data: '0x', label: `Send 2 ETH to ${ALICE}` }],
    });
  });
});
