import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { layoutFaults } from '../layoutFaults';
import { devAccount, installTestWallet, ownerWithDevnetWallet } from '../owners';
import { signInMessage, TEST_WALLET } from '../signIn';
import type { E2eStack } from '../stack';

/**
 * Every page the navigation offers, on a desktop and a phone, light and dark: the document never
 * scrolls sideways, and no box shows a scrollbar it does not need (content a pixel or two taller or
 * wider than its box, as a tab bar whose tabs overlap its border was).
 */
const views = [
  'home',
  'assets',
  'assets/collectibles',
  'transactions/queue',
  'transactions/history',
  'messages',
  'apps',
  'address-book',
  'settings',
  'settings/modules',
  'settings/security',
  'settings/network',
  'settings/delegates',
  'settings/notifications',
  'settings/apps',
  'new-transaction/send',
];

const schemes = ['light', 'dark'] as const;

/** Each page once, checked light and dark (switched in place: a scheme changes no data). */
async function expectNoFaults(page: Page, stack: E2eStack, label: string) {
  const base = `/local:${stack.safes[0]!.address}`;
  for (const path of ['/', '/new-safe', ...views.map((view) => `${base}/${view}`)]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const colorScheme of schemes) {
      await page.emulateMedia({ colorScheme });
      expect(await layoutFaults(page), `${path} at ${label}, ${colorScheme}`).toEqual([]);
    }
  }
}

// Light and dark in one pass over the pages: one load of each page serves both checks.
for (const [width, height] of [
  [1280, 800],
  [375, 760],
] as const) {
  test(`no page overflows or shows a needless scrollbar at ${width} px, light or dark`, async ({
    page,
    stack,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await expectNoFaults(page, stack, `${width} px`);
  });
}

/**
 * The header grows with the wallet's state (an account chip, an Unverified mark and Verify, a
 * wrong-network banner): on a phone, every page in every state fits the screen, light and dark.
 * Linked but not verified is an account switched to in the wallet after another one was verified.
 */
test.describe('at 375 px, in each wallet state', () => {
  for (const state of ['linked, not verified', 'verified', 'on the wrong network'] as const) {
    test(state, async ({ page, stack }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 375, height: 760 });
      const wallet = await installTestWallet(page, stack, 'owner A');
      await page.goto('/');
      await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
      await page.getByTestId(TEST_WALLET).click();
      await signInMessage(page);
      await expect(page.getByTestId('rk-account-button')).toBeVisible();
      const shown = {
        'linked, not verified': 'wallet-unverified-account',
        verified: 'rk-account-button',
        'on the wrong network': 'wrong-network',
      }[state];
      if (state === 'linked, not verified') await wallet.useAccount(devAccount(stack, 'owner B').privateKey);
      if (state === 'on the wrong network') await wallet.switchTo(1);
      await expect(page.getByTestId(shown)).toBeVisible();
      await expectNoFaults(page, stack, `375 px, ${state}`);
      // Still in that state after the last page: the check covered it throughout.
      await expect(page.getByTestId(shown)).toBeVisible();
    });
  }

  // The devnet wallet adds its account picker to the header: another account picked there.
  test('the devnet wallet with another account picked', async ({ page, stack }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 760 });
    await ownerWithDevnetWallet(page, stack, 'owner A', '/');
    await page.getByTestId('devnet-account').selectOption(devAccount(stack, 'outside sender').address);
    await expect(page.getByTestId('devnet-account-shown')).toHaveText('#6 outside sender');
    await expectNoFaults(page, stack, '375 px, the devnet wallet');
    await expect(page.getByTestId('devnet-account-shown')).toBeVisible();
  });
});
