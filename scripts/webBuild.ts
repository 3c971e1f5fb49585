import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..');
export const webDist = join(repoRoot, 'apps/web/dist');

/** Everything the web bundle is built from. */
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/gateway-api/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}

/** True when there is no web build, or a source is newer than it. */
export function webBuildIsStale(): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return webInputs.some((input) => newestMtime(join(repoRoot, input)) > built);
}

export function buildWeb(): void {
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@countersign/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web build failed');
}

/** Builds the web app when it is missing or out of date. */
export function ensureWebBuild(): void {
  if (webBuildIsStale()) buildWeb();
}
