import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, erc721Abi } from 'viem';
import type { Collectible } from '@countersign/gateway-api';
import { fakeGateway, teamSafeAddress, renderSafePage } from '../../../testing';
import { collectiblesQueryOptions } from '../../assets';
import type { TxDraft } from '../draft';
import { NftForm } from './NftForm';

configure({ asyncUtilTimeout: 5_000 });

const CSC = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const nft = (id: string, name: string | null): Collectible => ({
  address: CSC,
  tokenName: 'Countersign Collectibles',
  tokenSymbol: 'CSC',
  logoUri: '',
  id,
  uri: null,
  name,
  description: null,
  imageUri: null,
  metadata: null,
});

function open(initial: { contract?: string; id?: string } = {}) {
  const onReview = vi.fn<(draft: TxDraft) => void>();
  const user = userEvent.setup();
  renderSafePage(<NftForm onReview={onReview} initial={initial} />, {
    seed: (client) =>
      client.setQueryData(collectiblesQueryOptions(fakeGateway(), '1337', teamSafeAddress).queryKey, {
        pages: [{ count: 2, next: null, previous: null, results: [nft('1', 'Sunrise'), nft('7', null)] }],
        pageParams: [null],
      }),
  });
  return { user, onReview };
}

describe('NftForm', () => {
  it('offers the Safe’s NFTs, starting with the linked one, and sends it with safeTransferFrom', async () => {
    const { user, onReview } = open({ contract: CSC.toLowerCase(), id: '7' });
    const select = await screen.findByTestId('nft-select');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CSC #1 · Sunrise', 'CSC #7']);
    expect(select).toHaveValue(`${CSC.toLowerCase()}:7`);
    await user.type(screen.getByTestId('nft-recipient'), ALICE);
    await user.click(screen.getByTestId('form-continue'));
    const draft = onReview.mock.calls[0]![0];
    expect(draft.title).toBe('Send NFT');
    expect(draft.actions[0]).toMatchObject({ to: CSC, value: 0n, label: `Send CSC #7 to ${ALICE}` });
    expect(decodeFunctionData({ abi: erc721Abi, data: draft.actions[0]!.data }).args).toEqual([
      teamSafeAddress,
      ALICE,
      7n,
    ]);
  });

  it('says when the linked NFT is not among those loaded', async () => {
    open({ contract: CSC, id: '99' });
    expect(await screen.findByTestId('nft-linked-missing')).toBeInTheDocument();
    expect(screen.getByTestId('nft-select')).toHaveValue('');
  });
});
