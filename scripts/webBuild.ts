import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..');
export const webDist = join(repoRoot, 'apps/web/dist');
/** The web server's renderer of first visits, built with the app (apps/web/serve/prerender.ts). */
export const webPrerenderDist = join(repoRoot, 'apps/web/dist-server');
export const demoAppsDist = join(repoRoot, 'apps/demo-apps/dist');

/** Everything the web bundle is built from. */
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/gateway-api/src',
  'packages/safe-core/src',
];

/** Everything the demo Safe Apps are built from (served by `npm start` on their own port). */
const demoAppsInputs = ['apps/demo-apps/src', 'apps/demo-apps/public', 'apps/demo-apps/vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}

/** True when there is no web build (the app and its server renderer), or a source is newer than it. */
export function webBuildIsStale(): boolean {
  const outputs = [join(webDist, 'index.html'), join(webPrerenderDist, 'prerender.js')];
  if (!outputs.every((output) => existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return webInputs.some((input) => newestMtime(join(repoRoot, input)) > built);
}

/** True when there is no demo apps build, or a source is newer than it. */
export function demoAppsBuildIsStale(): boolean {
  const index = join(demoAppsDist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return demoAppsInputs.some((input) => newestMtime(join(repoRoot, input)) > built);
}

function buildWorkspace(workspace: string, what: string, quiet = false): void {
  const started = Date.now();
  if (quiet) process.stdout.write(`Building the ${what} (its sources changed, or it was never built)… `);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: repoRoot,
    // Quiet: one line for a start, not the bundler's list of every chunk; all of it if it fails.
    stdio: quiet ? 'pipe' : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
    // A build started from a test run (Vitest sets NODE_ENV=test) must still be the production one:
    // React's development JSX runtime is not in the server renderer's bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    if (quiet) process.stdout.write(`failed:\n${String(result.stdout)}${String(result.stderr)}\n`);
    throw new Error(`The ${what} build failed`);
  }
  if (quiet) process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Builds the web app and the demo Safe Apps that `npm start` serves next to it (about a second). */
export function buildWeb(): void {
  buildWorkspace('@countersign/web', 'web');
  buildWorkspace('@countersign/demo-apps', 'demo apps');
}

/**
 * Builds the web app and the demo Safe Apps, each when it is missing or out of date; `quiet` says
 * one line for each instead of the bundler's output (unless it fails).
 */
export function ensureWebBuild(options: { quiet?: boolean } = {}): void {
  if (webBuildIsStale()) buildWorkspace('@countersign/web', 'web app', options.quiet);
  if (demoAppsBuildIsStale()) buildWorkspace('@countersign/demo-apps', 'demo Safe Apps', options.quiet);
}
