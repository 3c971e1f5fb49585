import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { webAppOnChainWithoutSimulation } from '../e2e/rpcWithoutSimulation';
import { startE2eStack } from '../e2e/stack';
import { ensureWebBuild } from '../scripts/webBuild';
import { owner } from './ownerPage';
import { median, ms } from './stats';

const ROUNDS = 5;

/**
 * Armed in the page: from the click on Continue to the first frame where the review shows what the
 * transaction changes (its state changes done), by whichever engine.
 */
const changesProbe = `
  window.__changesPainted = null;
  window.__continueAt = null;
  document.addEventListener('click', (event) => {
    if (event.target.closest('[data-testid="form-continue"]')) window.__continueAt = performance.now();
  }, { capture: true });
  const loop = () => {
    if (window.__continueAt !== null && document.querySelector('[data-testid="state-changes"][data-state="done"]')) {
      requestAnimationFrame(() => { window.__changesPainted = performance.now() - window.__continueAt; });
      return;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
`;

async function changesPainted(page: Page): Promise<number> {
  let painted: number | null = null;
  while (painted === null) {
    painted = (await page.evaluate('window.__changesPainted')) as number | null;
    if (painted === null) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return painted;
}

type Stack = Awaited<ReturnType<typeof startE2eStack>>['stack'];

/** One owner's session: the send form filled, Continue, the changes painted; `rounds` + 1 times. */
async function reviews(browser: Browser, stack: Stack, base: string): Promise<number[]> {
  const safe = stack.safes[0]!.address;
  const recipient = stack.accounts.find((account) => account.role === 'recipient')!.address;
  const a = await owner(browser, stack, 'owner A', `${base}/local:${safe}/new-transaction/send`);
  const timings: number[] = [];
  try {
    for (let i = 0; i <= ROUNDS; i++) {
      await a.page.goto(`${base}/local:${safe}/new-transaction/send`);
      await a.page.evaluate(changesProbe);
      await a.page.getByTestId('send-recipient').fill(recipient);
      await a.page.getByTestId('send-amount').fill(`0.0${i + 1}`);
      await a.page.getByTestId('form-continue').click();
      const painted = await changesPainted(a.page);
      // The first round loads the review's code (and the in-browser EVM's).
      if (i > 0) timings.push(painted);
    }
  } finally {
    await a.close();
  }
  return timings;
}

/**
 * What a transaction changes, painted in the review after Continue: through the devnet's node
 * (eth_simulateV1 and debug_traceCall), and through the in-browser EVM when the chain's RPC (a proxy
 * here) refuses both.
 */
export async function benchStateChanges(): Promise<string[]> {
  ensureWebBuild();
  const started = await startE2eStack();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const { stack } = started;
  const app = await webAppOnChainWithoutSimulation(stack.gatewayUrl, stack.rpcUrl!);
  try {
    const node = await reviews(browser, stack, stack.webUrl);
    const inBrowser = await reviews(browser, stack, app.web.url);
    const line = (label: string, values: number[], target: string) =>
      `state changes  ${label}: median ${ms(median(values))}, max ${ms(Math.max(...values))} (${ROUNDS} rounds; target ${target})`;
    return [
      line('review shows what changes after Continue, through the node', node, '≤ 500 ms'),
      line('review shows what changes after Continue, executed in the browser', inBrowser, '≤ 1,500 ms'),
    ];
  } finally {
    await app.stop();
    await browser.close();
    await started.stop();
  }
}
