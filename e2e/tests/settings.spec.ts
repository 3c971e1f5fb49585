import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { delegateTotp, delegateTypedData, notificationRegistrationMessage } from '@countersign/safe-core';
import { keccak256, recoverMessageAddress, stringToBytes, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import { doubleChainId, doubleSafeAddress, webAppOnDouble } from '../gatewayDouble';
import type { E2eStack } from '../stack';
import { TestWallet } from '../testWallet';
import { signInMessage } from '../signIn';
import { ownerWithDevnetWallet, ownerWithTestWallet, secondOwner } from '../owners';

/** The Settings views against the demo Safe, the devnet chain and the local gateway. */

type AddressInfo = { value: string; name: string | null };
type SafeInfo = {
  nonce: number;
  threshold: number;
  owners: AddressInfo[];
  version: string;
  implementationVersionState: string;
  implementation: AddressInfo;
  modules: AddressInfo[] | null;
  guard: AddressInfo | null;
  fallbackHandler: AddressInfo | null;
};

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

const safeInfo = (stack: E2eStack, safe: string) =>
  getJson<SafeInfo>(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${safe}`);

function devAccount(stack: E2eStack, role: string) {
  const found = stack.accounts.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`No dev account with role ${role}`);
  return found;
}

const settings = (stack: E2eStack, section = '') => `/local:${stack.safes[0]!.address}/settings${section}`;

test.describe('Settings', () => {
  test('setup: the owners, threshold, nonce and version the gateway holds', async ({ page, stack }) => {
    const team = stack.safes[0]!;
    const info = await safeInfo(stack, team.address);
    expect(info.threshold).toBe(2);
    expect(info.owners.map((owner) => owner.value)).toEqual(team.owners);

    await page.goto(settings(stack));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByTestId('settings-tab-setup')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('settings-threshold')).toHaveText('2 of 3 owners');
    await expect(page.getByTestId('settings-version')).toHaveText('1.4.1');
    await expect(page.getByTestId('settings-version-state')).toHaveText('Up to date');
    await expect(page.getByTestId('settings-owner').getByTestId('address-value')).toHaveText(team.owners);
    await expect(page.getByTestId('settings-implementation').getByTestId('address-name')).toHaveText(
      info.implementation.name!,
    );
    // Other tests may execute transactions meanwhile: the nonce is compared with the gateway's now.
    await expect
      .poll(
        async () =>
          (await page.getByTestId('settings-nonce').textContent()) ===
          String((await safeInfo(stack, team.address)).nonce),
      )
      .toBe(true);
    // Changes are transactions: each leads to its form, which leads to the review.
    await expect(page.getByRole('link', { name: 'Add owner' })).toHaveAttribute(
      'href',
      `/local:${team.address}/new-transaction/add-owner`,
    );
    await expect(page.getByRole('link', { name: 'Change threshold' })).toHaveAttribute(
      'href',
      `/local:${team.address}/new-transaction/threshold`,
    );
    await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link')).toHaveText([
      'Setup',
      'Modules',
      'Security',
      'Network',
      'Delegates',
      'Notifications',
      'Safe Apps',
      'Data',
    ]);
  });

  test('modules: the demo module, no guard, the fallback handler, and the warnings', async ({
    page,
    stack,
  }) => {
    const manifest = JSON.parse(readFileSync(stack.manifestPath!, 'utf8')) as {
      modules: { safe: string; module: string }[];
    };
    const team = stack.safes[0]!.address;
    const demoModule = manifest.modules.find((entry) => entry.safe === team)!.module;
    const info = await safeInfo(stack, team);
    expect(info.modules?.map((module) => module.value)).toEqual([demoModule]);

    await page.goto(settings(stack, '/modules'));
    await expect(page.getByTestId('settings-module')).toHaveCount(1);
    await expect(page.getByTestId('settings-module').getByTestId('address-value')).toHaveAttribute(
      'title',
      demoModule,
    );
    await expect(page.getByTestId('settings-module')).toContainText('Not a known contract');
    await expect(page.getByTestId('settings-guard')).toHaveText('None');
    await expect(page.getByTestId('settings-fallback-handler').getByTestId('address-name')).toHaveText(
      'CompatibilityFallbackHandler 1.4.1',
    );
    await expect(page.getByTestId('settings-fallback-handler').getByTestId('address-value')).toHaveAttribute(
      'title',
      info.fallbackHandler!.value,
    );
    await expect(
      page.getByText('A module can execute transactions from this Safe without the owners’ signatures'),
    ).toBeVisible();
    await expect(
      page.getByText('A guard checks every transaction of this Safe and can block it'),
    ).toBeVisible();
  });

  test('network: the devnet chain as the gateway serves it', async ({ page, stack }) => {
    const chain = await getJson<{
      chainId: string;
      chainName: string;
      shortName: string;
      description: string;
      l2: boolean;
      isTestnet: boolean;
      nativeCurrency: { name: string; symbol: string; decimals: number };
      rpcUri: { authentication: string; value: string };
      publicRpcUri: { authentication: string; value: string };
      blockExplorerUriTemplate: { address: string; txHash: string; api: string };
      gasPrice: { type: string; maxFeePerGas?: string; maxPriorityFeePerGas?: string }[];
      features: string[];
      recommendedMasterCopyVersion: string;
      transactionService: string;
    }>(`${stack.gatewayUrl}/v1/chains/${stack.chainId}`);

    await page.goto(settings(stack, '/network'));
    await expect(page.getByTestId('settings-tab-network')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('network-chain-id')).toHaveText(chain.chainId);
    await expect(page.getByTestId('network-chain-name')).toHaveText(chain.chainName);
    await expect(page.getByTestId('network-short-name')).toHaveText(chain.shortName);
    await expect(page.getByTestId('network-description')).toHaveText(chain.description);
    await expect(page.getByTestId('network-l2')).toHaveText(chain.l2 ? /^Yes/ : /^No/);
    await expect(page.getByTestId('network-testnet')).toHaveText(chain.isTestnet ? /^Yes/ : /^No/);
    await expect(page.getByTestId('network-currency-name')).toHaveText(chain.nativeCurrency.name);
    await expect(page.getByTestId('network-currency-symbol')).toHaveText(chain.nativeCurrency.symbol);
    await expect(page.getByTestId('network-currency-decimals')).toHaveText(
      String(chain.nativeCurrency.decimals),
    );
    await expect(page.getByTestId('network-rpc').locator('code')).toHaveText(chain.rpcUri.value);
    await expect(page.getByTestId('network-rpc').getByTestId('rpc-authentication')).toHaveText(
      chain.rpcUri.authentication,
    );
    await expect(page.getByTestId('network-rpc')).toContainText('Used as it is: no key is needed.');
    await expect(page.getByTestId('network-public-rpc').locator('code')).toHaveText(chain.publicRpcUri.value);
    await expect(page.getByTestId('network-explorer-address').locator('code')).toHaveText(
      chain.blockExplorerUriTemplate.address,
    );
    await expect(page.getByTestId('network-explorer-tx').locator('code')).toHaveText(
      chain.blockExplorerUriTemplate.txHash,
    );
    await expect(page.getByTestId('network-explorer-api').locator('code')).toHaveText(
      chain.blockExplorerUriTemplate.api,
    );
    expect(chain.gasPrice).toEqual([
      { type: 'fixed1559', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' },
    ]);
    await expect(page.getByTestId('network-gas-price')).toContainText('fixed1559');
    await expect(page.getByTestId('network-gas-price')).toContainText(
      'Max fee per gas2 gwei (2000000000 wei)',
    );
    await expect(page.getByTestId('network-gas-price')).toContainText(
      'Max priority fee per gas1 gwei (1000000000 wei)',
    );
    await expect(page.getByTestId('network-feature').locator('code')).toHaveText(chain.features);
    await expect(page.locator('[data-feature="EIP1271"]')).toContainText(
      'The Safe can sign messages off-chain (EIP-1271).',
    );
    await expect(page.getByTestId('network-recommended-version')).toHaveText(
      chain.recommendedMasterCopyVersion,
    );
    await expect(page.getByTestId('network-transaction-service').locator('code')).toHaveText(
      chain.transactionService,
    );
  });

  test('delegates: as the gateway lists them, empty or not', async ({ page, stack }) => {
    const team = stack.safes[0]!.address as Address;
    const list = () =>
      getJson<{ count: number; results: { delegate: string; delegator: string; label: string }[] }>(
        `${stack.gatewayUrl}/v2/chains/${stack.chainId}/delegates?safe=${team}`,
      );
    const before = await list();
    await page.goto(settings(stack, '/delegates'));
    if (before.count === 0) {
      await expect(page.getByTestId('delegates-empty')).toContainText(
        'A delegate is an address an owner allows to propose transactions for this Safe without being an owner.',
      );
    }

    // Owner A makes owner E (an owner of the Legacy Safe only) a delegate of the Safe, as a wallet would.
    const ownerA = privateKeyToAccount(devAccount(stack, 'owner A').privateKey);
    const delegate = devAccount(stack, 'owner E').address as Address;
    const label = `e2e delegate ${Date.now()}`;
    const signature = await ownerA.signTypedData(
      delegateTypedData({ chainId: stack.chainId, delegate, totp: delegateTotp() }),
    );
    const added = await fetch(`${stack.gatewayUrl}/v2/chains/${stack.chainId}/delegates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ safe: team, delegate, delegator: ownerA.address, signature, label }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const after = await list();
    expect(after.results.some((entry) => entry.label === label)).toBe(true);

    await page.reload();
    const rows = page.getByTestId('delegate');
    await expect(rows).toHaveCount(after.results.length);
    const row = rows.filter({ hasText: label });
    await expect(row.getByTestId('delegate-label')).toHaveText(label);
    await expect(row.getByTestId('delegate-address').getByTestId('address-value')).toHaveAttribute(
      'title',
      delegate,
    );
    await expect(row.getByTestId('delegate-delegator').getByTestId('address-value')).toHaveAttribute(
      'title',
      ownerA.address,
    );
  });

  test('delegates: an owner adds one by signing, and removes it again', async ({ page, stack }) => {
    const team = stack.safes[0]!.address as Address;
    const delegate = devAccount(stack, 'owner E').address as Address;
    const listed = async () =>
      (
        await getJson<{ results: { delegate: string; label: string }[] }>(
          `${stack.gatewayUrl}/v2/chains/${stack.chainId}/delegates?safe=${team}`,
        )
      ).results.filter((entry) => entry.delegate === delegate);
    await ownerWithTestWallet(page, stack, 'owner A', settings(stack, '/delegates'));
    const form = page.getByTestId('delegate-form');
    await form.getByTestId('delegate-add').click();
    await expect(form.getByTestId('delegate-new-address')).toHaveAccessibleDescription(
      'Enter the delegate’s address.',
    );
    await form.getByTestId('delegate-new-address').fill(delegate.toLowerCase());
    await form.getByTestId('delegate-new-label').fill('Payroll bot');
    await form.getByTestId('delegate-add').click();
    await expect(form.getByTestId('delegate-added')).toContainText('Added “Payroll bot”');
    expect((await listed()).map((entry) => entry.label)).toEqual(['Payroll bot']);
    const row = page.getByTestId('delegate').filter({ hasText: 'Payroll bot' });
    await expect(row.getByTestId('delegate-address').getByTestId('address-value')).toHaveAttribute(
      'title',
      delegate,
    );

    // Removing asks first, naming it; keeping it changes nothing.
    await row.getByTestId('delegate-remove').click();
    await expect(row.getByTestId('delegate-remove-question')).toContainText('Remove “Payroll bot”?');
    await row.getByTestId('delegate-remove-cancel').click();
    await expect(row.getByTestId('delegate-remove-question')).toHaveCount(0);
    await row.getByTestId('delegate-remove').click();
    await row.getByTestId('delegate-remove-confirm').click();
    await expect(row).toHaveCount(0);
    expect(await listed()).toEqual([]);
    // The line saying it was added goes with it.
    await expect(form.getByTestId('delegate-added')).toHaveCount(0);
  });

  test('an unknown section says so inside the settings', async ({ page, stack }) => {
    await page.goto(settings(stack, '/nonsense'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByTestId('settings-not-found')).toContainText(
      'The settings have no section called “nonsense”.',
    );
    await page.getByRole('link', { name: 'Open the setup' }).click();
    await expect(page.getByTestId('settings-threshold')).toHaveText('2 of 3 owners');
  });

  const sections: [string, string][] = [
    ['', 'settings-setup'],
    ['/modules', 'settings-modules'],
    ['/network', 'settings-network'],
    ['/delegates', 'settings-delegates'],
    ['/notifications', 'settings-notifications'],
    ['/data', 'backup-section'],
  ];
  for (const scheme of ['light', 'dark'] as const) {
    for (const [path, testId] of sections) {
      test(`no serious or critical axe violation on settings${path || '/setup'}, ${scheme}`, async ({
        page,
        stack,
      }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(settings(stack, path));
        await expect(page.getByTestId(testId)).toBeVisible();
        await expect(page.getByTestId('loading')).toHaveCount(0);
        // Checked once the wallet code has mounted: RainbowKit's button is briefly aria-hidden while it does.
        await expect(page.getByTestId('rk-connect-button')).toBeVisible();
        await expectNoSeriousA11yViolations(page, `settings${path || '/setup'}, ${scheme}`);
      });
    }
  }
});

test.describe('Notifications', () => {
  async function connectOwnerA(page: Page, stack: E2eStack) {
    const wallet = new TestWallet(page, {
      privateKey: devAccount(stack, 'owner A').privateKey,
      chainId: stack.chainId,
      knownChains: [1],
      rpcUrl: stack.rpcUrl!,
    });
    await wallet.install();
    await page.goto(settings(stack, '/notifications'));
    await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
    await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
    await signInMessage(page);
    await expect(page.getByTestId('rk-account-button')).toBeVisible();
    return wallet;
  }

  const isRegistration = (request: Request) =>
    request.method() === 'POST' && request.url().endsWith('/v1/register/notifications');

  test('an owner registers this browser, the gateway accepts it; then the Safe and the device are unregistered', async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!.address as Address;
    const ownerA = devAccount(stack, 'owner A').address;
    await connectOwnerA(page, stack);
    await expect(page.getByTestId('notification-state')).toHaveText(
      'This browser is not registered for this Safe’s notifications.',
    );
    await expect(page.getByTestId('push-service-note')).toContainText(
      'Push delivery needs a push service this self-hosted app does not have; the registration is what the gateway stores.',
    );

    const registration = page.waitForResponse((response) => isRegistration(response.request()));
    await page.getByTestId('register-notifications').click();
    const response = await registration;
    // The local gateway recovers each signer and checks it owns the Safe before it answers 200.
    expect(response.status()).toBe(200);
    await expect(page.getByTestId('notification-state')).toContainText(
      'This browser is registered for this Safe’s notifications',
    );

    const body = response.request().postDataJSON() as {
      uuid: string;
      cloudMessagingToken: string;
      deviceType: string;
      timestamp: string;
      safeRegistrations: { chainId: string; safes: string[]; signatures: Hex[] }[];
    };
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('countersign.notifications')!) as {
          uuid: string;
          cloudMessagingToken: string;
        },
    );
    expect(body).toMatchObject({
      uuid: stored.uuid,
      cloudMessagingToken: stored.cloudMessagingToken,
      deviceType: 'WEB',
      safeRegistrations: [{ chainId: String(stack.chainId), safes: [team] }],
    });
    expect(stored.cloudMessagingToken).toMatch(/^countersign-no-push-service-/);
    await expect(page.getByTestId('notification-uuid')).toContainText(stored.uuid);
    const hash = keccak256(
      stringToBytes(
        notificationRegistrationMessage({
          timestamp: body.timestamp,
          uuid: body.uuid,
          cloudMessagingToken: body.cloudMessagingToken,
          safes: [team],
        }),
      ),
    );
    expect(
      await recoverMessageAddress({
        message: { raw: hash },
        signature: body.safeRegistrations[0]!.signatures[0]!,
      }),
    ).toBe(ownerA);

    // Remembered across a reload: the gateway has no endpoint to ask.
    await page.reload();
    await expect(page.getByTestId('notification-state')).toContainText('This browser is registered');

    const safeRemoved = page.waitForResponse(
      (r) =>
        r.request().method() === 'DELETE' &&
        r.url().endsWith(`/notifications/devices/${stored.uuid}/safes/${team}`),
    );
    await page.getByTestId('unregister-safe').click();
    expect((await safeRemoved).status()).toBe(200);
    await expect(page.getByTestId('notification-state')).toHaveText(
      'This browser is not registered for this Safe’s notifications.',
    );

    const deviceRemoved = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/notifications/devices/${stored.uuid}`),
    );
    await page.getByTestId('unregister-device').click();
    expect((await deviceRemoved).status()).toBe(200);
    await expect(page.getByTestId('notification-outcome')).toContainText('Browser unregistered');
    await expect(page.getByTestId('unregister-device')).toHaveCount(0);
  });

  test('a declined signature keeps the state and says so', async ({ page, stack }) => {
    const wallet = await connectOwnerA(page, stack);
    wallet.behaviour.sign = 'reject';
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (isRegistration(request)) registrations.push(request.url());
    });
    await page.getByTestId('register-notifications').click();
    await expect(page.getByTestId('notification-outcome-message')).toHaveText(
      'You declined the signature request in your wallet.',
    );
    await expect(page.getByTestId('notification-state')).toHaveText(
      'This browser is not registered for this Safe’s notifications.',
    );
    expect(registrations).toEqual([]);
    await expect(page.getByTestId('register-notifications')).toBeEnabled();
  });
});

test.describe('Security check', () => {
  test('the 1-of-1 demo Safe: its single owner is a finding, linked from the home', async ({
    page,
    stack,
  }) => {
    const solo = stack.safes[1]!;
    expect(solo.threshold).toBe(1);
    expect(solo.owners).toHaveLength(1);

    await page.goto(`/local:${solo.address}/home`);
    const line = page.getByTestId('setup-attention');
    await expect(line).toContainText('in this Safe’s setup');
    await line.getByRole('link', { name: 'See the security check' }).click();
    await expect(page).toHaveURL(new RegExp(`/local:${solo.address}/settings/security$`));
    await expect(page.getByTestId('settings-tab-security')).toHaveAttribute('aria-current', 'page');

    // Read from the Safe contract, not the gateway's word.
    await expect(page.getByTestId('security-summary')).toContainText(
      'Read from the Safe contract on the chain.',
    );
    const finding = page.getByTestId('security-finding-single-owner');
    await expect(finding).toContainText('A single owner controls this Safe');
    await expect(finding).toContainText('What to do: Add owners you trust');
    // The canonical deployment the devnet uses is recognised as such.
    await expect(page.getByTestId('security-finding-implementation')).toContainText(
      'The Safe runs SafeL2 1.4.1',
    );
    await finding.getByRole('link', { name: 'Add owner' }).click();
    await expect(page).toHaveURL(new RegExp(`/local:${solo.address}/new-transaction/add-owner$`));
  });
});

test.describe('Security check of the outdated demo Safe', () => {
  test.setTimeout(120_000);

  test('Safe 1.3.0 is a finding linked to the upgrade, reviewed as an expected change, executed by two owners', async ({
    page,
    stack,
    browser,
  }) => {
    const legacy = stack.safes[2]!;
    expect(legacy.name).toBe('Legacy Safe');
    await ownerWithDevnetWallet(page, stack, 'owner C', `/local:${legacy.address}/settings/security`);
    const finding = page.getByTestId('security-finding-outdated');
    await expect(finding).toContainText('The Safe runs an older version (1.3.0)');
    await expect(page.getByTestId('security-finding-implementation')).toContainText('SafeL2 1.3.0');
    await finding.getByRole('link', { name: 'Upgrade to 1.4.1' }).click();
    await expect(page).toHaveURL(new RegExp(`/local:${legacy.address}/new-transaction/upgrade$`));

    // The form reads the Safe's code from the chain and says what it becomes; no batch for it.
    await expect(page.getByTestId('upgrade-version')).toContainText('1.3.0 → 1.4.1');
    await expect(page.getByTestId('upgrade-singleton')).toContainText('SafeL2 1.4.1');
    await expect(page.getByTestId('upgrade-fallback-handler')).toContainText(
      'CompatibilityFallbackHandler 1.4.1',
    );
    await expect(page.getByTestId('form-add-to-batch')).toHaveCount(0);
    await page.getByTestId('form-continue').click();

    // The review: the call in words, an expected upgrade in what changes, no danger anywhere.
    await expect(page.getByTestId('review-action')).toContainText(
      'Upgrade the Safe to 1.4.1 (SafeMigration 1.4.1)',
    );
    await expect(page.getByTestId('review-action').getByTestId('call-to-name')).toHaveText(
      ' (SafeMigration 1.4.1)',
    );
    await expect(page.getByTestId('warning-upgrade')).toContainText('upgrades the Safe to SafeL2 1.4.1');
    await expect(page.getByTestId('warning-delegatecall')).toHaveCount(0);
    await expect(page.getByTestId('state-changes')).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    });
    const changes = page.getByTestId('state-safe-change');
    await expect(changes).toHaveCount(2);
    await expect(changes.nth(0)).toHaveAttribute('role', 'status');
    await expect(changes.filter({ hasText: 'The Safe is upgraded to SafeL2 1.4.1' })).toHaveCount(1);
    await expect(
      changes.filter({ hasText: 'The Safe is upgraded to CompatibilityFallbackHandler 1.4.1' }),
    ).toHaveCount(1);
    await expect(page.locator('[data-testid="state-safe-change"][role="alert"]')).toHaveCount(0);
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    const detailsPath = new URL(page.url()).pathname;

    const spare = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(spare.page, stack, 'owner E', detailsPath);
      await spare.page.getByTestId('tx-execute').click();
      await expect(spare.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
    } finally {
      await spare.close();
    }

    // Read from the chain again: the finding is gone, and the Safe runs 1.4.1.
    await page.goto(`/local:${legacy.address}/settings/security`);
    await expect(page.getByTestId('security-finding-implementation')).toContainText('SafeL2 1.4.1');
    await expect(page.getByTestId('security-finding-outdated')).toHaveCount(0);

    // Then 1.4.1 → 1.5.0, through SafeMigration 1.5.0: the only upgrade left, with what 1.5.0 brings.
    await page.goto(`/local:${legacy.address}/new-transaction/upgrade`);
    await expect(page.getByTestId('upgrade-version')).toContainText('1.4.1 → 1.5.0');
    await expect(page.getByTestId('upgrade-to-1.4.1')).toHaveCount(0);
    await expect(page.getByTestId('upgrade-version-summary')).toContainText('module guard');
    await expect(page.getByTestId('upgrade-singleton')).toContainText('SafeL2 1.5.0');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-action')).toContainText(
      'Upgrade the Safe to 1.5.0 (SafeMigration 1.5.0)',
    );
    await expect(page.getByTestId('warning-upgrade')).toContainText('upgrades the Safe to SafeL2 1.5.0');
    await expect(page.getByTestId('warning-delegatecall')).toHaveCount(0);
    await expect(page.getByTestId('state-changes')).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    });
    await expect(
      page.getByTestId('state-safe-change').filter({ hasText: 'The Safe is upgraded to SafeL2 1.5.0' }),
    ).toHaveCount(1);
    await expect(page.locator('[data-testid="state-safe-change"][role="alert"]')).toHaveCount(0);
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    const secondPath = new URL(page.url()).pathname;
    const again = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(again.page, stack, 'owner E', secondPath);
      await again.page.getByTestId('tx-execute').click();
      await expect(again.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
    } finally {
      await again.close();
    }

    // A Safe 1.5.0: its settings show the module guard, read from the chain (none yet).
    await page.goto(`/local:${legacy.address}/settings/security`);
    await expect(page.getByTestId('security-finding-implementation')).toContainText('SafeL2 1.5.0');
    await page.goto(`/local:${legacy.address}/settings/modules`);
    await expect(page.getByTestId('settings-module-guard')).toHaveText('None');
    await expect(page.getByTestId('settings-set-module-guard')).toHaveText('Set module guard');
  });
});

test.describe('Security check of the team Safe', () => {
  test('its demo module is unknown: a danger, said why, with the form that disables it', async ({
    page,
    stack,
  }) => {
    const manifest = JSON.parse(readFileSync(stack.manifestPath!, 'utf8')) as {
      modules: { safe: string; module: string }[];
    };
    const team = stack.safes[0]!.address;
    const demoModule = manifest.modules.find((entry) => entry.safe === team)!.module;
    await page.goto(`/local:${team}/settings/security`);
    const finding = page.getByTestId(`security-finding-module-${demoModule.toLowerCase()}`);
    await expect(finding).toContainText('An unknown module is enabled');
    await expect(finding).toContainText('Whoever controls it can take the Safe’s funds.');
    await finding.getByRole('link', { name: 'Disable module' }).click();
    await expect(page).toHaveURL(new RegExp(`/local:${team}/new-transaction/disable-module`));
  });
});

test.describe('Settings with hostile data', () => {
  test('a delegate label and contract names with HTML are shown inert, and the page stays usable', async ({
    page,
  }) => {
    const app = await webAppOnDouble();
    try {
      const hostile = '<img src=x onerror="window.__pwned=1"><b>boss</b>\u202Elebal';
      app.double.on('GET', `/v2/chains/${doubleChainId}/delegates`, () => ({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            safe: doubleSafeAddress,
            delegate: '0x4444444444444444444444444444444444444444',
            delegator: '0x2222222222222222222222222222222222222222',
            label: hostile,
          },
        ],
      }));
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${app.safePath}/settings/delegates`);
      // The right-to-left override is shown as a marker instead of turning the label around.
      await expect(page.getByTestId('delegate-label')).toHaveText(hostile.replace('\u202E', '⟨U+202E⟩'));
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.getByTestId('delegate-label').locator('b').count()).toBe(0);
      await page.getByTestId('settings-tab-network').click();
      await expect(page.getByTestId('network-chain-name')).toHaveText('Gateway double');
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});
