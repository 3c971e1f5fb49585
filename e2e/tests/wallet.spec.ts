import type { Locator, Page } from '@playwright/test';
import { metaMaskWallet } from '@rainbow-me/rainbowkit/wallets';
import { startWebServer } from '@countersign/web/server';
import { saveDataScript } from '../browserConditions';
import { webAppOnHostileGateway } from '../hostileGateway';
import { expect, test } from '../fixtures';
import type { E2eStack } from '../stack';
import { PhoneWallet } from '../phoneWallet';
import { readQrCode } from '../qrCode';
import { SafeHost } from '../safeHost';
import { TestWallet } from '../testWallet';
import { WalletConnectRelay } from '../walletConnectRelay';
import { signInMessage, SIGN_MESSAGE_LABEL } from '../signIn';

const texts = {
  wrongNetwork: 'Wrong network detected, switch or disconnect to continue.',
  cannotSwitch:
    'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.',
  preparing: 'Error preparing message, please retry!',
  signing: 'Error signing message, please retry!',
  verifying: 'Error verifying signature, please retry!',
  oops: 'Oops, something went wrong!',
};

const MAINNET = 1;

/** The hosts WalletConnect's libraries try on their own (Verify API, the modal's configuration and reports). */
const walletConnectHosts = /(^|\.)(walletconnect\.(org|com)|web3modal\.org)$/;

function ownerKey(stack: E2eStack, role: string) {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No dev account with role ${role}`);
  return account;
}

async function installWallet(
  page: Page,
  stack: E2eStack,
  options: { chainId?: number; role?: string; flags?: Record<string, true> } = {},
) {
  const wallet = new TestWallet(page, {
    privateKey: ownerKey(stack, options.role ?? 'owner A').privateKey,
    chainId: options.chainId ?? stack.chainId,
    knownChains: [MAINNET],
    rpcUrl: stack.rpcUrl!,
    flags: options.flags,
  });
  await wallet.install();
  return wallet;
}

async function openConnectModal(page: Page) {
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await expect(page.getByText('Connect a Wallet')).toBeVisible();
}

/** RainbowKit's QR code: an SVG titled "QR Code". */
function qrCodeIn(modal: Locator) {
  return modal.locator('xpath=.//*[name()="svg"][*[name()="title" and text()="QR Code"]]');
}

async function connectTestWallet(page: Page) {
  await openConnectModal(page);
  await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
  await expect(page.getByText('Verify your account')).toBeVisible();
}

async function verify(page: Page) {
  await signInMessage(page);
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}

/** The test wallet installed, connected and verified on the home page. */
async function signedIn(page: Page, stack: E2eStack) {
  const wallet = await installWallet(page, stack);
  await page.goto('/');
  await connectTestWallet(page);
  await verify(page);
  return wallet;
}

/**
 * The page drops the session at once; the gateway's cookie goes with the logout request that follows,
 * so the gateway is asked until it answers.
 */
async function expectSignedOut(page: Page, stack: E2eStack) {
  await expect
    .poll(async () => (await page.request.get(`${stack.gatewayUrl}/v1/auth/me`)).status())
    .toBe(403);
}

/**
 * A phone wallet reached through a WalletConnect relay double on loopback, and a web server
 * configured for both (the stack's own has no WalletConnect project id). `scan` reads the connect
 * modal's QR code off the screen, as a phone's camera would, and pairs the phone with it; a code
 * seen before (`previous`) does not count.
 */
async function withPhoneWallet(
  page: Page,
  stack: E2eStack,
  use: (session: {
    phone: PhoneWallet;
    relay: WalletConnectRelay;
    scan(previous?: string): Promise<string>;
    /** The web app's URL, served configured for WalletConnect. */
    webUrl: string;
  }) => Promise<void>,
) {
  const cleanup: (() => Promise<void>)[] = [];
  const projectId = 'countersign-e2e';
  const relay = await WalletConnectRelay.start();
  const phone = await PhoneWallet.start({
    relayUrl: relay.url,
    projectId,
    privateKey: ownerKey(stack, 'owner A').privateKey,
    chainId: stack.chainId,
  });
  try {
    // A web server of its own, configured with this project id and relay: its /config.js and
    // Content-Security-Policy are what such a server sends (the worker's gateway accepts any origin).
    const web = await startWebServer({
      port: 0,
      gatewayUrl: stack.gatewayUrl,
      walletConnectProjectId: projectId,
      walletConnectRelayUrl: relay.url,
    });
    cleanup.push(() => web.close());
    const scan = async (previous?: string) => {
      const qrCode = qrCodeIn(page.getByRole('dialog'));
      let uri: string | undefined;
      // Polled: the code and the logo over its centre settle after the screen appears.
      await expect
        .poll(async () => (uri = readQrCode(await qrCode.screenshot())))
        .toMatch(/^wc:[0-9a-f]{64}@2\?/);
      expect(uri).not.toBe(previous);
      await phone.scan(uri!);
      return uri!;
    };
    await use({ phone, relay, scan, webUrl: web.url });
  } finally {
    for (const close of cleanup.reverse()) await close();
    await phone.close();
    await relay.close();
  }
}

test.describe('Wallet linking', () => {
  test('the connect modal lists the wallet groups, and nothing leaves the machine', async ({
    page,
    offLoopback,
    stack,
    allowOffLoopback,
  }) => {
    // The Chrome Web Store link the test follows, blocked: its host is asserted below.
    allowOffLoopback(/^chrome\.google\.com$/);
    const before = offLoopback.length;
    await installWallet(page, stack);
    await page.goto('/');
    await openConnectModal(page);
    const modal = page.getByRole('dialog');
    for (const group of ['Installed', 'Recommended', 'Popular', 'Other', 'More']) {
      await expect(modal.getByText(group, { exact: true })).toBeVisible();
    }
    await expect(modal.getByText('Test Wallet')).toBeVisible();
    await expect(modal.getByText('Devnet accounts')).toBeVisible();
    await expect(modal.getByText('Browser Wallet')).toBeVisible();
    // No WalletConnect project id: no WalletConnect entry and no QR code.
    await expect(modal.getByText('WalletConnect')).toHaveCount(0);
    await expect(modal.getByText('Scan with your phone')).toHaveCount(0);

    // What is a Wallet? → Get a Wallet → a wallet's options → its install steps.
    await expect(modal.getByText('What is a Wallet?')).toBeVisible();
    await expect(modal.getByText('Learn More')).toBeVisible();
    await modal.getByText('Get a Wallet').click();
    await expect(modal.getByText('Get a Wallet')).toBeVisible();
    await modal.getByRole('button', { name: /GET/ }).first().click();
    await expect(modal.getByText(/^Get /).first()).toBeVisible();
    await expect(modal.getByText(/ for Chrome$/)).toBeVisible();
    await expect(modal.getByText(/ for Mobile$/)).toBeVisible();
    await modal
      .getByRole('link', { name: /^Add to / })
      .first()
      .click();
    await expect(modal.getByText('Refresh your browser')).toBeVisible();

    // A wallet that is not installed leads to its install options.
    await page.keyboard.press('Escape');
    await openConnectModal(page);
    await modal.getByTestId('rk-wallet-option-metaMask').click();
    await expect(modal.getByText('Get MetaMask')).toBeVisible();
    // Its mobile app: a QR code a phone scans to download it, holding the download link RainbowKit
    // defines for MetaMask.
    await modal.getByText('Get the app').click();
    await expect(modal.getByText('Install MetaMask')).toBeVisible();
    await expect(modal.getByText('Scan with your phone to download on iOS or Android')).toBeVisible();
    const downloadLink = metaMaskWallet({ projectId: 'walletconnect-disabled' }).downloadUrls?.qrCode;
    expect(downloadLink).toMatch(/^https:\/\//);
    await expect.poll(async () => readQrCode(await qrCodeIn(modal).screenshot())).toBe(downloadLink);

    // Only the download link the user clicked tried to leave the machine.
    const external = offLoopback.slice(before);
    expect(new Set(external.map((url) => new URL(url).hostname))).toEqual(new Set(['chrome.google.com']));
  });

  test('wallet code loads once the page is idle after its first view, or on an intent under Save-Data', async ({
    page,
    context,
  }) => {
    const walletChunk = /\/assets\/WalletRuntime-[^/]*\.js$/;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    // Nobody touches the page: the wallet runtime still mounts once it is idle.
    await page.goto('/');
    await expect(page.getByTestId('rk-connect-button')).toBeVisible();
    expect(requested.some((path) => walletChunk.test(path))).toBe(true);

    // Under Save-Data the page settles with the plain button and without the wallet chunk...
    requested.length = 0;
    await context.addInitScript(saveDataScript);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('connect-wallet')).toBeVisible();
    expect(requested.filter((path) => walletChunk.test(path))).toEqual([]);

    // ...a chunk that cannot be fetched is reported, and the next click fetches it again.
    await page.route(walletChunk, (route) => route.abort());
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('wallet-notice')).toContainText(
      'Wallet support could not be loaded. Check your connection and try again.',
    );
    await page.unroute(walletChunk);
    await openConnectModal(page);
  });

  test('a keyboard user on the plain Connect button keeps focus when the wallet code replaces it', async ({
    page,
    context,
  }) => {
    // Save-Data: the wallet code loads only on an intent, here the focus Tab gives the plain button.
    await context.addInitScript(saveDataScript);
    await page.goto('/');
    await expect(page.getByTestId('connect-wallet')).toBeVisible();
    // Tab until the plain button has focus (the swap may already have happened by the next look).
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      if (focused === 'connect-wallet' || focused === 'rk-connect-button') break;
    }
    await expect(page.getByTestId('rk-connect-button')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Connect a Wallet' })).toBeVisible();
  });

  test("a chain's disabledWallets leave those wallets out of the modal", async ({ page, stack }) => {
    // The devnet gateway disables nothing; this gateway answers the real chains with a list a gateway
    // could send, to the web server (which writes the chains into the page) and the browser alike.
    const disable = (chain: { disabledWallets: string[] }) => {
      chain.disabledWallets = ['metamask', 'tally', 'detectedwallet'];
      return chain;
    };
    const app = await webAppOnHostileGateway(stack.gatewayUrl, (gateway) =>
      gateway
        .lie('GET', '/v1/chains', (body) => {
          const page = body as { results: { disabledWallets: string[] }[] };
          page.results.forEach(disable);
          return page;
        })
        .lie('GET', /^\/v1\/chains\/[^/]+$/, (body) => disable(body as { disabledWallets: string[] })),
    );
    try {
      await page.goto(`${app.web.url}/`);
      await openConnectModal(page);
      const modal = page.getByRole('dialog');
      await expect(modal.getByText('Rainbow', { exact: true })).toBeVisible();
      await expect(modal.getByText('MetaMask')).toHaveCount(0);
      await expect(modal.getByText('Taho')).toHaveCount(0);
      // The injected wallet is always offered.
      await expect(modal.getByText('Browser Wallet')).toBeVisible();
    } finally {
      await app.stop();
    }
  });

  test('a wallet disabled while the page is open: {wallet} is not installed', async ({ page, stack }) => {
    const wallet = await installWallet(page, stack, { flags: { isMetaMask: true } });
    await page.goto('/');
    await openConnectModal(page);
    await wallet.uninstall();
    await page.getByTestId('rk-wallet-option-metaMask').click();
    await expect(page.getByTestId('wallet-notice')).toContainText('MetaMask is not installed');
  });

  test('connect, verify with Sign-In with Ethereum, and stay verified across a reload', async ({
    page,
    stack,
  }) => {
    // The page asks the gateway for a session only once this browser has verified: linking alone
    // asks nothing, so no 403 lands in the console.
    const sessionAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/v1/auth/me')) sessionAnswers.push(response.status());
    });
    const wallet = await signedIn(page, stack);
    await expect(page.getByTestId('rk-account-button')).toContainText(wallet.account.address.slice(-4));
    expect(sessionAnswers).toEqual([]);
    const team = stack.safes[0]!;
    await expect(page.getByTestId('owned-safe')).toContainText(team.address);

    const session = await page.request.get(`${stack.gatewayUrl}/v1/auth/me`);
    expect(session.status()).toBe(200);
    expect((await session.json()).signerAddress).toBe(wallet.account.address);

    await page.reload();
    await expect(page.getByTestId('rk-account-button')).toBeVisible();
    await expect(page.getByText('Verify your account')).toHaveCount(0);
    expect(sessionAnswers).toEqual([200]);
    await page.getByTestId('owned-safe').click();
    await expect(page).toHaveURL(new RegExp(`/local:${team.address}/home$`));
  });

  test('signing errors: rejected returns to the prompt, failures show their texts', async ({
    page,
    stack,
  }) => {
    const wallet = await installWallet(page, stack);
    await page.goto('/');
    await connectTestWallet(page);

    wallet.behaviour.sign = 'reject';
    await signInMessage(page);
    await expect(page.getByTestId('rk-auth-message-button')).toHaveText(SIGN_MESSAGE_LABEL);
    await expect(page.getByText(texts.signing)).toHaveCount(0);

    wallet.behaviour.sign = 'fail';
    await signInMessage(page);
    await expect(page.getByText(texts.signing)).toBeVisible();

    // Another key's signature: the gateway refuses it.
    wallet.behaviour.sign = 'wrong-signer';
    await signInMessage(page);
    await expect(page.getByText(texts.verifying)).toBeVisible();

    wallet.behaviour.sign = 'approve';
    await verify(page);
  });

  test('a gateway that cannot give a nonce: Error preparing message', async ({ page, stack }) => {
    await installWallet(page, stack);
    await page.route(`${stack.gatewayUrl}/v1/auth/nonce`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await connectTestWallet(page);
    await expect(page.getByText(texts.preparing)).toBeVisible();
  });

  /** Connected and verified on the devnet; then the user moves the wallet to mainnet. */
  async function onMainnet(page: Page, stack: E2eStack) {
    const wallet = await signedIn(page, stack);
    await wallet.switchTo(MAINNET);
    await expect(page.getByTestId('wrong-network')).toContainText(texts.wrongNetwork);
    return wallet;
  }

  test('wrong network: banner, then switching adds a network the wallet lacks (4902)', async ({
    page,
    stack,
  }) => {
    const wallet = await onMainnet(page, stack);
    wallet.forgetChain(stack.chainId);
    await page.getByTestId('switch-network').click();
    await expect(page.getByTestId('wrong-network')).toHaveCount(0);
    expect(wallet.chainId).toBe(stack.chainId);
    expect(wallet.addedChains).toHaveLength(1);
    expect(wallet.addedChains[0]).toMatchObject({
      chainId: `0x${stack.chainId.toString(16)}`,
      chainName: 'Countersign Devnet',
      rpcUrls: [stack.rpcUrl],
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      blockExplorerUrls: [`${stack.webUrl}/explorer`],
    });
  });

  test('switch failures: no switching support, a refusal, an unexpected error', async ({ page, stack }) => {
    const wallet = await onMainnet(page, stack);
    const notice = page.getByTestId('wallet-notice');

    wallet.behaviour.switching = 'unsupported';
    await page.getByTestId('switch-network').click();
    await expect(notice).toContainText(texts.cannotSwitch);

    wallet.behaviour.switching = 'reject';
    await page.getByTestId('switch-network').click();
    await expect(notice).toContainText('You declined the network switch in your wallet.');

    wallet.behaviour.switching = 'fail';
    await page.getByTestId('switch-network').click();
    await expect(notice).toContainText(texts.oops);

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('wrong-network')).toBeVisible();

    // Or disconnect, as the banner offers.
    await page.getByTestId('wrong-network').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('wrong-network')).toHaveCount(0);
    await expect(page.getByTestId('rk-connect-button')).toBeVisible();
  });

  test('connection refused or already pending', async ({ page, stack }) => {
    const wallet = await installWallet(page, stack);
    await page.goto('/');
    const notice = page.getByTestId('wallet-notice');

    wallet.behaviour.connect = 'reject';
    await openConnectModal(page);
    await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
    await expect(notice).toContainText('You declined the connection request in your wallet.');

    wallet.behaviour.connect = 'pending';
    await page.keyboard.press('Escape');
    await openConnectModal(page);
    await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
    await expect(notice).toContainText('Your wallet already has a request waiting for you.');

    // A wallet that lost its connection to every chain (4900) is not available.
    wallet.behaviour.connect = 'unavailable';
    await page.keyboard.press('Escape');
    await openConnectModal(page);
    await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
    await expect(notice).toContainText('Test Wallet is not available');

    wallet.behaviour.connect = 'approve';
    await page.keyboard.press('Escape');
    await connectTestWallet(page);
    await expect(notice).toHaveCount(0);
  });

  test('wallet events: account change ends the session; 1013 is ignored; empty accounts disconnect', async ({
    page,
    stack,
  }) => {
    const wallet = await signedIn(page, stack);

    // 1013 while the wallet still has an account: still connected.
    await wallet.emit('disconnect', { code: 1013, message: 'Try again later' });
    await page.waitForTimeout(300);
    await expect(page.getByTestId('rk-account-button')).toBeVisible();

    // Another account: the verification was for the first one only.
    await wallet.useAccount(ownerKey(stack, 'owner B').privateKey);
    await expect(page.getByTestId('rk-account-button')).toHaveCount(0);
    await expectSignedOut(page, stack);
    await page.getByTestId('rk-connect-button').click();
    await verify(page);
    await expect(page.getByTestId('rk-account-button')).toContainText(wallet.account.address.slice(-4));

    // The wallet drops every account: disconnected.
    wallet.connected = false;
    await wallet.emit('accountsChanged', []);
    await expect(page.getByTestId('rk-connect-button')).toBeVisible();
    await expect(page.getByTestId('owned-safes')).toHaveCount(0);
  });

  test('Scan with your phone: a WalletConnect wallet scans the QR code, connects and verifies', async ({
    page,
    offLoopback,
    stack,
    allowOffLoopback,
  }) => {
    test.setTimeout(90_000);
    // WalletConnect's own hosts, blocked: asserted below to be the only ones tried.
    allowOffLoopback(walletConnectHosts);
    const before = offLoopback.length;
    await withPhoneWallet(page, stack, async ({ phone, relay, scan, webUrl }) => {
      await page.goto(webUrl);
      await openConnectModal(page);
      const modal = page.getByRole('dialog');
      await modal.getByTestId('rk-wallet-option-walletConnect').click();
      await expect(modal.getByText('Scan with your phone')).toBeVisible();

      // Declined on the phone: said so. RainbowKit leaves the spent code up (and WalletConnect
      // greyed out while it is selected); opening the list again and choosing WalletConnect gives a
      // fresh code.
      phone.behaviour.session = 'reject';
      const declined = await scan();
      await expect(page.getByTestId('wallet-notice')).toContainText(
        'You declined the connection request in your wallet.',
        { timeout: 20_000 },
      );
      phone.behaviour.session = 'approve';
      await page.keyboard.press('Escape');
      await openConnectModal(page);
      await modal.getByTestId('rk-wallet-option-walletConnect').click();
      await scan(declined);
      await expect(page.getByText('Verify your account')).toBeVisible({ timeout: 20_000 });

      // A signature declined on the phone returns to the prompt, without an error.
      phone.behaviour.sign = 'reject';
      await signInMessage(page);
      // Each request waits out WalletConnect's Verify API (unreachable here) for 5 s before it goes.
      await expect.poll(() => phone.requests, { timeout: 20_000 }).toContain('personal_sign');
      await expect(page.getByTestId('rk-auth-message-button')).toHaveText(SIGN_MESSAGE_LABEL, {
        timeout: 20_000,
      });
      await expect(page.getByText(texts.signing)).toHaveCount(0);
      phone.behaviour.sign = 'approve';
      await signInMessage(page);
      await expect(page.getByTestId('rk-account-button')).toContainText(phone.account.address.slice(-4), {
        timeout: 20_000,
      });
      const session = await page.request.get(`${stack.gatewayUrl}/v1/auth/me`);
      expect((await session.json()).signerAddress).toBe(phone.account.address);

      // The WalletConnect session and the verification survive a reload.
      await page.reload();
      await expect(page.getByTestId('rk-account-button')).toContainText(phone.account.address.slice(-4));
      await expect(page.getByText('Verify your account')).toHaveCount(0);

      // Disconnect from the profile menu: the app, the gateway and the phone all drop the session.
      await page.getByTestId('rk-account-button').click();
      await page.getByRole('dialog').getByTestId('rk-disconnect-button').click();
      await expect(page.getByTestId('rk-connect-button')).toBeVisible();
      await expectSignedOut(page, stack);
      await expect.poll(() => phone.connected).toBe(false);

      // The session went through the relay on loopback. The only other hosts tried are WalletConnect's
      // own (its Verify API, and the configuration and usage reports of its modal, which RainbowKit
      // offers as "Open WalletConnect modal"), blocked here, and the connection needs none of them.
      expect(relay.published.length).toBeGreaterThan(0);
      for (const url of offLoopback.slice(before)) {
        expect(new URL(url).hostname).toMatch(walletConnectHosts);
      }
    });
  });

  test('with WalletConnect configured, loading, connecting another wallet and reloading reach nothing beyond loopback', async ({
    page,
    stack,
    offLoopback,
  }) => {
    // No allowOffLoopback: the fixture fails the test on any request that leaves loopback. The list
    // is the worker's: this test's requests are those after it starts.
    const before = offLoopback.length;
    const relay = await WalletConnectRelay.start();
    const web = await startWebServer({
      port: 0,
      gatewayUrl: stack.gatewayUrl,
      walletConnectProjectId: 'countersign-e2e',
      walletConnectRelayUrl: relay.url,
    });
    try {
      await installWallet(page, stack);
      await page.goto(web.url);
      await openConnectModal(page);
      await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
      await verify(page);
      await page.reload();
      await expect(page.getByTestId('rk-account-button')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(offLoopback.slice(before)).toEqual([]);
      // Nor did anything reach the relay: no WalletConnect session was asked for.
      expect(relay.published).toEqual([]);
    } finally {
      await web.close();
      await relay.close();
    }
  });

  test('a phone that ends the WalletConnect session disconnects the app', async ({
    page,
    stack,
    allowOffLoopback,
  }) => {
    test.setTimeout(60_000);
    // WalletConnect's Verify API and its modal's reports, blocked (see the test above).
    allowOffLoopback(walletConnectHosts);
    await withPhoneWallet(page, stack, async ({ phone, scan, webUrl }) => {
      await page.goto(webUrl);
      await openConnectModal(page);
      await page.getByRole('dialog').getByTestId('rk-wallet-option-walletConnect').click();
      await scan();
      await expect(page.getByText('Verify your account')).toBeVisible({ timeout: 20_000 });
      // Connected, not yet verified (closing that prompt would disconnect): the page behind it
      // offers the account's Safes.
      await expect(page.getByTestId('owned-safe')).toContainText(stack.safes[0]!.address);

      await phone.disconnect();
      await expect(page.getByTestId('owned-safes')).toHaveCount(0);
      await expect(page.getByTestId('rk-connect-button')).toBeVisible();
    });
  });

  test('the wallet reports a disconnect', async ({ page, stack }) => {
    const wallet = await signedIn(page, stack);
    wallet.connected = false;
    await wallet.emit('disconnect', { code: 4900, message: 'Disconnected' });
    await expect(page.getByTestId('rk-connect-button')).toBeVisible();
  });

  test('profile menu: copy address, explorer link, recent transactions, disconnect', async ({
    page,
    context,
    stack,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const wallet = await signedIn(page, stack);

    // Countersign does not send transactions of its own yet, so a devnet transaction is put in
    // RainbowKit's list where it keeps them; the menu's display and Clear All are RainbowKit's own.
    const txHash = (await (
      await fetch(stack.rpcUrl!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getBlockByNumber',
          params: ['0x2', false],
        }),
      })
    ).json()) as { result: { transactions: string[] } };
    await page.evaluate(
      ([address, chainId, hash]) =>
        localStorage.setItem(
          'rk-transactions',
          JSON.stringify({
            [address]: { [chainId]: [{ hash, description: 'Demo transaction', status: 'confirmed' }] },
          }),
        ),
      [wallet.account.address, String(stack.chainId), txHash.result.transactions[0]!] as const,
    );
    await page.reload();

    await page.getByTestId('rk-account-button').click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Copy Address').click();
    await expect(modal.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.account.address);

    await expect(modal.getByRole('link', { name: /View more on explorer/ })).toHaveAttribute(
      'href',
      `${stack.webUrl}/explorer/address/${wallet.account.address}`,
    );
    await expect(modal.getByText('Recent Transactions')).toBeVisible();
    await expect(modal.getByText('Demo transaction')).toBeVisible();
    await modal.getByText('Clear All').click();
    await expect(modal.getByText('Demo transaction')).toHaveCount(0);

    await modal.getByTestId('rk-disconnect-button').click();
    await expect(page.getByTestId('rk-connect-button')).toBeVisible();
    await expectSignedOut(page, stack);
  });

  test('the devnet wallet signs with the dev accounts, and its picker switches account', async ({
    page,
    stack,
  }) => {
    await page.goto('/');
    await openConnectModal(page);
    await page.getByTestId('rk-wallet-option-countersignDevnet').click();
    await expect(page.getByText('Verify your account')).toBeVisible();
    await verify(page);
    const ownerA = ownerKey(stack, 'owner A').address;
    await expect(page.getByTestId('rk-account-button')).toContainText(ownerA.slice(-4));

    const ownerB = ownerKey(stack, 'owner B').address;
    await page.getByTestId('devnet-account').selectOption(ownerB);
    await expect(page.getByTestId('rk-account-button')).toHaveCount(0);
    await page.getByTestId('rk-connect-button').click();
    await verify(page);
    await expect(page.getByTestId('rk-account-button')).toContainText(ownerB.slice(-4));
    await expect(page.getByTestId('owned-safe')).toContainText(stack.safes[0]!.address);
  });

  test('inside a Safe: the Safe connector links the Safe, and its owners verify it (EIP-1271)', async ({
    page,
    stack,
  }) => {
    const team = stack.safes.find((safe) => safe.threshold > 1)!;
    type Ref = { value: `0x${string}` } | null;
    const info = (await (
      await page.request.get(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${team.address}`)
    ).json()) as {
      nonce: number;
      implementation: { value: `0x${string}` };
      modules: { value: `0x${string}` }[] | null;
      fallbackHandler: Ref;
      guard: Ref;
      version: string | null;
    };
    const ownerKeys = team.owners
      .map((owner) => stack.accounts.find((account) => account.address === owner)!.privateKey)
      .slice(0, team.threshold);
    const host = new SafeHost({
      appUrl: 'about:blank',
      rpcUrl: stack.rpcUrl!,
      ownerKeys,
      safe: {
        safeAddress: team.address as `0x${string}`,
        chainId: stack.chainId,
        owners: team.owners as `0x${string}`[],
        threshold: team.threshold,
        nonce: info.nonce,
        implementation: info.implementation.value,
        modules: info.modules?.map((module) => module.value) ?? null,
        fallbackHandler: info.fallbackHandler?.value ?? null,
        guard: info.guard?.value ?? null,
        version: info.version,
        isReadOnly: false,
      },
    });
    const hostUrl = await host.start(page);
    // Countersign lets only the Safe wallets its operator lists frame it (FRAME_ANCESTORS), and its
    // Safe connector answers only them: this host is listed.
    const web = await startWebServer({
      port: 0,
      gatewayUrl: stack.gatewayUrl,
      frameAncestors: [new URL(hostUrl).origin],
    });
    host.setAppUrl(`${web.url}/`);
    try {
      await page.goto(hostUrl);
      const app = page.frameLocator('#app');
      // Linked on load by the Safe connector: Connect leads straight to verification.
      await app.getByTestId('rk-connect-button').click();
      await expect(app.getByText('Verify your account')).toBeVisible();
      await signInMessage(app);
      await expect(app.getByTestId('rk-account-button')).toContainText(team.address.slice(-4));

      // The owners signed the Sign-In message through the host, and the gateway checked it with the
      // Safe's EIP-1271 isValidSignature.
      expect(host.signedMessages).toHaveLength(1);
      const session = await page.request.get(`${stack.gatewayUrl}/v1/auth/me`);
      expect(session.status()).toBe(200);
      expect((await session.json()).signerAddress).toBe(team.address);
      expect(host.calls.map((call) => call.method)).toEqual(['signMessage']);

      // Reloaded inside the Safe: linked again by itself, and still verified.
      await page.reload();
      await expect(app.getByTestId('rk-account-button')).toContainText(team.address.slice(-4));
      await expect(app.getByText('Verify your account')).toHaveCount(0);
    } finally {
      await host.stop();
      await web.close();
    }
  });

  test('RainbowKit follows the light and dark themes, and its overlay dims without a filter', async ({
    page,
  }) => {
    for (const [scheme, background, accent] of [
      ['light', '#FFF', '#2563eb'],
      ['dark', '#1A1B1F', '#60a5fa'],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await openConnectModal(page);
      const colors = await page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('[data-rk]')!);
        return {
          background: style.getPropertyValue('--rk-colors-modalBackground').trim(),
          accent: style.getPropertyValue('--rk-colors-accentColor').trim(),
        };
      });
      expect(colors).toEqual({ background, accent });
      // A backdrop filter (even a blur of 0 px) recomposes the page behind on every frame the modal
      // animates: nothing in the open modal has one.
      const filtered = await page.evaluate(() =>
        [...document.querySelectorAll('[data-rk] *')]
          .map((element) => getComputedStyle(element).backdropFilter)
          .filter((filter) => filter !== 'none'),
      );
      expect(filtered).toEqual([]);
    }
  });
});
