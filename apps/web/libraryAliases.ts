import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The app is written against React's API and runs on Preact's implementation of it (preact/compat):
 * React DOM was a third of what the Safe home loaded before it painted (63 kB of 183 kB gzip), Preact
 * with compat is 8 kB, and the libraries the app uses (React Router, TanStack Query, react-hook-form,
 * RainbowKit, wagmi) run on it unchanged. The same aliases serve the build, the dev server and the
 * component tests, so what is tested is what ships. The server's first-visit renderer
 * (src/app/prerender.tsx) stays on React DOM's: it renders a part whose code is not loaded yet as
 * its fallback, as the browser's first render does, where Preact's renders only all or nothing.
 *
 * Every alias names a file of the app's own Preact: the wallet's Coinbase connector brings an older
 * Preact into the root node_modules, and a library resolving `preact/compat` from there would get a
 * second copy whose hooks see no component rendering.
 */
const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const preactDir = packageDir('preact');
const file = (path: string) => join(preactDir, path);

export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: file('compat/client.mjs') },
  { find: /^react-dom\/test-utils$/, replacement: file('test-utils/dist/testUtils.mjs') },
  { find: /^(react|preact)\/jsx-(dev-)?runtime$/, replacement: file('jsx-runtime/dist/jsxRuntime.mjs') },
  { find: /^(react|react-dom|preact\/compat)$/, replacement: file('compat/dist/compat.mjs') },
  { find: /^preact\/hooks$/, replacement: file('hooks/dist/hooks.mjs') },
  { find: /^preact\/test-utils$/, replacement: file('test-utils/dist/testUtils.mjs') },
  { find: /^preact$/, replacement: file('dist/preact.mjs') },
];

/**
 * React Router's ES modules, named by file: its package exports name only its development build
 * whatever the mode (remix-run/react-router#12532, fixed in 8), and under Node's conditions its
 * CommonJS build, which would require the real React past the aliases above. A build takes the
 * production one (smaller, renders faster); the component tests the development one (its checks).
 */
export function reactRouterAliases(build: 'production' | 'development') {
  const dir = join(packageDir('react-router'), 'dist', build);
  return [
    { find: /^react-router$/, replacement: join(dir, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dir, 'dom-export.mjs') },
  ];
}
