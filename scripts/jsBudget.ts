import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

/**
 * The web app's JavaScript budget: what a browser loads for the Safe home before anything else, and
 * the first chunk of each route, in gzip (level 9, file by file, as the web server's gzip answers
 * them). The budgets live in apps/web/js-budget.json; `npm test` fails when a figure passes its
 * budget, and names what the figure is made of (read from source maps of the same build).
 */

type ManifestChunk = { file: string; imports?: string[]; isDynamicEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

export type Budgets = {
  homeInitial: number;
  /** How many files that may be: each a request, and small ones compress worse. */
  homeInitialFiles?: number;
  routeFirstChunk: Record<string, number>;
};

/** The module the Safe home's view is (its route's lazy component); see apps/web/serve/viewPreloads.ts. */
export const HOME_VIEW = 'src/features/home/HomePage.tsx';

export type Figure = {
  /** What is measured: "home initial JS" or a route module. */
  name: string;
  /** gzip bytes. */
  bytes: number;
  /** The budget in bytes; undefined for a route the budget file does not name. */
  budget: number | undefined;
  /** The built files it counts. */
  files: string[];
};

export const readManifest = (dist: string): Manifest =>
  JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

export const readBudgets = (path: string): Budgets => JSON.parse(readFileSync(path, 'utf8')) as Budgets;

/** A module's chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}

const gzipSize = (dist: string, file: string) =>
  gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** A route module: a lazily loaded page (its name ends in Page.tsx or pages.tsx). */
const isRouteModule = (key: string, chunk: ManifestChunk) =>
  chunk.isDynamicEntry === true && /(Page|pages)\.tsx$/.test(key);

/** Every figure the budget governs, measured on the build in `dist`. */
export function measure(dist: string, budgets: Budgets): Figure[] {
  const manifest = readManifest(dist);
  const kB = (value: number) => Math.round(value * 1000);
  const homeFiles = staticClosure(manifest, ['index.html', HOME_VIEW]).flatMap((key) => {
    const chunk = manifest[key];
    return chunk ? [chunk.file] : [];
  });
  const home: Figure = {
    name: 'home initial JS',
    bytes: homeFiles.reduce((sum, file) => sum + gzipSize(dist, file), 0),
    budget: kB(budgets.homeInitial),
    files: homeFiles,
  };
  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => isRouteModule(key, chunk))
    .map(([key, chunk]): Figure => {
      const budget = budgets.routeFirstChunk[key];
      return {
        name: key,
        bytes: gzipSize(dist, chunk.file),
        budget: budget === undefined ? undefined : kB(budget),
        files: [chunk.file],
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return [home, ...routes];
}

/** Why a figure does not pass, or undefined when it does. A route without a budget does not pass. */
export function overBudget(figure: Figure): string | undefined {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  if (figure.budget === undefined)
    return `${figure.name}: ${kB(figure.bytes)} gzip, and apps/web/js-budget.json gives it no budget`;
  if (figure.bytes > figure.budget)
    return `${figure.name}: ${kB(figure.bytes)} gzip, over its budget of ${kB(figure.budget)} by ${kB(figure.bytes - figure.budget)}`;
  return undefined;
}

/** Where a source file belongs: its npm package, or the app's feature, folder or workspace package. */
export function contributorOf(source: string): string {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = source.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const path = source.replace(/^(\.\.\/)+/, '');
  const feature = /src\/(features\/[^/]+)/.exec(path);
  if (feature) return `app: ${feature[1]}`;
  const workspace = /packages\/[^/]+/.exec(path);
  if (workspace) return workspace[0];
  const folder = /src\/([^/]+)/.exec(path);
  return `app: ${folder ? folder[1] : path}`;
}

/**
 * What the files' gzip bytes are made of: each file's gzip size shared among its sources in
 * proportion to the generated code each source mapped to (read from `<file>.map` in `mapsDist`,
 * a build of the same sources with source maps). Code no map names is "(no source map)".
 */
export function contributors(mapsDist: string, files: readonly string[]): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  const add = (name: string, bytes: number) => totals.set(name, (totals.get(name) ?? 0) + bytes);
  for (const file of files) {
    const code = readFileSync(join(mapsDist, file), 'utf8');
    const gzip = gzipSync(Buffer.from(code), { level: 9 }).length;
    const mapPath = join(mapsDist, `${file}.map`);
    if (!existsSync(mapPath)) {
      add('(no source map)', gzip);
      continue;
    }
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
    const lines = code.split('\n');
    let mapped = 0;
    decode(map.mappings).forEach((segments, index) => {
      const lineLength = lines[index]?.length ?? 0;
      segments.forEach((segment, i) => {
        const end = segments[i + 1]?.[0] ?? lineLength;
        const sourceIndex = segment[1];
        const source = sourceIndex === undefined ? undefined : map.sources[sourceIndex];
        if (source === undefined) return;
        const length = Math.max(end - segment[0], 0);
        mapped += length;
        add(contributorOf(source), (gzip * length) / code.length);
      });
    });
    add('(no source map)', (gzip * Math.max(code.length - mapped, 0)) / code.length);
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes: Math.round(bytes) }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * Builds the web app again, with source maps, into `outDir` (nothing else changes, so its chunks
 * are the shipped ones): what the contributors are read from.
 */
export function buildWithSourceMaps(repoRoot: string, outDir: string): string {
  rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'error'],
    { cwd: join(repoRoot, 'apps/web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('The build with source maps failed');
  return outDir;
}

/** Lines that show a breakdown: the biggest contributors first. */
export function breakdownLines(entries: readonly { name: string; bytes: number }[], top = 12): string[] {
  const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  return entries
    .slice(0, top)
    .map(
      (entry) =>
        `${(entry.bytes / 1000).toFixed(1).padStart(7)} kB  ${((100 * entry.bytes) / total).toFixed(0).padStart(3)}%  ${entry.name}`,
    );
}

/**
 * The check `npm test` runs: every figure against its budget, printed; for each one over budget its
 * biggest contributors. Returns how many passed and failed (each figure counts as one test).
 */
export function checkJsBudget(options: {
  repoRoot: string;
  dist: string;
  budgetsPath: string;
  /** A build of the same sources with source maps, made when a breakdown is needed: its directory. */
  buildMaps?: () => string;
  log: (line: string) => void;
}): { passed: number; failed: number } {
  const budgets = readBudgets(options.budgetsPath);
  const figures = measure(options.dist, budgets);
  const kB = (bytes: number | undefined) => (bytes === undefined ? '—' : `${(bytes / 1000).toFixed(1)} kB`);
  for (const figure of figures) {
    const mark = overBudget(figure) === undefined ? '✓' : '✗';
    options.log(
      `${mark} ${kB(figure.bytes).padStart(9)} of ${kB(figure.budget).padStart(8)}  ${figure.name}`,
    );
  }
  const failing = figures.filter((figure) => overBudget(figure) !== undefined);
  const home = figures[0];
  const tooManyFiles =
    home !== undefined &&
    budgets.homeInitialFiles !== undefined &&
    home.files.length > budgets.homeInitialFiles;
  if (home !== undefined && budgets.homeInitialFiles !== undefined) {
    options.log(
      `${tooManyFiles ? '✗' : '✓'} ${`${home.files.length} files`.padStart(9)} of ${`${budgets.homeInitialFiles}`.padStart(8)}  home initial JS, files`,
    );
  }
  if (failing.length > 0) {
    options.log('');
    const mapsDist =
      options.buildMaps?.() ??
      buildWithSourceMaps(options.repoRoot, join(options.repoRoot, '.countersign/js-budget-build'));
    const rebuilt = measure(mapsDist, budgets);
    for (const figure of failing) {
      options.log(`✗ ${overBudget(figure)}. Its biggest contributors:`);
      const files = rebuilt.find((other) => other.name === figure.name)?.files ?? [];
      for (const line of breakdownLines(contributors(mapsDist, files))) options.log(`  ${line}`);
    }
  }
  if (tooManyFiles && home !== undefined) {
    options.log('');
    options.log(
      `✗ home initial JS: ${home.files.length} files, over its budget of ${budgets.homeInitialFiles} (apps/web/vite.config.ts groups what every page starts with). The files:`,
    );
    for (const file of home.files) options.log(`  ${file}`);
  }
  const checks = figures.length + (budgets.homeInitialFiles === undefined ? 0 : 1);
  const failed = failing.length + (tooManyFiles ? 1 : 0);
  return { passed: checks - failed, failed };
}
