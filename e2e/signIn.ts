import type { FrameLocator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** RainbowKit's label of the verify button once it can sign (before that: "Preparing message..."). */
export const SIGN_MESSAGE_LABEL = 'Sign message';

/**
 * Presses Sign message in the connect modal's verification step. Until the gateway's nonce is in,
 * RainbowKit's button ignores clicks without being disabled, so a click then would be lost: wait
 * for its label to say it can sign.
 */
export async function signInMessage(scope: Page | FrameLocator) {
  const button = scope.getByTestId('rk-auth-message-button');
  await expect(button).toHaveText(SIGN_MESSAGE_LABEL);
  await button.click();
}

/** RainbowKit's wallet options, by their test ids. */
export const TEST_WALLET = 'rk-wallet-option-org.countersign.testwallet';
export const DEVNET_WALLET = 'rk-wallet-option-countersignDevnet';

/** Connects through the page's own Connect wallet button, then verifies the account (SIWE). */
export async function connectFromPage(page: Page, option: string) {
  await page.getByTestId('signer-connect').click();
  await page.getByTestId(option).click();
  await signInMessage(page);
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}
