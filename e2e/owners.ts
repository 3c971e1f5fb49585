import type { Browser, Page } from '@playwright/test';
import { expect, watchCsp } from './fixtures';
import type { E2eStack } from './stack';
import { TestWallet } from './testWallet';
import { signInMessage } from './signIn';

/** A dev account of the seeded demo, by its role ("owner A", "recipient", …). */
export function devAccount(stack: E2eStack, role: string) {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No dev account with the role ${role}`);
  return account as { address: `0x${string}`; privateKey: `0x${string}`; role: string };
}

/** The demo team Safe (2 of 3: owners A, B and C). */
export const teamSafe = (stack: E2eStack) => stack.safes[0]!.address as `0x${string}`;

async function connectAndVerify(page: Page, option: string) {
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await page.getByTestId(option).click();
  await signInMessage(page);
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}

/** The injected test wallet in `page`, holding the key of a dev account of the demo (not connected yet). */
export async function installTestWallet(page: Page, stack: E2eStack, role: string) {
  const wallet = new TestWallet(page, {
    privateKey: devAccount(stack, role).privateKey,
    chainId: stack.chainId,
    knownChains: [1],
    rpcUrl: stack.rpcUrl!,
  });
  await wallet.install();
  return wallet;
}

/**
 * An owner with the injected test wallet, connected and verified on `path`. The wallet signs in
 * Node with the owner's dev key and sends transactions to the devnet itself.
 */
export async function ownerWithTestWallet(page: Page, stack: E2eStack, role: string, path: string) {
  const wallet = await installTestWallet(page, stack, role);
  await page.goto(path);
  await connectAndVerify(page, 'rk-wallet-option-org.countersign.testwallet');
  return wallet;
}

/** An owner with Countersign's own devnet wallet (the dev accounts, picked in its account list). */
export async function ownerWithDevnetWallet(page: Page, stack: E2eStack, role: string, path: string) {
  await page.goto(path);
  await connectAndVerify(page, 'rk-wallet-option-countersignDevnet');
  const address = devAccount(stack, role).address;
  const picker = page.getByTestId('devnet-account');
  if ((await picker.inputValue()) !== address) {
    await picker.selectOption(address);
    await expect(page.getByTestId('rk-account-button')).toHaveCount(0);
    await page.getByTestId('rk-connect-button').click();
    await signInMessage(page);
  }
  await expect(page.getByTestId('rk-account-button')).toContainText(address.slice(-4));
}

/**
 * A second owner in a browser context of their own (their own storage, wallet and session). Its
 * page is watched for Content-Security-Policy violations too: `close()` fails the test on any.
 */
export async function secondOwner(browser: Browser, stack: E2eStack) {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const page = await context.newPage();
  const violations = watchCsp(page);
  return {
    page,
    close: async () => {
      await context.close();
      expect(violations, 'Content-Security-Policy violations (second owner)').toEqual([]);
    },
  };
}
