import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayError, type SafeApp } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, teamSafeAddress, renderSafePage } from '../../testing';
import { AppsPage } from './pages';
import { safeApp } from './safeAppFixture';

const gateway = { baseUrl: 'http://127.0.0.1:9', getSafeApps: vi.fn() };

const safe = { features: ['SAFE_APPS'] as string[] };

/** The apps page on the team Safe, on a chain with `safe.features`. */
const openApps = () =>
  renderSafePage(<AppsPage />, {
    gateway: fakeGateway(gateway),
    chain: { ...devnetChain, features: safe.features },
  });

const origin = () => window.location.origin;

function catalogue(): SafeApp[] {
  return [
    safeApp({
      id: 1,
      name: 'Swapper',
      url: 'http://127.0.0.1:4101/app',
      description: 'Trade tokens at the best price',
      tags: ['DeFi', 'DEX'],
      features: ['BATCHED_TRANSACTIONS'],
      provider: { name: 'Swapper Labs', url: 'http://127.0.0.1:4102' },
      developerWebsite: 'http://127.0.0.1:4101',
      socialProfiles: [
        { platform: 'GITHUB', url: 'http://127.0.0.1:4103/swapper' },
        { platform: 'TWITTER', url: 'javascript:alert(1)' },
      ],
    }),
    safeApp({ id: 2, name: 'Vault', description: 'Earn yield', tags: ['DeFi'], featured: true }),
    safeApp({ id: 3, name: 'Gallery', description: 'See your NFTs', tags: ['NFT'], features: ['NEW_THING'] }),
    safeApp({
      id: 4,
      name: 'Allowed here',
      tags: ['Infrastructure'],
      accessControl: { type: 'DOMAIN_ALLOWLIST', value: [`${origin()}/`] },
    }),
    safeApp({
      id: 5,
      name: 'Elsewhere only',
      tags: ['DeFi'],
      accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['http://127.0.0.1:4104'] },
    }),
    safeApp({ id: 6, name: 'Unknown access', accessControl: { type: 'UNKNOWN', value: null } }),
  ];
}

const names = () => screen.queryAllByTestId('app-name').map((name) => name.textContent);
const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  vi.resetAllMocks();
  safe.features = ['SAFE_APPS'];
  gateway.getSafeApps.mockResolvedValue(catalogue());
});

describe('Safe Apps catalogue', () => {
  it('asks the gateway for the chain’s apps with this origin as clientUrl', async () => {
    openApps();
    await screen.findByTestId('apps-grid');
    expect(gateway.getSafeApps).toHaveBeenCalledWith(
      { chainId: '1337', clientUrl: origin() },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('shows allowed apps, featured first, and hides those restricted elsewhere or of unknown access', async () => {
    openApps();
    await screen.findByTestId('apps-grid');
    expect(names()).toEqual(['Vault', 'Allowed here', 'Gallery', 'Swapper']);
    expect(within(card('Vault')).getByTestId('app-featured')).toHaveTextContent('Featured');
    expect(screen.getByTestId('apps-count')).toHaveTextContent('4 apps');
    expect(screen.getByTestId('apps-restricted-note')).toHaveTextContent(
      '2 more apps are listed for Countersign Devnet but restricted to other sites.',
    );
  });

  it('shows an app’s description, tags, features, provider and its http(s) links only', async () => {
    openApps();
    const swapper = within(await screen.findByRole('article', { name: 'Swapper' }));
    expect(swapper.getByTestId('app-host')).toHaveTextContent('127.0.0.1:4101');
    expect(swapper.getByTestId('app-description')).toHaveTextContent('Trade tokens at the best price');
    expect(swapper.getByRole('list', { name: 'Tags' })).toHaveTextContent('DeFiDEX');
    expect(swapper.getByRole('list', { name: 'Features' })).toHaveTextContent('Batched transactions');
    expect(within(card('Gallery')).getByRole('list', { name: 'Features' })).toHaveTextContent('NEW_THING');
    expect(swapper.getByTestId('app-provider')).toHaveTextContent('By Swapper Labs');
    const links = within(swapper.getByTestId('app-links')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://127.0.0.1:4102',
      'http://127.0.0.1:4101',
      'http://127.0.0.1:4103/swapper',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(swapper.queryByText('X (Twitter)')).toBeNull();
  });

  it('opens each app on its own page, by its URL', async () => {
    openApps();
    await screen.findByTestId('apps-grid');
    const open = screen.getByRole('link', { name: 'Open Swapper' });
    expect(open).toHaveAttribute(
      'href',
      `/local:${teamSafeAddress}/apps/open?appUrl=${encodeURIComponent('http://127.0.0.1:4101/app')}`,
    );
  });

  it('loads icons without a referrer, lazily, and falls back when one fails or is not http(s)', async () => {
    gateway.getSafeApps.mockResolvedValue([
      safeApp({ id: 1, name: 'With icon', iconUrl: 'http://127.0.0.1:4105/a.png' }),
      safeApp({ id: 2, name: 'Scripted icon', iconUrl: 'javascript:alert(1)' }),
    ]);
    openApps();
    const withIcon = within(await screen.findByRole('article', { name: 'With icon' }));
    const image = withIcon.getByTestId('app-icon');
    expect(image).toHaveAttribute('src', 'http://127.0.0.1:4105/a.png');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    image.dispatchEvent(new Event('error'));
    await waitFor(() => expect(withIcon.getByTestId('app-icon-fallback')).toBeInTheDocument());
    expect(within(card('Scripted icon')).getByTestId('app-icon-fallback')).toBeInTheDocument();
  });

  it('searches name, description and tags', async () => {
    const user = userEvent.setup();
    openApps();
    const search = await screen.findByRole('searchbox', { name: 'Search apps' });
    await user.type(search, 'yield');
    await waitFor(() => expect(names()).toEqual(['Vault']));
    await user.clear(search);
    await user.type(search, 'dex');
    await waitFor(() => expect(names()).toEqual(['Swapper']));
    expect(screen.getByTestId('apps-count')).toHaveTextContent('1 of 4 apps');
    await user.clear(search);
    await user.type(search, 'nothing like this');
    await waitFor(() => expect(screen.getByTestId('apps-no-match')).toHaveTextContent('No app matches'));
    await user.click(
      within(screen.getByTestId('apps-no-match')).getByRole('button', { name: 'Clear filters' }),
    );
    expect(names()).toHaveLength(4);
  });

  it('filters by tags (any of those chosen), with counts that follow the search', async () => {
    const user = userEvent.setup();
    openApps();
    const filter = within(await screen.findByRole('group', { name: 'Tags' }));
    expect(filter.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'DeFi2',
      'DEX1',
      'Infrastructure1',
      'NFT1',
    ]);
    await user.click(filter.getByRole('button', { name: 'NFT 1' }));
    expect(filter.getByRole('button', { name: 'NFT 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['Gallery']);
    await user.click(filter.getByRole('button', { name: 'DEX 1' }));
    expect(names()).toEqual(['Gallery', 'Swapper']);
    await user.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'trade');
    await waitFor(() => expect(names()).toEqual(['Swapper']));
    expect(filter.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['DeFi1', 'DEX1', 'NFT0']);
    await user.click(screen.getByTestId('clear-filters'));
    expect(names()).toHaveLength(4);
    expect(filter.getByRole('button', { name: 'NFT 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders hostile metadata as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    gateway.getSafeApps.mockResolvedValue([
      safeApp({
        name: `${hostile}\u202Eevil`,
        description: `${hostile}${'long '.repeat(2000)}`,
        tags: [hostile],
        provider: { name: hostile, url: 'javascript:alert(1)' },
        developerWebsite: 'javascript:alert(1)',
      }),
    ]);
    openApps();
    const name = await screen.findByTestId('app-name');
    expect(name).toHaveTextContent(`${hostile}\u202Eevil`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    // No link from the app's metadata; Open leads to Countersign's own app page.
    expect(screen.queryAllByRole('link').map((link) => link.getAttribute('data-testid'))).toEqual([
      'app-open',
    ]);
    // A huge description is cut, and folded until asked for.
    const description = screen.getByTestId('app-description');
    expect(description.textContent!.length).toBeLessThanOrEqual(1001);
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when the chain has no apps', async () => {
    gateway.getSafeApps.mockResolvedValue([]);
    openApps();
    expect(await screen.findByTestId('apps-empty')).toHaveTextContent('No Safe Apps on Countersign Devnet');
  });

  it('says when every app is restricted to other sites', async () => {
    gateway.getSafeApps.mockResolvedValue([
      safeApp({ accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['http://127.0.0.1:4104'] } }),
    ]);
    openApps();
    expect(await screen.findByTestId('apps-restricted')).toHaveTextContent(
      `The gateway lists 1 app for Countersign Devnet, but it is restricted to other sites than ${origin()}.`,
    );
  });

  it('shows the gateway’s error with Retry', async () => {
    const user = userEvent.setup();
    gateway.getSafeApps.mockRejectedValueOnce(
      new GatewayError('503: Unavailable', 503, { code: 503, message: 'Unavailable' }),
    );
    openApps();
    expect(await screen.findByTestId('error-alert')).toHaveTextContent('The Safe Apps could not be loaded');
    await user.click(screen.getByTestId('retry-button'));
    expect(await screen.findByTestId('apps-grid')).toBeInTheDocument();
  });

  it('says when the chain has no Safe Apps, without asking the gateway', () => {
    safe.features = [];
    openApps();
    expect(screen.getByTestId('apps-unsupported')).toHaveTextContent(
      'Safe Apps are not enabled on Countersign Devnet',
    );
    expect(gateway.getSafeApps).not.toHaveBeenCalled();
  });
});
