import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { withParentDeathSignal } from '@countersign/devnet';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { measure, readBudgets } from '../scripts/jsBudget';
import { freePort } from '../scripts/ports';
import { spawnStart } from '../scripts/startProcess';
import { ensureWebBuild, repoRoot, webDist } from '../scripts/webBuild';
import { owner } from './ownerPage';
import { announce, announced } from './pageSignal';
import { kB, median, percentile } from './stats';
import { paintedAfter, reviewProbe } from './txFlow';

/**
 * This web app against an earlier commit's, in one run on one machine: the Safe home (fresh and
 * reloaded, and loaded twice with scripts off), the history's first page and the send review after
 * Continue. Both builds are served side by side from the same chain and gateway, and each round runs
 * one then the other (the order alternating), so a busy machine slows both alike and a regression
 * shows as a ratio. `BENCH_BASE` names the commit (default the previous one, HEAD~1); `BENCH_ROUNDS`
 * how many rounds (default 12): the spread of the ratios shows whether a figure needs more.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 12;

const git = (...args: string[]) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();

/**
 * The base commit checked out beside this one (kept between runs) with this checkout's installed
 * packages, except its own workspaces, and built. Packages it pinned differently are today's.
 */
function baseCheckout(commit: string): string {
  const dir = join(repoRoot, '.countersign/bench-base', commit);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(join(repoRoot, '.countersign/bench-base'), { recursive: true });
    const added = spawnSync('git', ['worktree', 'add', '--force', '--detach', dir, commit], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`git worktree add ${commit}: ${added.stderr}`);
  }
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(modules);
    const installed = join(repoRoot, 'node_modules');
    for (const entry of readdirSync(installed)) {
      const source = join(installed, entry);
      // The workspaces' links are relative: copied as they are, they name the base's own code.
      if (entry === '@countersign') {
        mkdirSync(join(modules, entry));
        for (const workspace of readdirSync(source)) {
          const link = join(source, workspace);
          if (lstatSync(link).isSymbolicLink())
            symlinkSync(readlinkSync(link), join(modules, entry, workspace));
        }
      } else symlinkSync(source, join(modules, entry));
    }
    for (const workspace of [
      'apps/web',
      'apps/demo-apps',
      'e2e',
      'bench',
      'services/gateway',
      'services/devnet',
    ]) {
      const own = join(repoRoot, workspace, 'node_modules');
      if (
        existsSync(own) &&
        existsSync(join(dir, workspace)) &&
        !existsSync(join(dir, workspace, 'node_modules'))
      )
        symlinkSync(own, join(dir, workspace, 'node_modules'));
    }
  }
  if (!existsSync(join(dir, 'apps/web/dist-server/prerender.js'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@countersign/web'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0)
      throw new Error(`building ${commit}'s web app failed: ${built.stderr.slice(-2000)}`);
  }
  return dir;
}

/**
 * A checkout's own web server, serving its build against this run's gateway and chain: each build in
 * a process of its own, as alike as two servers can be (not one inside npm start's process).
 */
async function serveWeb(dir: string, port: number, gatewayUrl: string, rpc: string) {
  const [command, args] = withParentDeathSignal(process.execPath, ['--import', 'tsx', 'serve/main.ts']);
  const child = spawn(command, args, {
    cwd: join(dir, 'apps/web'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      WEB_HOST: '127.0.0.1',
      WEB_PORT: String(port),
      GATEWAY_URL: gatewayUrl,
      CHAIN_RPC_URLS: rpc,
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('web: http')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the web server in ${dir} exited (${code}): ${output.slice(-1000)}`)),
    );
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * Two clocks for the same paint. The first: a frame found the element in the page, and the frame
 * after it began (what these figures have always been; work the page does right after its first
 * paint delays it). The second: the browser's own record of the element's paint (Element Timing;
 * the attribute that asks for it is added as the element is parsed, so both builds are measured
 * alike, whatever their markup). Chromium drops that record for an element the page removed before
 * the record was due: the server's markup, when the app takes over within a frame or two (seen in
 * 2 of 4 reloads). Its record is then the page's first contentful paint, which is the server's page
 * as a whole and was the element's own record every time both were there; an element the app
 * rendered has records of its own, used only for a page the server did not render.
 */
const probe = `
  window.__elementPainted = {};
  const timed = { 'top-assets-total': 'balances', 'tx-row': 'first-row' };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const [testId, name] of Object.entries(timed)) {
        const selector = '[data-testid="' + testId + '"]';
        const element = node.matches(selector) ? node : node.querySelector(selector);
        // Element Timing reports an element's own text: a row's is in the elements inside it.
        const texts = element ? [element, ...element.querySelectorAll('*')].filter((each) =>
          [...each.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim())) : [];
        const served = element !== null && element.closest('[data-prerendered]') !== null;
        if (served) window.__served = true;
        for (const text of texts)
          if (!text.hasAttribute('elementtiming')) text.setAttribute('elementtiming', served ? name : name + ':app');
      }
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__elementPainted[entry.identifier] ??= entry.renderTime || entry.loadTime;
  }).observe({ type: 'element', buffered: true });
  const check = () => {
    if (document.querySelector('[data-testid="top-assets-total"]')) {
      requestAnimationFrame(() => { window.__painted = performance.now(); ${announce('balances')}; });
    } else if (document.querySelector('[data-testid="tx-row"]')) {
      requestAnimationFrame(() => { window.__painted = performance.now(); ${announce('first-row')}; });
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

type Figures = {
  fresh: number[];
  reload: number[];
  served: number[];
  firstByte: number[];
  history: number[];
  review: number[];
  /** The same paints by the browser's record (Element Timing). */
  freshElement: number[];
  reloadElement: number[];
  historyElement: number[];
  /** The home's first contentful paint with scripts off: the server's page alone. */
  bareFresh: number[];
  bareReload: number[];
};
const noFigures = (): Figures => ({
  fresh: [],
  reload: [],
  served: [],
  firstByte: [],
  history: [],
  review: [],
  freshElement: [],
  reloadElement: [],
  historyElement: [],
  bareFresh: [],
  bareReload: [],
});

type Build = { origin: string; figures: Figures; owner: Page };

type Paths = { home: string; history: string; send: string; recipient: string };

async function paintedOn(page: Page, signal: string, navigate: () => Promise<unknown>) {
  const painted = announced(page, signal);
  await navigate();
  try {
    await painted;
  } catch (error) {
    // What the page shows instead, so a round that never paints says why.
    const shown = await page
      .evaluate('document.body.innerText.replace(/\\s+/g, " ").slice(0, 600)')
      .catch(() => '(unreadable)');
    throw new Error(`${page.url()}: no ${signal} painted within 30 s; the page shows: ${String(shown)}`, {
      cause: error,
    });
  }
  // Read once the page has announced: the paint is past, so reading cannot delay it. The browser's
  // record can come a frame after the probe's.
  const [frame, element] = await readOnceThere<[number, number | undefined]>(
    page,
    `[window.__painted, window.__elementPainted[${JSON.stringify(signal)}] ?? (window.__served ? performance.getEntriesByName('first-contentful-paint')[0]?.startTime : window.__elementPainted[${JSON.stringify(`${signal}:app`)}])]`,
    ([, painted]) => painted !== undefined,
  );
  return { frame, element: element ?? Number.NaN };
}

/**
 * `expression` read in the page until `there` holds of it, for a second at most: the browser records
 * a paint a little after it happens. The last reading either way.
 */
async function readOnceThere<T>(page: Page, expression: string, there: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = (await page.evaluate(expression)) as T;
    if (there(value) || tries === 40) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The browser's record of the open page's first contentful paint (NaN when it has none). */
async function firstContentfulPaint(page: Page): Promise<number> {
  const time = await readOnceThere<number>(
    page,
    "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1",
    (recorded) => recorded >= 0,
  );
  return time >= 0 ? time : Number.NaN;
}

/**
 * One round on one build: a fresh profile's first load of the home, then a reload; two loads
 * with scripts off; a fresh profile's first load of the history; and, as a linked and verified
 * owner, the send form's review painted after Continue (nothing is proposed, so every round reviews
 * the same transaction).
 */
async function round(browser: Browser, build: Build, paths: Paths) {
  const { origin, figures } = build;
  const context = await browser.newContext();
  await context.addInitScript(probe);
  const page = await context.newPage();
  const fresh = await paintedOn(page, 'balances', () => page.goto(`${origin}${paths.home}`));
  figures.fresh.push(fresh.frame);
  figures.freshElement.push(fresh.element);
  // A page may stream (its head first, its render after): when it starts and when it ends.
  const { responseStart, responseEnd } = (await page.evaluate(
    "performance.getEntriesByType('navigation')[0].toJSON()",
  )) as { responseStart: number; responseEnd: number };
  figures.firstByte.push(responseStart);
  figures.served.push(responseEnd);
  // The persisted cache is written at most once a second.
  await page.waitForTimeout(1_200);
  const reload = await paintedOn(page, 'balances', () => page.reload());
  figures.reload.push(reload.frame);
  figures.reloadElement.push(reload.element);
  await context.close();

  // The server's page alone, its markup and stylesheet without a script: the paint the app cannot
  // beat on this machine (the home's balances are in that markup), so that a figure far above the
  // target shows how much of it is the app's and how much the browser's. Its second load is the
  // server rendering the page again, as it does for the app's reload when the browser keeps no
  // settings of its own (without scripts it has no saved cache; the render does not depend on one).
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const barePage = await bare.newPage();
  await barePage.goto(`${origin}${paths.home}`);
  figures.bareFresh.push(await firstContentfulPaint(barePage));
  await barePage.reload();
  figures.bareReload.push(await firstContentfulPaint(barePage));
  await bare.close();

  const historyContext = await browser.newContext();
  await historyContext.addInitScript(probe);
  const historyPage = await historyContext.newPage();
  const history = await paintedOn(historyPage, 'first-row', () =>
    historyPage.goto(`${origin}${paths.history}`),
  );
  figures.history.push(history.frame);
  figures.historyElement.push(history.element);
  await historyContext.close();

  const { owner } = build;
  await owner.goto(`${origin}${paths.send}`);
  await owner.evaluate(reviewProbe);
  await owner.getByTestId('send-recipient').fill(paths.recipient);
  await owner.getByTestId('send-amount').fill('0.01');
  await owner.getByTestId('form-continue').click();
  figures.review.push(await paintedAfter(owner));
  // Left open, a linked page keeps reading the chain and the gateway while the next loads are
  // measured; the owner stays linked and verified (the wallet and the session are the context's).
  await owner.goto('about:blank');
}

export async function benchWebVersus(): Promise<string[]> {
  const base = process.env.BENCH_BASE || 'HEAD~1';
  const commit = git('rev-parse', '--verify', `${base}^{commit}`);
  if (!commit) return [`web side by side: no commit ${base} (BENCH_BASE)`];
  const short = commit.slice(0, 7);
  ensureWebBuild();
  const baseDir = baseCheckout(commit);
  const ports = [await freePort(), await freePort()];
  const run = await spawnStart({
    env: {
      GATEWAY_CORS_ORIGINS: ports
        .flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
        .join(','),
    },
  });
  const manifest = JSON.parse(readFileSync(run.ready.manifestPath!, 'utf8')) as {
    chainId: number;
    safes: { address: string }[];
    accounts: { address: string; privateKey: `0x${string}`; role: string }[];
  };
  const rpc = `${manifest.chainId}=${run.ready.rpcUrl}`;
  const nowServer = await serveWeb(repoRoot, ports[0]!, run.ready.gatewayUrl, rpc);
  const baseServer = await serveWeb(baseDir, ports[1]!, run.ready.gatewayUrl, rpc);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const owners: { close(): Promise<void> }[] = [];
  try {
    const safe = `/local:${manifest.safes[0]!.address}`;
    const paths: Paths = {
      home: `${safe}/home`,
      history: `${safe}/transactions/history`,
      send: `${safe}/new-transaction/send`,
      recipient: manifest.accounts.find((account) => account.role === 'recipient')!.address,
    };
    const stack = { ...manifest, rpcUrl: run.ready.rpcUrl! };
    const builds: Build[] = [];
    for (const origin of [nowServer.url, baseServer.url]) {
      const linked = await owner(browser, { ...stack, webUrl: origin }, 'owner A', `${origin}${paths.home}`);
      owners.push(linked);
      builds.push({ origin, figures: noFigures(), owner: linked.page });
      await linked.page.goto('about:blank');
    }
    const [nowBuild, baseBuild] = builds as [Build, Build];
    // Each build once first, to load what a server renders with, before anything counts.
    for (const build of builds) {
      await round(browser, build, paths);
      build.figures = noFigures();
    }
    for (let i = 0; i < ROUNDS; i++)
      for (const build of i % 2 === 0 ? [nowBuild, baseBuild] : [baseBuild, nowBuild])
        await round(browser, build, paths);
    const now = nowBuild.figures;
    const then = baseBuild.figures;
    const baseDist = join(baseDir, 'apps/web/dist');
    // Each round loads both builds back to back, so its own ratio holds whatever the machine did
    // then: the median of those, and the middle half of them, say how steady the figure is.
    const compare = (label: string, a: number[], b: number[]) => {
      const ratios = a.map((value, i) => value / b[i]!).sort((x, y) => x - y);
      const ratio = (value: number) => `×${value.toFixed(2)}`;
      return `web side by side with ${short}, ${label}: ${median(a).toFixed(0)} ms now, ${median(b).toFixed(0)} ms at ${short} (${ratio(median(ratios))}, middle half of rounds ${ratio(percentile(ratios, 25))}–${ratio(percentile(ratios, 75))}; ${a.length} alternating rounds)`;
    };
    // As the budget counts it (scripts/jsBudget.ts): the first script and the home view, with what
    // they import, from each build's manifest.
    const budgets = readBudgets(join(repoRoot, 'apps/web/js-budget.json'));
    const jsNow = measure(webDist, budgets)[0]!.bytes;
    const jsThen = measure(baseDist, budgets)[0]!.bytes;
    return [
      compare('Safe home with balances painted, fresh profile', now.fresh, then.fresh),
      compare('Safe home with balances painted, reload', now.reload, then.reload),
      compare('history first page painted, fresh profile', now.history, then.history),
      compare(
        'Safe home with balances painted, fresh profile, by the browser’s record (Element Timing)',
        now.freshElement,
        then.freshElement,
      ),
      compare(
        'Safe home with balances painted, reload, by the browser’s record (Element Timing)',
        now.reloadElement,
        then.reloadElement,
      ),
      compare(
        'history first page painted, fresh profile, by the browser’s record (Element Timing)',
        now.historyElement,
        then.historyElement,
      ),
      compare('send review painted after Continue (linked owner)', now.review, then.review),
      compare(
        'Safe home, the server’s page alone with scripts off, first contentful paint, fresh profile',
        now.bareFresh,
        then.bareFresh,
      ),
      compare(
        'Safe home, the server’s page alone with scripts off, first contentful paint, second load (rendered again)',
        now.bareReload,
        then.bareReload,
      ),
      compare(
        'Safe home, its page’s first bytes from the web server, fresh profile',
        now.firstByte,
        then.firstByte,
      ),
      compare(
        'Safe home, its page received whole from the web server (rendered there), fresh profile',
        now.served,
        then.served,
      ),
      `web side by side with ${short}, the home's initial JS as the budget counts it: ${kB(jsNow)} gzip now, ${kB(jsThen)} at ${short} (×${(jsNow / jsThen).toFixed(2)})`,
    ];
  } finally {
    for (const linked of owners) await linked.close();
    await browser.close();
    nowServer.stop();
    baseServer.stop();
    await run.stop('SIGTERM');
  }
}
