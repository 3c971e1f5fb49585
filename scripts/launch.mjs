/**
 * `npm start` without a TypeScript loader in the running process. scripts/start.ts and the
 * workspace sources it imports (gateway, devnet, web and demo-apps servers, packages) are bundled
 * into one module under .countersign/, again only when one of them changed; npm packages stay
 * external and load as Node loads any package. A loader hook on every one of the thousands of
 * modules a start imports cost about a second of the start's time.
 *
 * Usage: node scripts/launch.mjs <entry.ts relative to the repository>
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolve(repoRoot, process.argv[2] ?? 'scripts/start.ts');
const outDir = join(repoRoot, '.countersign/launch');
const outFile = join(outDir, `${basename(entry).replace(/\.tsx?$/, '')}.mjs`);
const inputsFile = `${outFile}.inputs.json`;

/** The bundle is stale when it is missing, or older than this launcher or any source it holds. */
function isStale() {
  if (!existsSync(outFile) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(outFile).mtimeMs;
  const inputs = [fileURLToPath(import.meta.url), ...JSON.parse(readFileSync(inputsFile, 'utf8'))];
  return inputs.some((input) => !existsSync(input) || statSync(input).mtimeMs > builtAt);
}

/**
 * Workspace sources are bundled (their packages point at TypeScript); every other bare import is an
 * npm package and stays external. Each source keeps its own import.meta.url and dirname, which it
 * uses to find its files (migrations, artifacts, builds) next to it.
 */
const workspaceSources = {
  name: 'workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@countersign/') ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

if (isStale()) {
  const { build } = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [workspaceSources],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(repoRoot, input));
  // Written aside and renamed: starts launched side by side (the end-to-end workers) never load
  // half a bundle, whichever of them builds it last.
  const aside = `.${process.pid}.tmp`;
  writeFileSync(inputsFile + aside, JSON.stringify(inputs));
  writeFileSync(outFile + aside, result.outputFiles[0].contents);
  renameSync(inputsFile + aside, inputsFile);
  renameSync(outFile + aside, outFile);
}
await import(pathToFileURL(outFile).href);
