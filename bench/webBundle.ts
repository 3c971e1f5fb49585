import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { spawnStart } from '../scripts/startProcess';
import { ensureWebBuild, webDist } from '../scripts/webBuild';
import type { Page } from '@playwright/test';
import { kB, median } from './stats';

function sizeOf(scripts: Set<string>) {
  let raw = 0;
  let gzip = 0;
  for (const path of scripts) {
    const bytes = readFileSync(join(webDist, path));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, count: scripts.size };
}

/**
 * Clicks in the page and times, with the page's own clock, until the connect modal is painted. The
 * in-page code is a string: tsx's name helpers do not exist inside the page.
 */
function clickToModal(page: Page, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    document.querySelector(${JSON.stringify(selector)}).click();
    const check = () => {
      const shown = [...document.querySelectorAll('[role="dialog"] h1')].some(
        (heading) => heading.textContent === 'Connect a Wallet',
      );
      if (shown) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/**
 * The JavaScript a browser really loads to show the Safe overview: Chromium opens the demo Safe's
 * page and every script it fetches from the web server is gzipped (level 9) from the build.
 */
export async function benchWebBundle(): Promise<string[]> {
  ensureWebBuild();
  const run = await spawnStart();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const manifest = JSON.parse(readFileSync(run.ready.manifestPath!, 'utf8')) as {
      safes: { address: string }[];
    };
    const safePath = `${run.ready.webUrl}/local:${manifest.safes[0]!.address}/home`;
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === run.ready.webUrl && url.pathname.endsWith('.js') && url.pathname !== '/config.js') {
        scripts.add(url.pathname);
      }
    });
    await page.goto(safePath);
    await page.getByTestId('safe-threshold').waitFor();
    const initial = sizeOf(scripts);
    scripts.clear();
    await page.getByTestId('connect-wallet').click();
    await page.getByText('Connect a Wallet').waitFor();
    const wallet = sizeOf(scripts);

    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const fresh = await context.newPage();
      await fresh.goto(safePath);
      await fresh.getByTestId('safe-threshold').waitFor();
      // A click with no pointer over the button first: the wallet code loads after the click.
      cold.push(await clickToModal(fresh, '[data-testid="connect-wallet"]'));
      await fresh.reload();
      await fresh.getByTestId('safe-threshold').waitFor();
      // The usual case: the pointer reaches the button before the click, which starts the load.
      await fresh.getByTestId('connect-wallet').hover();
      await fresh.getByTestId('rk-connect-button').waitFor();
      warm.push(await clickToModal(fresh, '[data-testid="rk-connect-button"]'));
      await context.close();
    }
    return [
      `web initial JS for the Safe overview: ${kB(initial.gzip)} gzip (${kB(initial.raw)} raw) in ${initial.count} chunks (target ≤ 200 kB gzip)`,
      `web wallet code, loaded on the first intent to connect: ${kB(wallet.gzip)} gzip (${kB(wallet.raw)} raw) in ${wallet.count} chunks`,
      `connect modal open after the click, wallet code not loaded yet: median ${median(cold).toFixed(0)} ms, max ${Math.max(...cold).toFixed(0)} ms (5 runs, target ≤ 100 ms)`,
      `connect modal open after the click, pointer over the button first: median ${median(warm).toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms (5 runs, target ≤ 100 ms)`,
    ];
  } finally {
    await browser.close();
    await run.stop('SIGTERM');
  }
}
