import type { Browser, Cookie, Page } from '@playwright/test';
import { expect, watchCsp } from './fixtures';
import type { E2eStack } from './stack';
import { TestWallet } from './testWallet';
import { DEVNET_WALLET, signInMessage, TEST_WALLET } from './signIn';

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

/** What signing in left in the browser: the gateway's session cookie and the wallet's own records. */
type SignedIn = { cookies: Cookie[]; storage: Record<string, string> };

/**
 * Sign-ins this worker went through, by stack, wallet, account and chain. Signing in through the
 * modal costs a test about a second of CPU; the sign-in itself is tested in wallet.spec.ts and by
 * the first test of each worker that needs it, so later tests start as a reload after it would: the
 * same session cookie (a signed token, valid across snapshot restores: the key is in the snapshot)
 * and the same records wagmi and the devnet wallet keep, from which the app reconnects.
 */
const signIns = new Map<string, SignedIn>();

/** The gateway's session cookie (services/gateway/src/auth/session.ts). */
const SESSION_COOKIE = 'access_token';
/** Where the app keeps its persisted query cache (apps/web/src/app/queryClient.ts). */
const QUERY_CACHE_KEY = 'countersign.query-cache';

function signInKey(stack: E2eStack, option: string, role: string, path: string): string | undefined {
  const url = new URL(path, stack.webUrl);
  // Another origin is another web server (and gateway) a test started: its session is its own.
  if (url.origin !== new URL(stack.webUrl).origin) return undefined;
  const chain = url.pathname.split('/')[1]?.split(':')[0] ?? '';
  return [stack.webUrl, option, role, chain].join('|');
}

function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

type SignInSteps = {
  key: string | undefined;
  path: string;
  /** The account the header shows once signed in. */
  address: string;
  /** Signs in through the modal on the page `path` opened. */
  signIn: () => Promise<void>;
  /** Readies the wallet to reconnect a restored session. */
  beforeRestore?: () => void;
};

/**
 * Opens `path` signed in as `address`: through the modal (`signIn`) the first time, restored after.
 * The storage is written once per tab (not on the reloads a test makes after signing out).
 */
async function signedInAt(page: Page, stack: E2eStack, steps: SignInSteps): Promise<void> {
  const { key, path } = steps;
  const known = key === undefined ? undefined : signIns.get(key);
  const signedInAs = () =>
    expect(page.getByTestId('rk-account-button')).toContainText(steps.address.slice(-4));
  if (known) {
    steps.beforeRestore?.();
    await page.context().addCookies(known.cookies);
    await page.addInitScript(
      ({ storage, origin }) => {
        // The app's own tab only: not the apps it frames, nor another site it is sent to.
        if (window !== window.top || location.origin !== origin) return;
        if (sessionStorage.getItem('e2e.signInRestored')) return;
        sessionStorage.setItem('e2e.signInRestored', '1');
        for (const [name, value] of Object.entries(storage)) localStorage.setItem(name, value);
      },
      { storage: known.storage, origin: new URL(stack.webUrl).origin },
    );
    await page.goto(path);
    await signedInAs();
    return;
  }
  await page.goto(path);
  const before = await localStorageOf(page);
  await steps.signIn();
  // Signed in as that account (its session cookie set) before what signing in left is kept.
  await signedInAs();
  if (key === undefined) return;
  const after = await localStorageOf(page);
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name === SESSION_COOKIE);
  if (cookies.length !== 1) throw new Error(`Signed in, yet ${cookies.length} session cookies`);
  signIns.set(key, {
    cookies,
    // The data a page saved on the way (its query cache) is not part of signing in.
    storage: Object.fromEntries(
      Object.entries(after).filter(([name, value]) => before[name] !== value && name !== QUERY_CACHE_KEY),
    ),
  });
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
  await signedInAt(page, stack, {
    key: signInKey(stack, TEST_WALLET, role, path),
    path,
    address: wallet.account.address,
    signIn: () => connectAndVerify(page, TEST_WALLET),
    // A restored session reconnects: the wallet answers for the account it approved before.
    beforeRestore: () => {
      wallet.connected = true;
    },
  });
  return wallet;
}

/** An owner with Countersign's own devnet wallet (the dev accounts, picked in its account list). */
export async function ownerWithDevnetWallet(page: Page, stack: E2eStack, role: string, path: string) {
  const address = devAccount(stack, role).address;
  await signedInAt(page, stack, {
    key: signInKey(stack, DEVNET_WALLET, role, path),
    path,
    address,
    signIn: async () => {
      await connectAndVerify(page, DEVNET_WALLET);
      const picker = page.getByTestId('devnet-account');
      if ((await picker.inputValue()) !== address) {
        await picker.selectOption(address);
        await expect(page.getByTestId('rk-account-button')).toHaveCount(0);
        await page.getByTestId('rk-connect-button').click();
        await signInMessage(page);
      }
    },
  });
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
