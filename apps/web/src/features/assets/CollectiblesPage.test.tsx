import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collectible } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, renderRoutes, teamSafe, teamSafeAddress } from '../../testing';
import { createSafeRoute } from '../../app/shell/safeRoutes';
import { CollectibleDetailPage } from './CollectibleDetailPage';
import { CollectiblesPage } from './CollectiblesPage';

// The gateway is mocked, but a busy machine can take more than the default second to render.
configure({ asyncUtilTimeout: 5_000 });

const gateway = {
  baseUrl: 'http://127.0.0.1:9',
  getChains: vi.fn(),
  getChain: vi.fn(),
  getSafeInfo: vi.fn(),
  getCollectiblesPage: vi.fn(),
};

const NFT = '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0';
const nft = (id: string, overrides: Partial<Collectible> = {}): Collectible => ({
  address: NFT,
  tokenName: 'Countersign Collectibles',
  tokenSymbol: 'CSC',
  logoUri: 'http://127.0.0.1:9/logo.svg',
  id,
  uri: `data:application/json,{"name":"#${id}"}`,
  name: `Collectible ${id}`,
  description: null,
  imageUri: `https://example.org/${id}.png`,
  metadata: { name: `Collectible ${id}` },
  ...overrides,
});

const page = (results: Collectible[], cursor: string | null) => ({
  count: 3,
  next:
    cursor === null
      ? null
      : `http://127.0.0.1:9/v2/chains/1337/safes/${teamSafeAddress}/collectibles?cursor=${encodeURIComponent(cursor)}`,
  previous: null,
  results,
});

function open(path: string) {
  return renderRoutes(
    [
      createSafeRoute(
        [
          { path: 'assets/collectibles', Component: CollectiblesPage },
          { path: 'assets/collectibles/:contract/:tokenId', Component: CollectibleDetailPage },
        ],
        [],
      ),
    ],
    `/local:${teamSafeAddress}/${path}`,
    { gateway: fakeGateway(gateway) },
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  gateway.getChains.mockResolvedValue({ next: null, previous: null, results: [devnetChain] });
  gateway.getChain.mockResolvedValue(devnetChain);
  gateway.getSafeInfo.mockResolvedValue(teamSafe);
  gateway.getCollectiblesPage.mockImplementation(({ cursor }: { cursor: string | null }) =>
    Promise.resolve(
      cursor === 'limit=2&offset=2'
        ? page([nft('5', { name: null, imageUri: null })], null)
        : page([nft('1'), nft('2')], 'limit=2&offset=2'),
    ),
  );
});

describe('Collectibles', () => {
  it('pages through the v2 list by cursor, with the name, or #id when it has none', async () => {
    const user = userEvent.setup();
    open('assets/collectibles');
    await waitFor(() => expect(screen.getAllByTestId('collectible-card')).toHaveLength(2));
    expect(screen.getByTestId('collectibles-count')).toHaveTextContent('Showing 2 of 3 collectibles');
    await user.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('collectible-card')).toHaveLength(3));
    expect(gateway.getCollectiblesPage.mock.calls.map(([params]) => params)).toEqual([
      { chainId: '1337', safeAddress: teamSafeAddress, cursor: null },
      { chainId: '1337', safeAddress: teamSafeAddress, cursor: 'limit=2&offset=2' },
    ]);
    const cards = screen.getAllByTestId('collectible-card');
    expect(cards.map((card) => within(card).getByTestId('collectible-name').textContent)).toEqual([
      'Collectible 1',
      'Collectible 2',
      '#5',
    ]);
    expect(within(cards[0]!).getByTestId('collectible-collection')).toHaveTextContent(
      'Countersign Collectibles (CSC)',
    );
    // Images: imageUri, else the collection's logo; lazily, without referrer.
    const images = screen.getAllByTestId('nft-image');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://example.org/1.png',
      'https://example.org/2.png',
      'http://127.0.0.1:9/logo.svg',
    ]);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    }
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(cards[2]).toHaveAttribute('href', `/local:${teamSafeAddress}/assets/collectibles/${NFT}/5`);
  });

  it('says when the Safe holds none', async () => {
    gateway.getCollectiblesPage.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
    open('assets/collectibles');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No collectibles yet');
  });

  it('opens the detail of an NFT on a later page, looking through the pages for it', async () => {
    open(`assets/collectibles/${NFT.toLowerCase()}/5`);
    expect(await screen.findByTestId('collectible-title')).toHaveTextContent('#5');
    expect(gateway.getCollectiblesPage).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('collectible-token-id')).toHaveTextContent(/^5$/);
    expect(screen.getByTestId('collectible-uri')).toHaveTextContent('data:application/json,{"name":"#5"}');
    expect(
      within(screen.getByTestId('collectible-contract')).getByRole('link', {
        name: 'View on block explorer',
      }),
    ).toHaveAttribute('href', `http://127.0.0.1:5173/explorer/address/${NFT}`);
  });

  it('says when the Safe does not hold the NFT asked for', async () => {
    open(`assets/collectibles/${NFT}/99`);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'This Safe does not hold this collectible',
    );
    expect(gateway.getCollectiblesPage).toHaveBeenCalledTimes(2);
  });
});

describe('Collectible detail, when a later page fails', () => {
  it('says the list could not be loaded (not that the Safe lacks the NFT), and Retry finds it', async () => {
    const user = userEvent.setup();
    let fail = true;
    gateway.getCollectiblesPage.mockImplementation(({ cursor }: { cursor: string | null }) => {
      if (cursor === null) return Promise.resolve(page([nft('1'), nft('2')], 'limit=2&offset=2'));
      if (fail) return Promise.reject(new Error('503: Service unavailable'));
      return Promise.resolve(page([nft('5')], null));
    });
    open(`assets/collectibles/${NFT}/5`);
    expect(await screen.findByTestId('error-message')).toHaveTextContent('503: Service unavailable');
    expect(screen.queryByText('This Safe does not hold this collectible')).toBeNull();
    fail = false;
    await user.click(screen.getByTestId('retry-button'));
    expect(await screen.findByTestId('collectible-title')).toHaveTextContent('Collectible 5');
  });
});
