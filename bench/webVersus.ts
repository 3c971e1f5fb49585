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
import { chromium, type Browser } from '@playwright/test';
import { withParentDeathSignal } from '@countersign/devnet';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { measure, readBudgets } from '../scripts/jsBudget';
import { freePort } from '../scripts/ports';
import { spawnStart } from '../scripts/startProcess';
import { ensureWebBuild, repoRoot, webDist } from '../scripts/webBuild';
import { announce, announced } from './pageSignal';
import { kB, median } from './stats';

/**
 * The Safe home against an earlier commit's web app, in one run on one machine: both builds are
 * served side by side from the same chain and gateway, and each round loads one then the other (the
 * order alternating), so a busy machine slows both alike and a regression shows as a ratio.
 * `BENCH_BASE` names the commit (default the previous one, HEAD~1).
 */
const ROUNDS = 12;

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

const probe = `
  const check = () => {
    if (document.querySelector('[data-testid="top-assets-total"]')) {
      requestAnimationFrame(() => { window.__painted = performance.now(); ${announce('balances')}; });
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

type Figures = { fresh: number[]; reload: number[]; served: number[] };

/** One round on one build: a fresh profile's first load of the home, then a reload. */
async function round(browser: Browser, origin: string, path: string, figures: Figures) {
  const context = await browser.newContext();
  await context.addInitScript(probe);
  const page = await context.newPage();
  const painted = async (navigate: () => Promise<unknown>) => {
    const signal = announced(page, 'balances');
    await navigate();
    await signal;
    return page.evaluate('window.__painted') as Promise<number>;
  };
  figures.fresh.push(await painted(() => page.goto(`${origin}${path}`)));
  figures.served.push(
    (await page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd")) as number,
  );
  // The persisted cache is written at most once a second.
  await page.waitForTimeout(1_200);
  figures.reload.push(await painted(() => page.reload()));
  await context.close();
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
  };
  const rpc = `${manifest.chainId}=${run.ready.rpcUrl}`;
  const nowServer = await serveWeb(repoRoot, ports[0]!, run.ready.gatewayUrl, rpc);
  const baseServer = await serveWeb(baseDir, ports[1]!, run.ready.gatewayUrl, rpc);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const path = `/local:${manifest.safes[0]!.address}/home`;
    const baseDist = join(baseDir, 'apps/web/dist');
    const now: Figures = { fresh: [], reload: [], served: [] };
    const then: Figures = { fresh: [], reload: [], served: [] };
    // Each build once first, to load what a server renders with, before anything counts.
    await round(browser, nowServer.url, path, { fresh: [], reload: [], served: [] });
    await round(browser, baseServer.url, path, { fresh: [], reload: [], served: [] });
    for (let i = 0; i < ROUNDS; i++) {
      const order: [string, Figures][] = [
        [nowServer.url, now],
        [baseServer.url, then],
      ];
      for (const [origin, figures] of i % 2 === 0 ? order : order.reverse())
        await round(browser, origin, path, figures);
    }
    const compare = (label: string, a: number[], b: number[]) =>
      `web side by side with ${short}, ${label}: ${median(a).toFixed(0)} ms now, ${median(b).toFixed(0)} ms at ${short} (×${(median(a) / median(b)).toFixed(2)}; medians of ${a.length} alternating rounds)`;
    // As the budget counts it (scripts/jsBudget.ts): the first script and the home view, with what
    // they import, from each build's manifest.
    const budgets = readBudgets(join(repoRoot, 'apps/web/js-budget.json'));
    const jsNow = measure(webDist, budgets)[0]!.bytes;
    const jsThen = measure(baseDist, budgets)[0]!.bytes;
    return [
      compare('Safe home with balances painted, fresh profile', now.fresh, then.fresh),
      compare('Safe home with balances painted, reload', now.reload, then.reload),
      compare(
        'Safe home, its page received from the web server (rendered there), fresh profile',
        now.served,
        then.served,
      ),
      `web side by side with ${short}, the home's initial JS as the budget counts it: ${kB(jsNow)} gzip now, ${kB(jsThen)} at ${short} (×${(jsNow / jsThen).toFixed(2)})`,
    ];
  } finally {
    await browser.close();
    nowServer.stop();
    baseServer.stop();
    await run.stop('SIGTERM');
  }
}
