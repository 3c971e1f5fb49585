import { chromium } from '@playwright/test';
import { parseEther, toHex } from 'viem';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { connect, withDapp } from '../e2e/dapp';
import { startE2eStack } from '../e2e/stack';
import { ensureWebBuild } from '../scripts/webBuild';
import { owner } from './ownerPage';
import { median, ms } from './stats';

const ROUNDS = 5;

/**
 * Armed in the page: the wall-clock time (ms) of the first frame where a dapp's transaction review is
 * painted in full (decoded action, finished simulation, hashes, the contract's own hash check).
 * Compared with the time the dapp sent its request, on the same machine's clock.
 */
const dappReviewProbe = `
  window.__dappReviewAt = null;
  const ready = () => {
    const dialog = document.querySelector('[data-testid="dapp-tx-dialog"]');
    const simulation = dialog && dialog.querySelector('[data-testid="simulation"]');
    const check = dialog && dialog.querySelector('[data-testid="review-contract-check"]');
    return dialog && dialog.querySelector('[data-testid="review-action"]') &&
      simulation && simulation.getAttribute('data-state') !== 'running' &&
      dialog.querySelector('[data-testid="review-safe-tx-hash"]') &&
      check && !check.textContent.includes('Asking');
  };
  const loop = () => {
    if (ready()) {
      requestAnimationFrame(() => { window.__dappReviewAt = performance.timeOrigin + performance.now(); });
      return;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
`;

/**
 * A dapp's eth_sendTransaction, from the dapp sending it (a Sign client in this process, through the
 * relay double on loopback) to its review painted on the Safe's home page, where the owner is.
 */
export async function benchDapps(): Promise<string[]> {
  ensureWebBuild();
  const started = await startE2eStack();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const { stack } = started;
  const safe = stack.safes[0]!.address;
  const chain = `eip155:${stack.chainId}`;
  const recipient = stack.accounts.find((account) => account.role === 'recipient')!.address;
  const timings: number[] = [];
  try {
    await withDapp(stack, { name: 'Bench dapp', url: 'http://127.0.0.1:9/bench' }, async ({ dapp, web }) => {
      const a = await owner(browser, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
      try {
        const { uri, approved } = await connect(dapp, {
          optionalNamespaces: {
            eip155: { chains: [chain], methods: ['eth_sendTransaction'], events: ['chainChanged'] },
          },
        });
        await a.page.getByTestId('dapp-uri').fill(uri!);
        await a.page.getByTestId('dapp-pair').click();
        await a.page.getByTestId('dapp-approve').click();
        const session = await approved;
        await a.page
          .getByRole('navigation', { name: 'Safe navigation' })
          .getByRole('link', { name: 'Home' })
          .click();
        for (let i = 0; i <= ROUNDS; i++) {
          await a.page.evaluate(dappReviewProbe);
          const sentAt = performance.timeOrigin + performance.now();
          const answer = dapp
            .request({
              topic: session.topic,
              chainId: chain,
              request: {
                method: 'eth_sendTransaction',
                params: [{ from: safe, to: recipient, value: toHex(parseEther('0.01')) }],
              },
            })
            .catch(() => undefined);
          let paintedAt: number | null = null;
          while (paintedAt === null) {
            paintedAt = (await a.page.evaluate('window.__dappReviewAt')) as number | null;
            if (paintedAt === null) await new Promise((resolve) => setTimeout(resolve, 25));
          }
          // The first round warms caches and the review's code.
          if (i > 0) timings.push(paintedAt - sentAt);
          await a.page.getByTestId('dapp-tx-dialog').getByRole('button', { name: 'Close' }).click();
          await answer;
        }
      } finally {
        await a.close();
      }
    });
    return [
      `dapps  a dapp's request → its review painted: median ${ms(median(timings))}, max ${ms(Math.max(...timings))} (${ROUNDS} rounds; target ≤ 300 ms)`,
    ];
  } finally {
    await browser.close();
    await started.stop();
  }
}
