import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findBrowser, machineProbe } from './browser';
import { checkJsBudget } from './jsBudget';
import { buildWeb, repoRoot, webDist } from './webBuild';

/**
 * `npm test`: typecheck, lint, unit and integration tests (Vitest), end-to-end tests (Playwright),
 * then one line `N passed, N failed, N skipped` over all of them. Exits non-zero on any failure.
 */
type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const testStarted = performance.now();
const resultsDir = join(repoRoot, '.countersign/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
}

function banner(title: string) {
  console.log(`\n━━ ${title} ━━`);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** A check that is not a test runner counts as one test: it passed or it failed. */
async function check(title: string, command: string, args: string[]) {
  banner(title);
  const started = performance.now();
  const code = await run(command, args);
  if (code === 0) total.passed += 1;
  else {
    total.failed += 1;
    console.log(`✗ ${title} failed (exit ${code})`);
  }
  console.log(`${title}: ${seconds(started)}`);
}

/** Adds a runner's own counts; a runner that crashed before reporting counts as one failure. */
function tally(title: string, code: number, counts: Tally | undefined) {
  if (!counts) {
    total.failed += 1;
    console.log(`✗ ${title} produced no report (exit ${code})`);
    return;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (code !== 0 && counts.failed === 0) {
    total.failed += 1;
    console.log(`✗ ${title} exited ${code} without a failing test`);
  }
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

// The browser first: a machine without one stops here with one line, before anything has run.
const browser = findBrowser(await machineProbe(repoRoot));
if (!browser.ok) {
  console.log(browser.line);
  process.exit(1);
}
console.log(`chromium: ${browser.path} (${browser.how})`);

await check('typecheck (node side)', 'npx', ['tsc', '-p', 'tsconfig.json']);
await check('typecheck (web)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']);
await check('typecheck (demo apps)', 'npx', ['tsc', '-p', 'apps/demo-apps/tsconfig.json']);
await check('typecheck (e2e)', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']);
await check('lint', 'npx', ['eslint', '.']);
await check('format', 'npx', ['prettier', '--check', '.']);
await check('layers (no upward import, no circle)', 'npm', ['run', '--silent', 'layers']);
await check('dead code (knip)', 'npm', ['run', '--silent', 'deadcode']);

banner('web build (served by the start and end-to-end tests)');
const buildStarted = performance.now();
let built = true;
try {
  buildWeb();
  total.passed += 1;
} catch {
  built = false;
  total.failed += 1;
}
console.log(`web build: ${seconds(buildStarted)}`);

if (built) {
  banner('JavaScript budget (apps/web/js-budget.json)');
  try {
    const budget = checkJsBudget({
      repoRoot,
      dist: webDist,
      budgetsPath: join(repoRoot, 'apps/web/js-budget.json'),
      log: (line) => console.log(line),
    });
    total.passed += budget.passed;
    total.failed += budget.failed;
  } catch (error) {
    console.log(
      `✗ the budget could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    );
    total.failed += 1;
  }
}

banner('unit, component and integration tests (vitest)');
const postgresNote = process.env.TEST_DATABASE_URL
  ? undefined
  : 'note: PostgreSQL was not covered: the store tests ran on the embedded PGlite only (set TEST_DATABASE_URL to a PostgreSQL database to cover it too)';
if (postgresNote) console.log(postgresNote);
const vitestReport = join(resultsDir, 'vitest.json');
const vitestStarted = performance.now();
const vitestCode = await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestReport);
tally(
  'vitest',
  vitestCode,
  vitest && {
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  },
);
console.log(`vitest: ${seconds(vitestStarted)}`);

if (built) {
  banner('end-to-end tests (playwright, chromium)');
  const playwrightReport = join(resultsDir, 'playwright.json');
  const playwrightStarted = performance.now();
  const playwrightCode = await run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, CHROMIUM_PATH: browser.path },
  );
  const playwright = readJson<{
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  }>(playwrightReport);
  tally(
    'playwright',
    playwrightCode,
    playwright && {
      passed: playwright.stats.expected + playwright.stats.flaky,
      failed: playwright.stats.unexpected,
      skipped: playwright.stats.skipped,
    },
  );
  console.log(`playwright: ${seconds(playwrightStarted)}`);
}

if (postgresNote) console.log(`\n${postgresNote}`);
console.log(`\nnpm test: ${seconds(testStarted)}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
