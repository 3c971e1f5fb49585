import type { Page } from '@playwright/test';
import { encodeFunctionData, maxUint256, parseAbi, type Address } from 'viem';
import { buildSafeTx, safeAbi } from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import { devAccount, ownerWithTestWallet, teamSafe } from '../owners';
import { proposeAsOwnerA, proposeImplementationTakeover } from '../proposals';
import { webAppOnChainWithoutSimulation } from '../rpcWithoutSimulation';
import type { E2eStack } from '../stack';

/**
 * What a transaction changes, in every review: executed on the devnet's own node (eth_simulateV1,
 * and debug_traceCall's state diff) as the executor would, before anyone signs.
 */

const safePath = (stack: E2eStack, view: string) => `/local:${teamSafe(stack)}/${view}`;

/** 0.25 ETH as the review shows it, valued at the devnet gateway's fixed price ($3,000). */
const quarterEth = (sign: '−' | '+') => `${sign}0.25 ETH (≈ $750.00 at the gateway’s price)`;

async function reviewOf(page: Page) {
  await page.getByTestId('form-continue').click();
  const changes = page.getByTestId('state-changes');
  await expect(changes).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  return changes;
}

async function dusdOf(stack: E2eStack): Promise<Address> {
  const response = await fetch(
    `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${teamSafe(stack)}/balances/usd`,
  );
  const { items } = (await response.json()) as {
    items: { tokenInfo: { address: Address; symbol: string } }[];
  };
  return items.find((item) => item.tokenInfo.symbol === 'DUSD')!.tokenInfo.address;
}

test.describe('What a transaction changes', () => {
  test('in the review of a new transaction: a payment’s two balances, an unlimited approval, a new owner', async ({
    page,
    stack,
  }) => {
    const recipient = devAccount(stack, 'recipient').address;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await page.getByTestId('send-recipient').fill(recipient);
    await page.getByTestId('send-amount').fill('0.25');
    let changes = await reviewOf(page);
    const balances = changes.getByTestId('state-balance-change');
    await expect(balances).toHaveCount(2);
    await expect(
      changes.getByRole('list', { name: 'Balance changes' }).locator(':scope > li').first(),
    ).toContainText('This Safe');
    await expect(balances.nth(0)).toHaveText(quarterEth('−'));
    await expect(balances.nth(1)).toHaveText(quarterEth('+'));
    await expect(changes.getByTestId('state-safe-change')).toHaveCount(0);

    // approve(spender, max) on the Dev Dollar, written out as raw data: unlimited, and said so.
    const dusd = await dusdOf(stack);
    await page.goto(safePath(stack, 'new-transaction/contract'));
    await page.getByTestId('contract-mode-raw').check();
    await page.getByTestId('contract-address').fill(dusd);
    await page.getByTestId('contract-data').fill(
      encodeFunctionData({
        abi: parseAbi(['function approve(address spender, uint256 amount)']),
        args: [recipient, maxUint256],
      }),
    );
    changes = await reviewOf(page);
    const approval = changes.getByTestId('state-approval');
    await expect(approval).toHaveCount(1);
    await expect(approval.locator('[data-unlimited="true"]')).toHaveCount(1);
    await expect(approval).toContainText(recipient);
    await expect(changes.getByTestId('state-balance-change')).toHaveCount(0);

    // A new owner: a change to the Safe itself, a danger in words.
    const newOwner = devAccount(stack, 'recipient').address;
    await page.goto(safePath(stack, 'new-transaction/add-owner'));
    await page.getByTestId('owner-address').fill(newOwner);
    changes = await reviewOf(page);
    const safeChange = changes.getByTestId('state-safe-change');
    await expect(safeChange.locator('[data-kind="owners"]')).toContainText(newOwner);
  });

  test('in a co-signer’s review: a delegatecall that replaces the Safe’s implementation, and a call that fails', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    const implementation: Address = '0x000000000000000000000000000000000000dEaD';
    const { txId } = await proposeImplementationTakeover(stack, implementation);
    await ownerWithTestWallet(page, stack, 'owner B', `/local:${safe}/transactions/${txId}`);
    let changes = page.getByTestId('state-changes');
    await expect(changes).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    const takeover = changes.getByTestId('state-safe-change').locator('[data-kind="implementation"]');
    await expect(takeover).toContainText(`The Safe's implementation changes to ${implementation}`);
    await expect(takeover).toContainText('unknown contract');

    // changeThreshold(10) on a Safe of three owners: the Safe's own call fails, with its reason.
    const { txId: failing } = await proposeAsOwnerA(stack, (nonce) =>
      buildSafeTx({
        to: safe,
        data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [10n] }),
        nonce,
      }),
    );
    await page.goto(`/local:${safe}/transactions/${failing}`);
    changes = page.getByTestId('state-changes');
    await expect(changes).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    await expect(changes.getByTestId('state-revert')).toContainText('GS201');
  });

  test('on a chain whose node offers no simulation, executed in the browser: a payment, and a hidden delegatecall replacing the implementation', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    // The gateway names the chain's RPC: here, one without eth_simulateV1 and debug_traceCall.
    const app = await webAppOnChainWithoutSimulation(stack.gatewayUrl, stack.rpcUrl!);
    try {
      const recipient = devAccount(stack, 'recipient').address;
      await ownerWithTestWallet(page, stack, 'owner A', `${app.web.url}/local:${safe}/new-transaction/send`);
      await page.getByTestId('send-recipient').fill(recipient);
      await page.getByTestId('send-amount').fill('0.25');
      let changes = await reviewOf(page);
      await expect(changes).toHaveAttribute('data-engine', 'browser-evm');
      await expect(changes).toContainText('Executed in your browser over this chain’s RPC');
      const balances = changes.getByTestId('state-balance-change');
      await expect(balances).toHaveText([quarterEth('−'), quarterEth('+')]);
      expect(app.rpc.refusals()).toBeGreaterThan(0);

      const implementation: Address = '0x000000000000000000000000000000000000dEaD';
      const { txId } = await proposeImplementationTakeover(stack, implementation);
      await page.goto(`${app.web.url}/local:${safe}/transactions/${txId}`);
      changes = page.getByTestId('state-changes');
      await expect(changes).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
      await expect(changes).toHaveAttribute('data-engine', 'browser-evm');
      await expect(
        changes.getByTestId('state-safe-change').locator('[data-kind="implementation"]'),
      ).toContainText(`The Safe's implementation changes to ${implementation}`);
    } finally {
      await app.stop();
    }
  });
});
