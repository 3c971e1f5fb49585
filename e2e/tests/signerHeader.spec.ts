import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { expect, test } from '../fixtures';
import { proposeTextMessage } from '../safeMessages';
import { devAccount, ownerWithTestWallet, teamSafe } from '../owners';
import { signInMessage } from '../signIn';
import type { E2eStack } from '../stack';

/**
 * The header says who is connected, and whether that account is verified, whatever the wallet does:
 * an account switched to inside the wallet shows at once, unverified, never as "Connect Wallet".
 */

/** The short form of an address that RainbowKit's profile button shows: 0x70…79C8. */
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** A text message of the team Safe (2 of 3) signed by owner C only: owners A and B may confirm it. */
async function messageSignedByOwnerC(stack: E2eStack): Promise<Hex> {
  return proposeTextMessage(
    stack,
    'owner C',
    `Signer header ${Date.now()} ${Math.random().toString(16).slice(2)}`,
  );
}

async function sessionSigner(page: Page, stack: E2eStack): Promise<string | number> {
  const response = await page.request.get(`${stack.gatewayUrl}/v1/auth/me`);
  return response.ok()
    ? ((await response.json()) as { signerAddress: string }).signerAddress
    : response.status();
}

test.describe('The header’s signer', () => {
  test('follows an account switch in the wallet: the new account, unverified, then verified', async ({
    page,
    stack,
  }) => {
    const ownerA = devAccount(stack, 'owner A').address;
    const ownerB = devAccount(stack, 'owner B').address;
    const messageHash = await messageSignedByOwnerC(stack);
    const wallet = await ownerWithTestWallet(
      page,
      stack,
      'owner A',
      `/local:${teamSafe(stack)}/messages/${messageHash}`,
    );
    const header = page.getByRole('banner');
    await expect(page.getByTestId('rk-account-button')).toContainText(short(ownerA));
    await expect(page.getByTestId('wallet-unverified-account')).toHaveCount(0);
    await expect(page.getByTestId('signer-owner')).toContainText(ownerA.slice(-4));
    expect(await sessionSigner(page, stack)).toBe(ownerA);

    // Owner B chosen inside the wallet: connected and able to sign, not verified here.
    await wallet.useAccount(devAccount(stack, 'owner B').privateKey);
    const unverified = page.getByTestId('wallet-unverified-account');
    await expect(unverified).toContainText(short(ownerB));
    await expect(unverified).toContainText('Unverified');
    await expect(header).not.toContainText('Connect Wallet');
    await expect(page.getByTestId('rk-account-button')).toHaveCount(0);
    // Who would sign is the connected account, not the one verified before.
    await expect(page.getByTestId('signer-owner')).toContainText(ownerB.slice(-4));
    await expect(page.getByTestId('signer-owner')).not.toContainText(ownerA.slice(-4));
    await expect(page.getByTestId('confirm-message')).toBeEnabled();
    // Owner A's session ended with the switch (RainbowKit signs out an account that changes).
    await expect.poll(() => sessionSigner(page, stack)).toBe(403);

    // Verified as owner B.
    await header.getByRole('button', { name: 'Verify your account' }).click();
    await expect(page.getByRole('dialog').getByText('Verify your account')).toBeVisible();
    await signInMessage(page);
    await expect(page.getByTestId('rk-account-button')).toContainText(short(ownerB));
    await expect(page.getByTestId('wallet-unverified-account')).toHaveCount(0);
    await expect(header).not.toContainText('Unverified');
    await expect(header).not.toContainText('Connect Wallet');
    expect(await sessionSigner(page, stack)).toBe(ownerB);
    await expect(page.getByTestId('signer-owner')).toContainText(ownerB.slice(-4));
  });
});
