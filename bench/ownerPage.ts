import type { Browser } from '@playwright/test';
import type { startE2eStack } from '../e2e/stack';
import { TestWallet } from '../e2e/testWallet';

type Stack = Pick<
  Awaited<ReturnType<typeof startE2eStack>>['stack'],
  'webUrl' | 'accounts' | 'chainId' | 'rpcUrl'
>;

/**
 * An owner's page of its own (context, storage, wallet), linked and verified with the dev account
 * of that role: where every bench that plays an owner starts. `path` may be a whole URL (another
 * web server of the same stack).
 */
export async function owner(browser: Browser, stack: Stack, role: string, path: string) {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const page = await context.newPage();
  const account = stack.accounts.find((candidate) => candidate.role === role)!;
  const wallet = new TestWallet(page, {
    privateKey: account.privateKey,
    chainId: stack.chainId,
    knownChains: [1],
    rpcUrl: stack.rpcUrl!,
  });
  // tsx (which runs the benches) wraps functions in a __name helper the page lacks; the wallet's
  // init script is such a function.
  await page.addInitScript('window.__name = (fn) => fn;');
  await wallet.install();
  await page.goto(path);
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
  await page.getByTestId('rk-auth-message-button').click();
  await page.getByTestId('rk-account-button').waitFor();
  return { page, close: () => context.close() };
}
