import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { devnetChain, fakeGateway, renderSafePage, testSafe } from '../../../testing';
import { safeApp } from '../safeAppFixture';
import { AppsSettingsSection } from './AppsSettingsSection';
import { CustomAppForm } from './CustomAppForm';
import { grantAppPermissions, storedApp } from './appStore';
import { OpenAppPage } from './OpenAppPage';

const gateway = { baseUrl: 'http://127.0.0.1:9', getSafeApps: vi.fn() };

/** Renders `element` on the team Safe, on a chain with Safe Apps, at `path`. */
const onSafe = (element: ReactNode, path = '/') =>
  renderSafePage(element, {
    path,
    gateway: fakeGateway(gateway),
    chain: { ...devnetChain, features: ['SAFE_APPS'] },
  });

const open = (appUrl: string) =>
  onSafe(<OpenAppPage />, `/local:0x1/apps/open?appUrl=${encodeURIComponent(appUrl)}`);

describe('Opening an app', () => {
  beforeEach(() => {
    gateway.getSafeApps.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ name: 'Custom <i>tool</i>', description: 'Does things' })),
      ),
    );
  });

  it('runs a catalogue app at once', async () => {
    gateway.getSafeApps.mockResolvedValue([
      safeApp({ id: 7, name: 'Listed', url: 'https://127.0.0.1:4108/app' }),
    ]);
    open('https://127.0.0.1:4108/app/');
    expect(await screen.findByTestId('safe-app-frame')).toHaveAttribute('src', 'https://127.0.0.1:4108/app/');
    expect(screen.getByTestId('open-app-name')).toHaveTextContent('Listed');
    expect(screen.queryByTestId('unknown-app-warning')).toBeNull();
  });

  it('warns about an app not in the catalogue until the user accepts it, once per app', async () => {
    gateway.getSafeApps.mockResolvedValue([]);
    open('https://127.0.0.1:4109/tool');
    const warning = await screen.findByTestId('unknown-app-warning');
    expect(screen.getByTestId('open-app-name')).toHaveTextContent('Custom <i>tool</i>');
    expect(warning).toHaveTextContent('Does things');
    expect(document.querySelector('i')).toBeNull();
    expect(screen.queryByTestId('safe-app-frame')).toBeNull();
    // Read through Countersign's own server (/app-manifest): the page may not connect to the app's site.
    expect(fetch).toHaveBeenCalledWith(
      `/app-manifest?url=${encodeURIComponent('https://127.0.0.1:4109/tool/')}`,
      expect.anything(),
    );

    await userEvent.click(screen.getByTestId('unknown-app-accept'));
    expect(await screen.findByTestId('safe-app-frame')).toHaveAttribute('src', 'https://127.0.0.1:4109/tool');
    expect(storedApp('https://127.0.0.1:4109').acceptedAt).toEqual(expect.any(Number));
  });

  it('says so when the app’s manifest cannot be read, and names the app by its address', async () => {
    gateway.getSafeApps.mockResolvedValue([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    open('https://127.0.0.1:4109/tool');
    const warning = await screen.findByTestId('unknown-app-warning');
    expect(screen.getByTestId('unknown-app-no-manifest')).toHaveTextContent(
      'Countersign could not read this app’s manifest (manifest.json), so its name and icon are unknown.',
    );
    expect(warning).toContainElement(screen.getByTestId('unknown-app-no-manifest'));
    expect(screen.getByTestId('open-app-name')).toHaveTextContent('127.0.0.1:4109');
  });

  it('says nothing of the manifest when it reads', async () => {
    gateway.getSafeApps.mockResolvedValue([]);
    open('https://127.0.0.1:4109/tool');
    await screen.findByTestId('unknown-app-warning');
    expect(screen.queryByTestId('unknown-app-no-manifest')).toBeNull();
  });

  it('opens an accepted app without asking again, even without a manifest', async () => {
    gateway.getSafeApps.mockResolvedValue([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    open('https://127.0.0.1:4109/tool');
    await userEvent.click(await screen.findByTestId('unknown-app-accept'));
    onSafe(
      <OpenAppPage />,
      `/local:0x1/apps/open?appUrl=${encodeURIComponent('https://127.0.0.1:4109/other')}`,
    );
    await waitFor(() => expect(screen.getAllByTestId('safe-app-frame')).toHaveLength(2));
    expect(screen.queryByTestId('unknown-app-warning')).toBeNull();
  });

  it('never frames an app on Countersign’s own origin', () => {
    open(`${window.location.origin}/evil.html`);
    expect(screen.getByTestId('app-url-invalid')).toHaveTextContent('never from Countersign’s');
    expect(screen.queryByTestId('safe-app-frame')).toBeNull();
  });

  it('refuses a URL that is not http(s), showing it as text', () => {
    const appUrl = 'javascript:alert(1)//<b>1</b>';
    open(appUrl);
    expect(screen.getByTestId('app-url-invalid')).toHaveTextContent(
      'Safe Apps run from http(s) addresses only',
    );
    expect(screen.getByTestId('requested-app-url')).toHaveTextContent(appUrl);
    expect(screen.queryByTestId('safe-app-frame')).toBeNull();
  });
});

describe('Settings → Safe Apps', () => {
  it('lists each app’s permissions and revokes them', async () => {
    onSafe(<AppsSettingsSection />);
    expect(screen.getByTestId('settings-apps-empty')).toBeInTheDocument();
    grantAppPermissions('https://127.0.0.1:4109', 'Custom <b>tool</b>', [{ requestAddressBook: {} }]);
    expect(await screen.findByTestId('settings-app-name')).toHaveTextContent('Custom <b>tool</b>');
    expect(screen.getByTestId('settings-app-permission')).toHaveTextContent('Read your address book');
    await userEvent.click(screen.getByTestId('settings-app-revoke'));
    expect(screen.queryByTestId('settings-app-permission')).toBeNull();
    expect(storedApp('https://127.0.0.1:4109').permissions).toEqual([]);
    await userEvent.click(screen.getByTestId('settings-app-offchain'));
    expect(storedApp('https://127.0.0.1:4109').offChainSigning).toBe(false);
  });
});

describe('A custom app by URL', () => {
  it('opens http(s) URLs only', async () => {
    const { router } = onSafe(<CustomAppForm />);
    const field = screen.getByTestId('custom-app-url');
    await userEvent.type(field, 'javascript:alert(1)');
    await userEvent.click(screen.getByTestId('custom-app-open'));
    expect(screen.getByText(/starting with https:\/\//)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://127.0.0.1:4109/tool{enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      testSafe.paths.openApp('https://127.0.0.1:4109/tool'),
    );
  });
});
