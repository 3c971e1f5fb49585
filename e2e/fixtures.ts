import { test as base, expect, type Page } from '@playwright/test';
import { watchLoopback } from './loopbackOnly';
import { startE2eStack, type E2eStack } from './stack';

type WorkerFixtures = {
  /**
   * Settings of `npm start` for this worker's stack beyond the tests' own: a spec that needs another
   * stack (`test.use({ stackEnv: { DEVNET_SECOND_CHAIN: '1' } })`) gets workers of its own.
   */
  stackEnv: Record<string, string>;
  workerStack: Awaited<ReturnType<typeof startE2eStack>>;
  /** Requests of this worker's browser for hosts off loopback, in the order they were made. */
  offLoopback: string[];
};
type TestFixtures = {
  stack: E2eStack;
  pristine: undefined;
  /**
   * Declares hosts off loopback this test's pages are expected to try (a link the user follows, a
   * library's own report): still blocked, but not a failure. A test that declares one says why.
   */
  allowOffLoopback: (host: RegExp) => void;
  allowedOffLoopback: RegExp[];
  loopbackOnly: undefined;
};

/**
 * Each worker runs its own stack (a devnet, the gateway and the web server on free ports), and
 * every test starts from the seeded demo: the chain and the gateway are put back to their snapshot
 * before it runs. Pages resolve relative URLs against the worker's web server, and every page a
 * test opens is watched for Content-Security-Policy violations: the app must work within its policy.
 * Every browser context, the test's own or one it opens, is watched for requests that leave
 * loopback: any fails the test (loopbackOnly.ts).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  stackEnv: [{}, { scope: 'worker', option: true }],
  workerStack: [
    async ({ stackEnv }, use) => {
      const started = await startE2eStack(stackEnv);
      try {
        await use(started);
      } finally {
        await started.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  offLoopback: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use([]),
    { scope: 'worker' },
  ],
  browser: [
    async ({ browser, offLoopback }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        watchLoopback(context, offLoopback);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context, offLoopback }, use) => {
    watchLoopback(context, offLoopback);
    await use(context);
  },
  // eslint-disable-next-line no-empty-pattern
  allowedOffLoopback: async ({}, use) => use([]),
  allowOffLoopback: async ({ allowedOffLoopback }, use) => use((host) => void allowedOffLoopback.push(host)),
  loopbackOnly: [
    async ({ offLoopback, allowedOffLoopback: allowed }, use) => {
      const before = offLoopback.length;
      await use(undefined);
      const unexpected = offLoopback
        .slice(before)
        .filter((url) => !allowed.some((host) => host.test(new URL(url).hostname)));
      expect(unexpected, 'browser requests that left loopback').toEqual([]);
    },
    { auto: true },
  ],
  pristine: [
    async ({ workerStack }, use) => {
      await workerStack.reset();
      await use(undefined);
    },
    { auto: true },
  ],
  stack: async ({ workerStack }, use) => use(workerStack.stack),
  baseURL: async ({ workerStack }, use) => use(workerStack.stack.webUrl),
  page: async ({ page, allowedOffLoopback: allowed }, use) => {
    const violations = watchCsp(page);
    await use(page);
    // A host a test expects to be tried and refused may be refused by the policy itself.
    const refusedAllowedHost = (violation: string) =>
      (violation.match(/https?:\/\/[^\s'"]+/g) ?? []).some((url) =>
        allowed.some((host) => host.test(new URL(url).hostname)),
      );
    expect(
      violations.filter((violation) => !refusedAllowedHost(violation)),
      'Content-Security-Policy violations',
    ).toEqual([]);
  },
});

/** Collects a page's Content-Security-Policy violations (every page of a test is watched). */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      violations.push(message.text());
    }
  });
  return violations;
}

/**
 * Waits until the app's first render has replaced the page the server rendered (inert until then).
 * What Playwright does without a hit test (setInputFiles) would otherwise land on the server's copy
 * and be lost as the app replaces it.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}

export { expect };
