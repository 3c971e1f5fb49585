import { join } from 'node:path';
import { builtFile } from './builtFile';

/**
 * Preloads for a Safe view's own code. The app's router asks for a view's chunk only once the whole
 * first script has run; the server knows from the URL which view that will be, so it names the
 * chunk (and what it imports, and its styles) in the page itself, and the browser fetches them
 * while the first script still runs. The URL patterns follow the app's routes (src/app/routes.tsx
 * and each feature's index.ts); serve/viewPreloads.test.ts checks every module named here is built.
 */
export const viewModules: [RegExp, string][] = [
  [/^home$/, 'src/features/home/HomePage.tsx'],
  [/^assets(\/.*)?$/, 'src/features/assets/pages.tsx'],
  [/^transactions(\/(queue|history))?$/, 'src/features/transactions/pages.tsx'],
  [/^transactions\/.+$/, 'src/features/transactions/TransactionPage.tsx'],
  [/^messages(\/.*)?$/, 'src/features/messages/pages.tsx'],
  [/^settings(\/.*)?$/, 'src/features/settings/pages.tsx'],
  [/^address-book$/, 'src/features/address-book/pages.tsx'],
  [/^apps(\/.*)?$/, 'src/features/apps/pages.tsx'],
];

/** What the app loads, on a page the server rendered, to take over its data (src/main.tsx). */
export const PRERENDERED_DATA_MODULE = 'src/app/prerenderedData.ts';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The view of a Safe page's path (`/{shortName}:0x…/{view}`), if it is one. */
export function safeViewOf(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the app shows its "not found" page; nothing to preload for it.
    return undefined;
  }
  const match = /^\/[^/]+:0x[0-9a-fA-F]{40}(?:\/(.*))?$/.exec(decoded);
  if (!match) return undefined;
  return (match[1] ?? 'home').replace(/\/+$/, '') || 'home';
}

/** The scripts and styles one module needs that the first script does not already load. */
export function preloadsOf(manifest: Manifest, module: string): { scripts: string[]; styles: string[] } {
  const entry = manifest['index.html'];
  const already = new Set<string>(['index.html', ...(entry?.imports ?? [])]);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    if (already.has(key)) return;
    already.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * `<link>` tags for the page at `pathname`, to go into its <head>: its view's code (none for other
 * pages), and on a page the server rendered the code that takes over its data.
 */
export function createViewPreloads(distDir: string): (pathname: string, prerendered?: boolean) => string {
  const readManifest = builtFile(
    join(distDir, '.vite/manifest.json'),
    (text) => JSON.parse(text) as Manifest,
    { value: {} },
  );
  return (pathname, prerendered = false) => {
    const manifest = readManifest();
    const view = safeViewOf(pathname);
    const modules = [
      view === undefined ? undefined : viewModules.find(([pattern]) => pattern.test(view))?.[1],
      prerendered ? PRERENDERED_DATA_MODULE : undefined,
    ].filter((module) => module !== undefined);
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const module of modules) {
      const preloads = preloadsOf(manifest, module);
      preloads.scripts.forEach((href) => scripts.add(href));
      preloads.styles.forEach((href) => styles.add(href));
    }
    return [
      ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...[...styles].map((href) => `<link rel="preload" as="style" href="${href}">`),
    ].join('');
  };
}
