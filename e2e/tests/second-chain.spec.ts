import type { Page } from '@playwright/test';
import { createPublicClient, getAddress, http, parseEther } from 'viem';
import { expect, test } from '../fixtures';
import { devAccount, ownerWithDevnetWallet, secondOwner, teamSafe } from '../owners';
import type { E2eStack } from '../stack';

/** `npm start` with DEVNET_SECOND_CHAIN: these tests run on a stack of their own with both chains. */
test.use({ stackEnv: { DEVNET_SECOND_CHAIN: '1' } });

const secondChainId = 1338;

async function nonceOn(stack: E2eStack, chainId: number): Promise<number> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${chainId}/safes/${teamSafe(stack)}/nonces`);
  return ((await response.json()) as { currentNonce: number }).currentNonce;
}

/** The history's rows as text, once the first is shown. */
async function historyRows(page: Page): Promise<string[]> {
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  return page.getByTestId('tx-row').allInnerTexts();
}

/** The second chain's RPC URL, as the gateway gives it to the app. */
async function secondRpcUrl(stack: E2eStack): Promise<string> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${secondChainId}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { rpcUri: { value: string } }).rpcUri.value;
}

test.describe('Two devnet chains (DEVNET_SECOND_CHAIN)', () => {
  test.setTimeout(120_000);

  test('the chain switch moves the Safe page between the chains, each with its own data', async ({
    page,
    stack,
  }) => {
    const team = teamSafe(stack);
    const nonces = await Promise.all(
      [stack.chainId, secondChainId].map((chainId) => nonceOn(stack, chainId)),
    );
    // The same address on both chains, each with its own nonce and history.
    expect(nonces[0]).not.toBe(nonces[1]);
    await page.goto(`/local2:${team}/transactions/history`);
    await expect(page.getByTestId('chain-selector')).toHaveValue(String(secondChainId));
    await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${nonces[1]}`);
    const secondRows = await historyRows(page);
    await page.getByTestId('chain-selector').selectOption(String(stack.chainId));
    await expect(page).toHaveURL(new RegExp(`/local:${team}/transactions/history$`));
    await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${nonces[0]}`);
    expect(await historyRows(page)).not.toEqual(secondRows);
    await page.getByTestId('chain-selector').selectOption(String(secondChainId));
    await expect(page).toHaveURL(new RegExp(`/local2:${team}/transactions/history$`));
    await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${nonces[1]}`);
    expect(await historyRows(page)).toEqual(secondRows);
  });

  test('two owners pay from the Safe on the second chain: the wallet switches, only that chain changes', async ({
    page,
    stack,
    browser,
  }) => {
    const team = teamSafe(stack);
    const recipient = getAddress(devAccount(stack, 'recipient').address);
    const second = createPublicClient({ transport: http(await secondRpcUrl(stack)) });
    const main = createPublicClient({ transport: http(stack.rpcUrl!) });
    const before = {
      second: await second.getBalance({ address: recipient }),
      main: await main.getBalance({ address: recipient }),
    };

    // The devnet wallet starts on the main chain: signing for the second asks it to switch first.
    await ownerWithDevnetWallet(page, stack, 'owner A', `/local2:${team}/new-transaction/send`);
    await page.getByTestId('send-recipient').fill(recipient);
    await page.getByTestId('send-amount').fill('0.0133');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
    await expect(page.getByTestId('review-contract-check')).toContainText('gives the same safeTxHash');
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    const detailsPath = new URL(page.url()).pathname;
    expect(detailsPath).toContain(`/local2:${team}/`);

    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', detailsPath);
      await b.page.getByTestId('tx-execute').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
      // Its explorer link opens the explorer on the second chain, which finds it there.
      const link = await b.page.getByTestId('details-explorer-link').getAttribute('href');
      expect(link).toMatch(new RegExp(`/explorer/${secondChainId}/tx/0x[0-9a-f]{64}$`));
      await b.page.goto(link!);
      await expect(b.page.getByTestId('tx-hash')).toHaveText(link!.split('/').at(-1)!);
      await expect(b.page.getByText('on Countersign Devnet 2')).toBeVisible();
      await expect(b.page.getByTestId('tx-status')).toContainText('Success');
      await b.page.getByTestId('tx-to').click();
      await expect(b.page).toHaveURL(new RegExp(`/explorer/${secondChainId}/address/${team}$`, 'i'));
      await b.page.getByTestId('open-safe-link').click();
      await expect(b.page).toHaveURL(`/local2:${team}/home`);
    } finally {
      await b.close();
    }

    expect(await second.getBalance({ address: recipient })).toBe(before.second + parseEther('0.0133'));
    expect(await main.getBalance({ address: recipient })).toBe(before.main);
    await page.goto(`/local2:${team}/transactions/history`);
    await expect(page.getByTestId('tx-row').first()).toContainText('0.0133');
    await page.goto(`/local:${team}/transactions/history`);
    await expect(page.getByTestId('tx-row').first()).toBeVisible();
    await expect(page.getByTestId('tx-row').filter({ hasText: '0.0133' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('countersign.devnet.chain'))).toBe(
      String(secondChainId),
    );
  });
});
