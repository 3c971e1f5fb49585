import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { saveDataScript } from '../e2e/browserConditions';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { spawnStart } from '../scripts/startProcess';
import { breakdownLines, buildWithSourceMaps, contributors, measure, readBudgets } from '../scripts/jsBudget';
import { ensureWebBuild, repoRoot, webDist } from '../scripts/webBuild';
import type { Page } from '@playwright/test';
import { cpuTimeOf, cpuTimeSpent, processTree, type CpuTime } from './cpuTime';
import { announce, announced } from './pageSignal';
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

/** The bytes the web server sends for `paths` to a browser that takes brotli or gzip. */
async function sentBytes(origin: string, paths: Set<string>): Promise<number> {
  const sizes = await Promise.all(
    [...paths].map(
      (path) =>
        new Promise<number>((resolve, reject) => {
          get(`${origin}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve(bytes));
          }).on('error', reject);
        }),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
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
 * Clicks a navigation link and times, with the page's own clock, until the new view's heading is
 * painted (the frame after it appears).
 */
function clickToView(page: Page, linkName: string, heading: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const link = [...document.querySelectorAll('nav[aria-label="Safe navigation"] a')].find(
      (a) => a.textContent.trim() === ${JSON.stringify(linkName)},
    );
    const start = performance.now();
    link.click();
    const check = () => {
      const h1 = document.querySelector('main h1');
      if (h1 && h1.textContent === ${JSON.stringify(heading)}) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/**
 * Records, in the page's own clock (0 = navigation start), the frame after the home's balances
 * total appears, and the largest contentful paint.
 */
const balancesProbe = `
  window.__balancesPainted = null;
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (document.querySelector('[data-testid="top-assets-total"]')) {
      requestAnimationFrame(() => { window.__balancesPainted = performance.now(); ${announce('balances')}; });
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

/** The processes whose CPU time a load is measured by: the browser's and the servers' (npm start's). */
type Contenders = { browser: () => number[]; servers: () => number[] };

type HomeLoad = { balances: number; lcp: number; browser?: CpuTime; servers?: CpuTime };

/**
 * Loads the home with `navigate` and reads the probe's figures once it has announced them, with the
 * CPU time the browser and the servers spent from the navigation to the paint.
 */
async function homePainted(
  page: Page,
  navigate: () => Promise<unknown>,
  contenders: Contenders,
): Promise<HomeLoad> {
  const browserPids = contenders.browser();
  const serverPids = contenders.servers();
  const before = { browser: cpuTimeOf(browserPids), servers: cpuTimeOf(serverPids) };
  const painted = announced(page, 'balances');
  await navigate();
  await painted;
  const browser = cpuTimeSpent(before.browser, cpuTimeOf(browserPids));
  const servers = cpuTimeSpent(before.servers, cpuTimeOf(serverPids));
  // The largest paint can come a frame or two after the balances.
  await page.waitForTimeout(300);
  const figures = (await page.evaluate('({ balances: window.__balancesPainted, lcp: window.__lcp })')) as {
    balances: number;
    lcp: number;
  };
  return { ...figures, browser, servers };
}

/**
 * How the home's loads shared the machine's cores: what the browser and the servers used, and how
 * long the servers' threads waited for a core. Nothing where the system does not tell (not Linux).
 */
function cpuLine(name: string, loads: HomeLoad[]): string[] {
  const browser = loads.map((load) => load.browser).filter((time) => time !== undefined);
  const servers = loads.map((load) => load.servers).filter((time) => time !== undefined);
  if (browser.length === 0 || servers.length === 0) return [];
  const of = (times: CpuTime[], field: keyof CpuTime) =>
    `${median(times.map((time) => time[field])).toFixed(0)} ms`;
  return [
    `web Safe home, ${name}, CPU from the navigation to the balances painted (medians, ${availableParallelism()} cores): the browser used ${of(browser, 'usedMs')}, the servers (web server, gateway, chain) ${of(servers, 'usedMs')}, and the servers' threads waited ${of(servers, 'waitedMs')} for a core`,
  ];
}

const summary = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} fresh pages)`;

/**
 * What the home's initial JS is made of, by npm package and app feature: the budget check's own
 * figure and breakdown (scripts/jsBudget.ts), from a build of the same sources with source maps.
 */
function homeBreakdown(): string[] {
  const mapsDist = buildWithSourceMaps(repoRoot, join(repoRoot, '.countersign/js-budget-build'));
  const budgets = readBudgets(join(repoRoot, 'apps/web/js-budget.json'));
  const [home] = measure(mapsDist, budgets);
  if (!home) return [];
  return [
    `web home initial JS as the budget counts it (the first script and the home view, with what they import): ${kB(home.bytes)} gzip, budget ${kB(home.budget ?? 0)}; by contributor:`,
    ...breakdownLines(contributors(mapsDist, home.files), 20).map((line) => `  ${line}`),
  ];
}

/** Notes, by the page's clock, when the app's first render replaces the server's page. */
const takeoverProbe = `
  new MutationObserver((records, observer) => {
    if (window.__takenOverAt !== undefined) return observer.disconnect();
    if (document.querySelector('[data-prerendered]')) window.__seenPrerendered = true;
    else if (window.__seenPrerendered) window.__takenOverAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;

/** In the page: the paths of its own origin's scripts requested before the takeover. */
const scriptsRequestedBeforeTakeover = () => {
  const takenOverAt = (window as unknown as { __takenOverAt?: number }).__takenOverAt ?? Infinity;
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime <= takenOverAt)
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
    .map((url) => url.pathname);
};

/**
 * The JavaScript a browser really loads to show the Safe's home: Chromium opens the demo Safe's
 * page and every script it fetches from the web server is gzipped (level 9) from the build. Then
 * the wallet code the page loads once idle, and how soon the connect modal opens after a click in
 * each case a user can meet.
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
    await page.addInitScript(takeoverProbe);
    await page.goto(safePath);
    await page.getByTestId('top-assets-total').waitFor();
    await page.getByTestId('queue-preview-count').waitFor();
    // A first visit's page comes rendered by the server: the app's code counts up to its takeover.
    // What the page asks for at once after it (the Safe's checks on chain) does not: the scripts
    // counted are those requested before that moment, by the page's own clock, so the figure does
    // not depend on how soon this process hears of the takeover.
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    const overviewShown = Date.now();
    const beforeTakeover = new Set(
      (await page.evaluate(scriptsRequestedBeforeTakeover)).filter((path) => path !== '/config.js'),
    );
    const initial = sizeOf(beforeTakeover);
    const initialSent = await sentBytes(run.ready.webUrl, beforeTakeover);
    scripts.clear();
    await page.getByTestId('rk-connect-button').waitFor();
    const preloadedAfter = Date.now() - overviewShown;
    const wallet = sizeOf(scripts);

    const settled: number[] = [];
    const saveDataCold: number[] = [];
    const saveDataPointer: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const fresh = await context.newPage();
      await fresh.goto(safePath);
      // The usual case: the page has settled and loaded the wallet code while idle.
      await fresh.getByTestId('rk-connect-button').waitFor();
      settled.push(await clickToModal(fresh, '[data-testid="rk-connect-button"]'));
      await context.close();

      const saving = await browser.newContext();
      await saving.addInitScript(saveDataScript);
      const lean = await saving.newPage();
      await lean.goto(safePath);
      await lean.getByTestId('overview-threshold').waitFor();
      // Save-Data and a click with no pointer before it (keyboard, a script, some touch screens):
      // the wallet code loads only after the click.
      saveDataCold.push(await clickToModal(lean, '[data-testid="connect-wallet"]'));
      await lean.reload();
      await lean.getByTestId('overview-threshold').waitFor();
      // Save-Data, the pointer reaching the button before the click starts the load.
      await lean.getByTestId('connect-wallet').hover();
      await lean.getByTestId('rk-connect-button').waitFor();
      saveDataPointer.push(await clickToModal(lean, '[data-testid="rk-connect-button"]'));
      await saving.close();
    }
    // The home with its balances painted: a fresh profile (nothing cached), then a reload (scripts
    // and the saved data cached).
    const cold: HomeLoad[] = [];
    const warm: HomeLoad[] = [];
    // The browser runs under this process; npm start's tree is the servers'.
    const contenders: Contenders = {
      browser: () => processTree(process.pid, [run.child.pid ?? -1]).filter((pid) => pid !== process.pid),
      servers: () => (run.child.pid === undefined ? [] : processTree(run.child.pid)),
    };
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      await context.addInitScript(balancesProbe);
      const fresh = await context.newPage();
      cold.push(await homePainted(fresh, () => fresh.goto(safePath), contenders));
      // The persisted cache is written at most once a second.
      await fresh.waitForTimeout(1_200);
      warm.push(await homePainted(fresh, () => fresh.reload(), contenders));
      await context.close();
    }
    const paintSummary = (values: number[]) =>
      `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

    // Moving between views whose code has loaded (hovering a link loads it ahead): each view twice.
    const switches: number[] = [];
    const viewPage = await browser.newPage();
    await viewPage.goto(safePath);
    await viewPage.getByTestId('top-assets-total').waitFor();
    const tour: [string, string][] = [
      ['Assets', 'Assets'],
      ['Transactions', 'Queue'],
      ['Messages', 'Messages'],
      ['Apps', 'Apps'],
      ['Address book', 'Address book'],
      ['Settings', 'Settings'],
      ['Home', 'Home'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [link, heading] of tour) {
        await viewPage
          .getByRole('navigation', { name: 'Safe navigation' })
          .getByRole('link', { name: link, exact: true })
          .hover();
        await viewPage.waitForLoadState('networkidle');
        switches.push(await clickToView(viewPage, link, heading));
        await viewPage.waitForLoadState('networkidle');
      }
    }
    await viewPage.close();

    return [
      `web initial JS for the Safe home: ${kB(initial.gzip)} gzip (${kB(initial.raw)} raw) in ${initial.count} chunks (target ≤ 140 kB gzip); ${kB(initialSent)} as the web server sends them (brotli)`,
      ...homeBreakdown(),
      `web Safe home with balances painted, fresh profile: ${paintSummary(cold.map((p) => p.balances))} (LCP ${paintSummary(cold.map((p) => p.lcp))}) (target ≤ 500 ms)`,
      `web Safe home with balances painted, reload (scripts and saved data cached): ${paintSummary(warm.map((p) => p.balances))} (LCP ${paintSummary(warm.map((p) => p.lcp))}) (target ≤ 150 ms)`,
      ...cpuLine('fresh profile', cold),
      ...cpuLine('reload', warm),
      `web view switch, click to the new view painted (code loaded on hover): median ${median(switches).toFixed(0)} ms, max ${Math.max(...switches).toFixed(0)} ms over ${switches.length} switches (target ≤ 100 ms)`,
      `web code loaded once the page has settled (the wallet, the home’s security line and queue checks) (${preloadedAfter} ms after it showed): ${kB(wallet.gzip)} gzip (${kB(wallet.raw)} raw) in ${wallet.count} chunks`,
      `connect modal open after the click, page settled: ${summary(settled)} (target ≤ 100 ms)`,
      `connect modal open after the click, Save-Data, pointer over the button first: ${summary(saveDataPointer)} (target ≤ 100 ms)`,
      `connect modal open after the click, Save-Data, no pointer before the click: ${summary(saveDataCold)} (target ≤ 100 ms)`,
    ];
  } finally {
    await browser.close();
    await run.stop('SIGTERM');
  }
}
