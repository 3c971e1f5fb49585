import type { Page } from '@playwright/test';
import type { Address } from 'viem';
import { lyingAbout, startRpcInterceptor } from '@countersign/devnet';
import { expect, test } from '../fixtures';
import { attacker, webAppOnLyingChain } from '../lyingChain';
import { devAccount, ownerWithTestWallet, teamSafe } from '../owners';
import type { E2eStack } from '../stack';

/*
 * Issue 33: a gateway that lies can name a node that lies with it, and then every check "on the
 * chain" agreed with the lie. The chain is read through the operator's RPC or the owner's; the
 * gateway's only where nobody named one, and the pages say so.
 */

/** DUSD as the Safe's balances name it (it has 6 decimals). */
async function dusdOf(stack: E2eStack): Promise<{ address: Address; decimals: number }> {
  const response = await fetch(
    `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${teamSafe(stack)}/balances/usd`,
  );
  const { items } = (await response.json()) as {
    items: { tokenInfo: { address: Address; symbol: string; decimals: number } }[];
  };
  return items.find((item) => item.tokenInfo.symbol === 'DUSD')!.tokenInfo;
}

/** A transfer of 1 DUSD to the recipient, reviewed: its words take the token's decimals from the chain. */
async function reviewOneDusd(
  page: Page,
  stack: E2eStack,
  webUrl: string,
  dusd: { address: Address; decimals: number },
) {
  const recipient = devAccount(stack, 'recipient').address;
  const one = 10n ** BigInt(dusd.decimals);
  const transfer = `0xa9059cbb${recipient.slice(2).toLowerCase().padStart(64, '0')}${one.toString(16).padStart(64, '0')}`;
  await ownerWithTestWallet(
    page,
    stack,
    'owner A',
    `${webUrl}/local:${teamSafe(stack)}/new-transaction/contract`,
  );
  await page.getByTestId('contract-mode-raw').check();
  await page.getByTestId('contract-address').fill(dusd.address);
  await page.getByTestId('contract-data').fill(transfer);
  await page.getByTestId('form-continue').click();
  await expect(page.getByTestId('tx-review')).toContainText(`Send 1 DUSD to ${recipient}`);
}

test.describe('The chain read through an RPC the owner or the operator chose', () => {
  test.setTimeout(120_000);

  test("with the operator's RPC, every page reads the chain there, never the gateway's node, and flags the gateway's account", async ({
    page,
    stack,
  }) => {
    const app = await webAppOnLyingChain(stack, { operatorRpc: true, dusd: await dusdOf(stack) });
    try {
      const safePath = `${app.web.url}/local:${teamSafe(stack)}`;
      for (const view of ['home', 'transactions/queue', 'settings/network']) {
        await page.goto(`${safePath}/${view}`);
        const alert = page.getByTestId('safe-state-disagrees');
        await expect(alert).toBeVisible();
        await expect(alert).toContainText(`Owners: the gateway says`);
        await expect(alert).toContainText(attacker);
        await expect(alert).toContainText(`Threshold: the gateway says 1; the chain says 2`);
        await expect(alert).toContainText(
          `Nonce: the gateway says ${app.truth.nonce + 5}; the chain says ${app.truth.nonce}`,
        );
        await expect(page.getByTestId('rpc-gateway-only')).toHaveCount(0);
        // What the page shows is the chain's: 2 of the 3 owners, at the chain's nonce.
        await expect(page.getByTestId('safe-header-threshold')).toHaveText('2/3');
        await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${app.truth.nonce}`);
      }
      await expect(page.getByTestId('rpc-in-use-source')).toHaveText("The operator's RPC");
      await expect(page.getByTestId('rpc-in-use')).toContainText(new URL(stack.rpcUrl!).host);

      await reviewOneDusd(page, stack, app.web.url, await dusdOf(stack));
      await expect(page.getByTestId('review-nonce')).toHaveValue(/^\d+$/);
      expect(Number(await page.getByTestId('review-nonce').inputValue())).toBeLessThan(app.truth.nonce + 5);
      // The gateway's node was never asked anything: the page's policy would not even let it be.
      expect(app.liar.calls()).toBe(0);
    } finally {
      await app.stop();
    }
  });

  test("with only the gateway's RPC the pages say so; the owner's own RPC, set in Settings, then shows the lie as a disagreement", async ({
    page,
    stack,
  }) => {
    const dusd = await dusdOf(stack);
    const app = await webAppOnLyingChain(stack, { operatorRpc: false, dusd });
    try {
      const safePath = `${app.web.url}/local:${teamSafe(stack)}`;
      await page.goto(`${safePath}/home`);
      const only = page.getByTestId('rpc-gateway-only');
      await expect(only).toBeVisible();
      await expect(page.getByTestId('rpc-gateway-host')).toHaveText(new URL(app.liar.url).host);
      // Its node agrees with its account: nothing here can catch that lie but another source.
      await expect(page.getByTestId('safe-state-disagrees')).toHaveCount(0);
      await expect(page.getByTestId('safe-header-threshold')).toHaveText('1/2');

      await only.getByRole('link', { name: 'Set your own RPC' }).click();
      await expect(page.getByTestId('rpc-in-use-source')).toHaveText("The gateway's RPC");
      // Not an RPC of this chain: refused, with the reason, and the page still reads as before.
      const otherChain = await startOtherChainRpc(stack);
      try {
        await page.getByTestId('owner-rpc-url').fill(otherChain.url);
        await page.getByTestId('owner-rpc-save').click();
        await expect(page.getByTestId('owner-rpc-refused')).toContainText(
          `Not used. It serves chain 1, not chain ${stack.chainId}.`,
        );
        await expect(page.getByTestId('rpc-in-use-source')).toHaveText("The gateway's RPC");
      } finally {
        await otherChain.close();
      }

      await page.getByTestId('owner-rpc-url').fill(stack.rpcUrl!);
      await page.getByTestId('owner-rpc-save').click();
      await expect(page.getByTestId('rpc-in-use-source')).toHaveText('Your RPC');
      await expect(page.getByTestId('owner-rpc-refused')).toHaveCount(0);

      for (const view of ['home', 'transactions/history']) {
        await page.goto(`${safePath}/${view}`);
        await expect(page.getByTestId('rpc-gateway-only')).toHaveCount(0);
        await expect(page.getByTestId('safe-state-disagrees')).toContainText(attacker);
        const rpcs = page.getByTestId('rpc-disagreement');
        await expect(rpcs).toContainText('Two RPCs disagree about this chain');
        const items = rpcs.getByTestId('rpc-disagreement-item');
        await expect(items).toHaveCount(3);
        await expect(items.nth(0)).toContainText('Owners');
        await expect(items.nth(0)).toContainText(`Your RPC (${new URL(stack.rpcUrl!).host})`);
        await expect(items.nth(0)).toContainText(
          `The gateway's RPC (${new URL(app.liar.url).host}): ${attacker}, ${devAccount(stack, 'owner A').address}`,
        );
        await expect(items.nth(2)).toContainText(`Nonce`);
        await expect(items.nth(2)).toContainText(String(app.truth.nonce + 5));
        await expect(page.getByTestId('safe-header-threshold')).toHaveText('2/3');
      }
      await reviewOneDusd(page, stack, app.web.url, dusd);

      // Back to the default: the gateway's node again, and the page says so.
      await page.goto(`${safePath}/settings/network`);
      await page.getByTestId('owner-rpc-remove').click();
      await expect(page.getByTestId('rpc-in-use-source')).toHaveText("The gateway's RPC");
      await expect(page.getByTestId('rpc-gateway-only')).toBeVisible();
    } finally {
      await app.stop();
    }
  });
});

/** A node that says it serves chain 1 (in front of the devnet's). */
async function startOtherChainRpc(stack: E2eStack) {
  return startRpcInterceptor(stack.rpcUrl!, lyingAbout({ chainId: 1 }));
}
