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
