import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeSafeSetup, safe141, safeProxyFactoryAbi } from '@countersign/safe-core';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import { TestWallet } from '../testWallet';
import { signInMessage } from '../signIn';

type Balances = { fiatTotal: string; items: { tokenInfo: { symbol: string }; fiatBalance: string }[] };
type QueuePage = {
  results: {
    type: string;
    transaction?: { executionInfo: { confirmationsSubmitted: number; confirmationsRequired: number } };
  }[];
};

const usd = (value: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(
    Number(value),
  );

test.describe('Safe home', () => {
  test('opens the demo Safe from the start page: value, top assets, the queue at a glance, setup', async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!;
    const gateway = `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${team.address}`;
    const balances = (await (await fetch(`${gateway}/balances/usd`)).json()) as Balances;
    const queue = (await (await fetch(`${gateway}/transactions/queued`)).json()) as QueuePage;
    const queued = queue.results.filter((item) => item.type === 'TRANSACTION');

    await page.goto('/');
    await expect(page.getByTestId('chain-selector')).toContainText('Countersign Devnet');
    await page.getByTestId('open-safe-input').fill(team.address.toLowerCase());
    await page.getByTestId('open-safe-submit').click();
    await expect(page).toHaveURL(new RegExp(`/local:${team.address}/home$`));

    await expect(page.getByTestId('top-assets-total')).toHaveText(usd(balances.fiatTotal));
    const top = page.getByTestId('top-asset');
    await expect(top).toHaveCount(Math.min(5, balances.items.length));
    for (const [i, item] of balances.items.slice(0, 5).entries()) {
      await expect(top.nth(i)).toContainText(item.tokenInfo.symbol);
      await expect(top.nth(i)).toContainText(usd(item.fiatBalance));
    }

    await expect(page.getByTestId('queue-preview-count')).toHaveText(`${queued.length} transactions waiting`);
    const first = queued[0]!.transaction!.executionInfo;
    await expect(page.getByTestId('queue-preview-confirmations').first()).toHaveText(
      `${first.confirmationsSubmitted} of ${first.confirmationsRequired}`,
    );

    await expect(page.getByTestId('overview-threshold')).toHaveText('2 of 3');
    await expect(page.getByTestId('overview-owners')).toHaveText('3');
    await expect(page.getByTestId('overview-nonce')).toHaveText('8');
    await expect(page.getByTestId('overview-version')).toHaveText('1.4.1');
    await expect(page.getByTestId('overview-version-state')).toHaveText('Up to date');
  });

  test('says where the connected owner stands on each queued transaction', async ({ page, stack }) => {
    const ownerA = stack.accounts.find((account) => account.role === 'owner A')!;
    const wallet = new TestWallet(page, {
      privateKey: ownerA.privateKey,
      chainId: stack.chainId,
      knownChains: [],
      rpcUrl: stack.rpcUrl!,
    });
    await wallet.install();
    await page.goto(`/local:${stack.safes[0]!.address}/home`);
    await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
    await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
    await signInMessage(page);
    await expect(page.getByTestId('rk-account-button')).toBeVisible();
    // The demo queue: the rent signed by owner A, then the bonus and its rejection signed by others.
    const states = page.getByTestId('queue-preview-owner-state');
    await expect(states).toHaveText(['You signed', 'Needs your signature', 'Needs your signature']);
  });

  test('a queue longer than the preview links to all of it, saying how many', async ({ page, stack }) => {
    const team = stack.safes[0]!.address;
    // The queue as the browser reads it, made five long by copies of its first transaction at later
    // nonces. The Safe is opened from the start page, so its home loads in the browser, not on the server.
    await page.route(`**/safes/${team}/transactions/queued**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { next: string | null; results: Record<string, unknown>[] };
      const transactions = body.results.filter((item) => item.type === 'TRANSACTION');
      const first = transactions[0] as { transaction: { id: string; executionInfo: { nonce: number } } };
      const copies = Array.from({ length: Math.max(0, 5 - transactions.length) }, (_, n) => ({
        ...first,
        transaction: {
          ...first.transaction,
          id: `${first.transaction.id}-copy${n}`,
          executionInfo: { ...first.transaction.executionInfo, nonce: 1000 + n },
        },
      }));
      await route.fulfill({
        response,
        json: { ...body, next: null, results: [...body.results, ...copies] },
      });
    });
    await page.goto('/');
    await page.getByTestId('open-safe-input').fill(team);
    await page.getByTestId('open-safe-submit').click();
    await expect(page).toHaveURL(new RegExp(`/local:${team}/home$`));
    const count = page.getByTestId('queue-preview-count');
    await expect(count).toHaveText(/^\d+ transactions waiting$/);
    const waiting = Number((await count.textContent())!.split(' ')[0]);
    expect(waiting).toBeGreaterThanOrEqual(5);
    await expect(page.getByTestId('queue-preview-item')).toHaveCount(3);
    const more = page.getByTestId('queue-preview-more');
    await expect(more).toHaveText(`View all ${waiting} transactions`);
    await more.click();
    await expect(page).toHaveURL(new RegExp(`/local:${team}/transactions/queue$`));
  });

  test('a new Safe that holds nothing offers to fund it, through Receive', async ({ page, stack }) => {
    // A deployment and the gateway's first answer, on a CI machine running two workers.
    test.setTimeout(120_000);
    // A 1-of-1 Safe deployed outside the app with a salt of its own: nonce 0, nothing in it. The
    // deployer sends it: no other test sends from that account, so their nonces cannot collide.
    const deployer = stack.accounts.find((account) => account.role === 'deployer')!;
    const transport = http(stack.rpcUrl!);
    const chain = createPublicClient({ transport });
    const sender = createWalletClient({ account: privateKeyToAccount(deployer.privateKey), transport });
    const { request, result: safe } = await chain.simulateContract({
      account: sender.account,
      address: safe141.safeProxyFactory,
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [
        safe141.safeL2,
        encodeSafeSetup({
          owners: [deployer.address as Address],
          threshold: 1n,
          fallbackHandler: safe141.compatibilityFallbackHandler,
        }),
        BigInt(Date.now()),
      ],
    });
    const hash = await sender.writeContract({ ...request, chain: null });
    expect((await chain.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success');
    await expect
      .poll(
        async () => (await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${safe}`)).status,
        {
          timeout: 30_000,
        },
      )
      .toBe(200);

    await page.goto(`/local:${safe}/home`);
    await expect(page.getByTestId('fund-safe')).toContainText('It holds nothing yet.');
    await page.getByTestId('fund-safe-receive').click();
    const dialog = page.getByTestId('receive-dialog');
    await expect(dialog.getByTestId('receive-address')).toHaveText(`local:${safe}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('fund-safe-receive')).toBeFocused();
    // The demo Safe, funded and used, is not offered it.
    await page.goto(`/local:${stack.safes[0]!.address}/home`);
    await expect(page.getByTestId('top-assets-total')).toBeVisible();
    await expect(page.getByTestId('fund-safe')).toHaveCount(0);
  });

  test('accepts shortName:address in the open form', async ({ page, stack }) => {
    const solo = stack.safes[1]!;
    await page.goto('/');
    await page.getByTestId('open-safe-input').fill(`local:${solo.address}`);
    await page.getByTestId('open-safe-submit').click();
    await expect(page.getByTestId('overview-threshold')).toHaveText('1 of 1');
    await expect(page.getByTestId('overview-owners')).toHaveText('1');
    await expect(page.getByTestId('queue-preview-empty')).toHaveText('Nothing waits for signatures.');
  });

  test('no serious or critical axe violation on the home page, light and dark', async ({ page, stack }) => {
    await page.goto(`/local:${stack.safes[0]!.address}/home`);
    await expect(page.getByTestId('top-assets-total')).toBeVisible();
    await expect(page.getByTestId('queue-preview-count')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, 'home, dark');
  });
});

test.describe('clear messages for what cannot be shown', () => {
  test('a malformed address in the form', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('open-safe-input').fill('0x1234');
    await page.getByTestId('open-safe-submit').click();
    await expect(page.getByTestId('open-safe-error')).toContainText('is not a valid address');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a malformed address in the URL', async ({ page }) => {
    await page.goto('/local:0xnot-an-address/home');
    await expect(page.getByRole('alert')).toContainText('not a valid address');
  });

  test('an address that is not a Safe', async ({ page, stack }) => {
    const eoa = stack.accounts[9]!.address;
    await page.goto(`/local:${eoa}/home`);
    await expect(page.getByRole('alert')).toContainText(`No Safe found at ${eoa} on Countersign Devnet.`);
    // Inside the page's column, with the way on instead of a Retry that could not help.
    await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toHaveText(
      'The Safe could not be loaded',
    );
    await expect(page.getByTestId('retry-button')).toHaveCount(0);
    await page.getByTestId('open-another-safe').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown chain short name', async ({ page, stack }) => {
    await page.goto(`/nochain:${stack.safes[0]!.address}/home`);
    await expect(page.getByRole('alert')).toContainText('Unknown chain');
    await expect(page.getByRole('alert')).toContainText('local');
    await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toHaveText('Unknown chain');
    // The heading says it once; the way on is the chains this deployment serves.
    await expect(page.getByText('Unknown chain', { exact: true })).toHaveCount(1);
    await page.getByTestId('open-on-chain').filter({ hasText: 'Countersign Devnet' }).click();
    await expect(page).toHaveURL(new RegExp(`/local:${stack.safes[0]!.address}/home$`));
  });
});
