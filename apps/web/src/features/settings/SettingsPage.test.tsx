import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverMessageAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  GatewayError,
  type GatewayClient,
  type RegisterDeviceBody,
  type SafeInfo,
} from '@countersign/gateway-api';
import { notificationRegistrationMessage } from '@countersign/safe-core';
import { keccak256, stringToBytes } from 'viem';
import { devnetChain, fakeGateway, fakeSigner, teamSafe, teamSafeAddress, renderRoutes } from '../../testing';
import { HomeIcon } from '../../ui';
import { createSafeRoute } from '../../app/shell/safeRoutes';
import { walletTexts } from '../wallet';
import { SafeOverviewCard, createSettingsRoutes } from './index';
import { resetDeviceCache } from './notificationDevice';

// anvil's owner A of the team Safe: a well-known development key.
const ownerA = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const mocks = vi.hoisted(() => ({
  gateway: {} as Record<string, ReturnType<typeof vi.fn> | string>,
  signMessage: vi.fn(),
}));
const signer = fakeSigner({}, { signMessage: mocks.signMessage });

/** A section another feature owns, as the app's composition supplies one. */
const suppliedSection = {
  id: 'apps' as const,
  label: 'Safe Apps',
  Component: () => <p data-testid="supplied-section">Supplied by its feature</p>,
};

const open = (section = '') =>
  renderRoutes(
    [
      createSafeRoute(createSettingsRoutes([suppliedSection]), [
        { id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home },
      ]),
    ],
    `/local:${teamSafeAddress}/settings${section}`,
    { gateway: fakeGateway(mocks.gateway as Partial<GatewayClient>), signer },
  );

const withSafe = (overrides: Partial<SafeInfo>) => {
  mocks.gateway.getSafeInfo = vi.fn().mockResolvedValue({ ...teamSafe, ...overrides });
};

beforeAll(() => import('./pages'), 20_000);

beforeEach(() => {
  mocks.gateway = {
    baseUrl: 'http://127.0.0.1:9',
    getChains: vi.fn().mockResolvedValue({ next: null, previous: null, results: [devnetChain] }),
    getChain: vi.fn().mockResolvedValue(devnetChain),
    getSafeInfo: vi.fn().mockResolvedValue(teamSafe),
    getDelegates: vi.fn().mockResolvedValue({ count: 0, next: null, previous: null, results: [] }),
    registerDevice: vi.fn().mockResolvedValue(undefined),
    unregisterSafe: vi.fn().mockResolvedValue(undefined),
    unregisterDevice: vi.fn().mockResolvedValue(undefined),
  };
  signer.set({ status: 'disconnected', address: undefined });
  mocks.signMessage.mockReset();
  resetDeviceCache();
});

describe('Settings', () => {
  it('opens on the setup: owners, threshold, nonce, version and implementation', async () => {
    open();
    expect(await screen.findByTestId('settings-threshold')).toHaveTextContent('2 of 3 owners');
    expect(screen.getByTestId('settings-nonce')).toHaveTextContent('8');
    expect(screen.getByTestId('settings-version')).toHaveTextContent('1.4.1');
    expect(screen.getByTestId('settings-version-state')).toHaveTextContent('Up to date');
    expect(
      screen
        .getAllByTestId('settings-owner')
        .map((owner) => within(owner).getByTestId('address-value').textContent),
    ).toEqual(teamSafe.owners.map((owner) => owner.value));
    expect(screen.getByTestId('settings-implementation')).toHaveTextContent('SafeL2 1.4.1');
    expect(screen.getByRole('link', { name: 'Setup' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Apps' })).toBeNull();
  });

  it('lists the Safes this Safe owns, as the gateway indexes them, and offers to create one', async () => {
    const child = '0x1111111111111111111111111111111111111111';
    mocks.gateway.getOwnedSafes = vi.fn().mockResolvedValue({ safes: [child] });
    open();
    const listed = await screen.findByTestId('settings-child-safe');
    expect(within(listed).getByTestId('address-value')).toHaveTextContent(child);
    expect(within(listed).getByRole('link')).toHaveAttribute('href', `/local:${child}/home`);
    expect(screen.getByTestId('settings-create-nested-safe')).toHaveAttribute(
      'href',
      `/local:${teamSafeAddress}/new-transaction/nested-safe`,
    );
    expect(mocks.gateway.getOwnedSafes).toHaveBeenCalledWith(
      { chainId: devnetChain.chainId, ownerAddress: teamSafeAddress },
      expect.anything(),
    );
  });

  it('says in words how many owners must confirm, for several owners and for one', async () => {
    open();
    expect(await screen.findByText(/needs the confirmations of 2 of these 3 owners/)).toBeInTheDocument();
  });

  it('speaks of the one owner of a 1-of-1 Safe without counting', async () => {
    withSafe({ owners: [teamSafe.owners[0]!], threshold: 1 });
    open();
    expect(await screen.findByText(/needs the confirmation of this owner\./)).toBeInTheDocument();
    expect(screen.queryByText(/of these 1/)).toBeNull();
  });

  it('names the recommended version of an outdated Safe', async () => {
    withSafe({ implementationVersionState: 'OUTDATED', version: '1.3.0' });
    open();
    expect(await screen.findByTestId('settings-version-state')).toHaveTextContent('Outdated');
    expect(screen.getByTestId('settings-version-detail')).toHaveTextContent('This chain recommends 1.4.1.');
  });

  it('shows modules, guard and fallback handler by their known names, with the warnings', async () => {
    withSafe({
      modules: [{ value: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', name: null, logoUri: null }],
      guard: null,
      fallbackHandler: { value: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99', name: null, logoUri: null },
    });
    open('/modules');
    const module = await screen.findByTestId('settings-module');
    expect(module).toHaveTextContent('Not a known contract');
    expect(screen.getByTestId('settings-guard')).toHaveTextContent('None');
    // No name from the gateway: safe-core knows the canonical handler.
    expect(screen.getByTestId('settings-fallback-handler')).toHaveTextContent(
      'CompatibilityFallbackHandler 1.4.1',
    );
    expect(screen.getByText(/without the owners’ signatures/)).toBeInTheDocument();
    expect(screen.getByText(/can block it/)).toBeInTheDocument();
  });

  it('shows the chain’s configuration, features explained', async () => {
    mocks.gateway.getChain = vi.fn().mockResolvedValue({
      ...devnetChain,
      features: ['EIP1271', 'NATIVE_SWAPS'],
      gasPrice: [{ type: 'fixed', weiValue: '1000000000' }],
      rpcUri: { authentication: 'API_KEY_PATH', value: 'https://rpc.example/v3/' },
    });
    open('/network');
    expect(await screen.findByTestId('network-chain-id')).toHaveTextContent('1337');
    await waitFor(() =>
      expect(screen.getByTestId('network-rpc')).toHaveTextContent('https://rpc.example/v3/'),
    );
    expect(screen.getByTestId('network-rpc')).toHaveTextContent('API_KEY_PATH');
    expect(screen.getByTestId('rpc-in-use')).toHaveTextContent('127.0.0.1:8545');
    expect(screen.getByTestId('rpc-in-use-source')).toHaveTextContent("The gateway's RPC");
    expect(screen.getByTestId('network-short-name')).toHaveTextContent('local');
    expect(screen.getByTestId('network-currency-symbol')).toHaveTextContent('ETH');
    expect(screen.getByTestId('network-gas-price')).toHaveTextContent('1 gwei (1000000000 wei)');
    const features = screen.getAllByTestId('network-feature');
    expect(features.map((feature) => feature.textContent)).toEqual([
      'EIP1271The Safe can sign messages off-chain (EIP-1271).',
      'NATIVE_SWAPS',
    ]);
  });

  it('explains delegates when there are none', async () => {
    open('/delegates');
    expect(await screen.findByTestId('delegates-empty')).toHaveTextContent(
      'A delegate is an address an owner allows to propose transactions for this Safe without being an owner.',
    );
    expect(mocks.gateway.getDelegates).toHaveBeenCalledWith(
      { chainId: '1337', safe: teamSafeAddress, cursor: null },
      expect.anything(),
    );
  });

  it('lists delegates with their label as text', async () => {
    mocks.gateway.getDelegates = vi.fn().mockResolvedValue({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          safe: teamSafeAddress,
          delegate: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
          delegator: ownerA.address,
          label: '<img src=x onerror=alert(1)>\u202Elebal',
        },
      ],
    });
    const { container } = open('/delegates');
    expect(await screen.findByTestId('delegate-label')).toHaveTextContent(
      '<img src=x onerror=alert(1)>⟨U+202E⟩lebal',
    );
    expect(screen.getByTestId('delegate-delegator')).toHaveTextContent(ownerA.address.slice(0, 6));
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('says a section does not exist, inside the settings', async () => {
    open('/nonsense');
    expect(await screen.findByTestId('settings-not-found')).toHaveTextContent(
      'The settings have no section called “nonsense”.',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Settings');
  });

  it('shows a section another feature supplies as a tab of its own, after the settings’ own', async () => {
    open('/apps');
    expect(await screen.findByTestId('supplied-section')).toHaveTextContent('Supplied by its feature');
    const tabs = screen.getAllByTestId(/^settings-tab-/).map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Setup',
      'Modules',
      'Security',
      'Network',
      'Delegates',
      'Notifications',
      'Safe Apps',
    ]);
    expect(document.title).toContain('Safe Apps · Settings');
  });
});

describe('Safe overview card', () => {
  it('sums up the setup for the Home page', async () => {
    withSafe({ implementationVersionState: 'OUTDATED', version: '1.3.0', nonce: 42 });
    renderRoutes(
      [
        createSafeRoute(
          [{ path: 'home', element: <SafeOverviewCard /> }],
          [{ id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home }],
        ),
      ],
      `/local:${teamSafeAddress}/home`,
      { gateway: fakeGateway(mocks.gateway as Partial<GatewayClient>), signer },
    );
    expect(await screen.findByTestId('overview-owners')).toHaveTextContent('3');
    expect(screen.getByTestId('overview-threshold')).toHaveTextContent('2 of 3');
    expect(screen.getByTestId('overview-version')).toHaveTextContent('1.3.0');
    expect(screen.getByTestId('overview-version-state')).toHaveTextContent('Outdated');
    expect(screen.getByTestId('overview-nonce')).toHaveTextContent('42');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/local:${teamSafeAddress}/settings`,
    );
  });
});

describe('Notifications', () => {
  it('asks for an owner’s wallet before registering', async () => {
    open('/notifications');
    expect(await screen.findByTestId('notification-state')).toHaveTextContent('is not registered');
    expect(screen.getByTestId('register-notifications')).toBeDisabled();
    expect(screen.getByTestId('notifications-connect')).toBeInTheDocument();
    expect(screen.getByTestId('push-service-note')).toHaveTextContent(
      /push delivery needs a push service this self-hosted app does not have; the registration is what the gateway stores/i,
    );
  });

  it('registers this browser with the owner’s signature, then unregisters the Safe and the device', async () => {
    signer.set({ status: 'connected', address: ownerA.address });
    mocks.signMessage.mockImplementation(async (message: { raw: Hex }) => ({
      ok: true,
      value: { signature: await ownerA.signMessage({ message }), address: ownerA.address },
    }));
    open('/notifications');
    await userEvent.click(await screen.findByTestId('register-notifications'));
    expect(await screen.findByTestId('notification-outcome')).toHaveTextContent('Registered');
    expect(screen.getByTestId('notification-state')).toHaveTextContent('This browser is registered');

    const body = (mocks.gateway.registerDevice as ReturnType<typeof vi.fn>).mock
      .calls[0]![0] as RegisterDeviceBody;
    const stored = JSON.parse(localStorage.getItem('countersign.notifications')!) as {
      uuid: string;
      cloudMessagingToken: string;
    };
    expect(body).toMatchObject({
      uuid: stored.uuid,
      cloudMessagingToken: stored.cloudMessagingToken,
      deviceType: 'WEB',
      bundle: '@countersign/web',
      safeRegistrations: [{ chainId: '1337', safes: [teamSafeAddress] }],
    });
    expect(stored.cloudMessagingToken).toMatch(/^countersign-no-push-service-/);
    expect(Math.abs(Number(body.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const hash = keccak256(
      stringToBytes(
        notificationRegistrationMessage({
          timestamp: body.timestamp!,
          uuid: stored.uuid,
          cloudMessagingToken: stored.cloudMessagingToken,
          safes: [teamSafeAddress],
        }),
      ),
    );
    expect(mocks.signMessage).toHaveBeenCalledWith({ raw: hash });
    const signature = body.safeRegistrations[0]!.signatures[0] as Hex;
    expect(await recoverMessageAddress({ message: { raw: hash }, signature })).toBe(ownerA.address);

    await userEvent.click(screen.getByTestId('unregister-safe'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-state')).toHaveTextContent('is not registered'),
    );
    expect((mocks.gateway.unregisterSafe as ReturnType<typeof vi.fn>).mock.calls).toEqual([
      [{ chainId: '1337', uuid: stored.uuid, safeAddress: teamSafeAddress }],
    ]);
    await userEvent.click(screen.getByTestId('unregister-device'));
    expect(await screen.findByTestId('notification-outcome')).toHaveTextContent('Browser unregistered');
    expect((mocks.gateway.unregisterDevice as ReturnType<typeof vi.fn>).mock.calls).toEqual([
      [{ chainId: '1337', uuid: stored.uuid }],
    ]);
    expect(screen.queryByTestId('unregister-device')).toBeNull();
  });

  it('keeps the state and says so when the owner declines the signature', async () => {
    signer.set({ status: 'connected', address: ownerA.address });
    mocks.signMessage.mockResolvedValue({
      ok: false,
      error: { kind: 'rejected', message: walletTexts.rejectedSignature, code: 4001 },
    });
    open('/notifications');
    await userEvent.click(await screen.findByTestId('register-notifications'));
    expect(await screen.findByTestId('notification-outcome-message')).toHaveTextContent(
      'You declined the signature request in your wallet.',
    );
    expect(screen.getByTestId('notification-state')).toHaveTextContent('is not registered');
    expect(mocks.gateway.registerDevice).not.toHaveBeenCalled();
  });

  it('shows the gateway’s refusal word for word', async () => {
    signer.set({ status: 'connected', address: ownerA.address });
    mocks.signMessage.mockResolvedValue({
      ok: true,
      value: { signature: `0x${'1'.repeat(130)}`, address: ownerA.address },
    });
    mocks.gateway.registerDevice = vi.fn().mockRejectedValue(
      new GatewayError('400: The signature is expired!', 400, {
        statusCode: 400,
        message: 'The signature is expired!',
      }),
    );
    open('/notifications');
    await userEvent.click(await screen.findByTestId('register-notifications'));
    expect(await screen.findByTestId('notification-outcome')).toHaveTextContent(
      'The gateway refused the registration400: The signature is expired!',
    );
    expect(screen.getByTestId('notification-state')).toHaveTextContent('is not registered');
  });

  it('does not offer registration to an account that is not an owner', async () => {
    signer.set({ status: 'connected', address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' });
    open('/notifications');
    expect(await screen.findByTestId('notifications-not-owner')).toHaveTextContent(
      'is not an owner of this Safe',
    );
    expect(screen.getByTestId('register-notifications')).toBeDisabled();
  });
});
