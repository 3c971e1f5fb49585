import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { addOwnerCall, buildSafeTx } from '@countersign/safe-core';
import { parseEther, toHex, type Address } from 'viem';
import { connect, withDapp } from '../dapp';
import { expect, test } from '../fixtures';
import { callItAThresholdChange, webAppOnHostileGateway } from '../hostileGateway';
import { devAccount, ownerWithTestWallet, teamSafe } from '../owners';
import { proposeAsOwnerA } from '../proposals';

/** The README's screenshots of the main views, as owner A of the demo Safe sees them on a desktop. */

const shots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const shoot = async (page: Page, name: string) => {
  // Nothing still loading, and no caret or hover left over from getting here.
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}${name}.png`, animations: 'disabled', caret: 'hide' });
};

test.use({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
test.setTimeout(120_000);

test('the main views', async ({ page, stack }) => {
  const safe = teamSafe(stack);
  const path = (view: string) => `/local:${safe}/${view}`;
  await ownerWithTestWallet(page, stack, 'owner A', path('home'));
  await expect(page.getByTestId('overview-threshold')).toBeVisible();
  await shoot(page, 'home');

  await page.goto(path('transactions/queue'));
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await shoot(page, 'queue');

  await page.goto(path('assets'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assets');
  await shoot(page, 'assets');

  await page.goto(path('new-transaction'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'new-transaction');

  await page.goto(path('new-transaction/send'));
  await page.getByTestId('send-recipient').fill(devAccount(stack, 'recipient').address);
  await page.getByTestId('send-amount').fill('0.25');
  await page.getByTestId('form-continue').click();
  await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
  await expect(page.getByTestId('simulation')).toHaveAttribute('data-state', 'success');
  await shoot(page, 'review');

  await page.goto(path('settings'));
  await expect(page.getByTestId('settings-threshold')).toBeVisible();
  await shoot(page, 'settings');

  const builder = new URL('tx-builder/', stack.demoAppsUrl).toString();
  await page.goto(`${path('apps/open')}?appUrl=${encodeURIComponent(builder)}`);
  await expect(page.getByTestId('safe-app-frame')).toBeVisible();
  await page.waitForTimeout(1000);
  await shoot(page, 'safe-app');
});

test('a queued transaction whose gateway lies about it', async ({ page, stack }) => {
  const safe = teamSafe(stack);
  const owners = stack.safes[0]!.owners as Address[];
  const attacker: Address = '0x000000000000000000000000000000000000bEEF';
  const app = await webAppOnHostileGateway(stack.gatewayUrl);
  try {
    const { txId } = await proposeAsOwnerA(stack, (nonce) =>
      buildSafeTx({ to: safe, data: addOwnerCall(owners, attacker, 1n), nonce }),
    );
    callItAThresholdChange(app.gateway, `/v1/chains/${stack.chainId}/transactions/${txId}`);
    await ownerWithTestWallet(page, stack, 'owner B', `${app.web.url}/local:${safe}/transactions/${txId}`);
    await expect(page.getByTestId('claim-mismatch')).toBeVisible();
    await shoot(page, 'disputed-transaction');
  } finally {
    await app.stop();
  }
});

test('a dapp’s request in the review', async ({ page, stack }) => {
  const safe = teamSafe(stack);
  const chain = `eip155:${stack.chainId}`;
  await withDapp(stack, { name: 'Example dapp', url: 'https://dapp.example' }, async ({ dapp, web }) => {
    await ownerWithTestWallet(page, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
    const { uri, approved } = await connect(dapp, {
      optionalNamespaces: {
        eip155: {
          chains: [chain],
          methods: ['eth_sendTransaction'],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    });
    await page.getByTestId('dapp-uri').fill(uri!);
    await page.getByTestId('dapp-pair').click();
    await page.getByTestId('dapp-proposal').getByTestId('dapp-approve').click();
    const session = await approved;
    const answer = dapp
      .request({
        topic: session.topic,
        chainId: chain,
        request: {
          method: 'eth_sendTransaction',
          params: [
            { from: safe, to: devAccount(stack, 'recipient').address, value: toHex(parseEther('0.1')) },
          ],
        },
      })
      .catch(() => undefined);
    const dialog = page.getByRole('dialog', { name: 'Transaction from Example dapp' });
    await expect(dialog.getByTestId('simulation')).toHaveAttribute('data-state', 'success', {
      timeout: 20_000,
    });
    await shoot(page, 'dapp-request');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await answer;
  });
});
