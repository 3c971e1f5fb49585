import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactAliases, reactRouterAliases } from './libraryAliases.ts';

const reactRouterProduction: UserConfig = { resolve: { alias: reactRouterAliases('production') } };

/**
 * The stylesheet goes first in <head>, ahead of the script preloads Vite writes before it: it is
 * what the first paint waits for (a page the server rendered has nothing else to wait for), and a
 * browser fetches only a few files at once from one HTTP/1.1 server.
 */
const stylesheetFirst: Plugin = {
  name: 'countersign:stylesheet-first',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const links = html.match(/\n\s*<link rel="stylesheet"[^>]*>/g) ?? [];
      const rest = links.reduce((page, link) => page.replace(link, ''), html);
      return rest.replace(/<title>[^<]*<\/title>/, (title) => title + links.join(''));
    },
  },
};

/**
 * The web server's renderer of first visits (src/app/prerender.tsx), run in Node from dist-server.
 * Built from the same sources as the app, so its markup (CSS module class names, asset file names)
 * is the app's own. Its libraries are bundled in, so that their production builds are the ones that
 * run (React's development build renders several times slower) whatever NODE_ENV the server has.
 */
const prerenderBuild = defineConfig({
  plugins: [react()],
  ssr: {
    noExternal: true,
    // The wallet's libraries: in chunks of their own that a server render never loads (the wallet
    // runs in the browser only), and whose optional connectors do not all bundle.
    external: ['wagmi', '@wagmi/core', '@wagmi/connectors', '@rainbow-me/rainbowkit'],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-server',
    target: 'node20',
    copyPublicDir: false,
    sourcemap: false,
  },
});

// Nothing here reaches the network: no CDN, no remote fonts, no telemetry.
const appBuild = defineConfig({
  plugins: [react(), stylesheetFirst],
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1' },
  build: {
    // Modern browsers only: native ES modules, modulepreload, ES2022 syntax.
    target: 'es2022',
    // One stylesheet for the whole app (18 kB gzip), linked from the page: a lazy view then waits for
    // no stylesheet of its own, and a first visit makes a request less per view and shared module.
    cssCodeSplit: false,
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of what to preload with it leaves out the chunks every page has already
      // loaded (the lists are written into the first script, so each name costs every first visit).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter((dep) => !/\/(rolldown-runtime|shell|app-core|preload-helper)-/.test(dep)),
    },
    sourcemap: false,
    // dist/.vite/manifest.json: the web server preloads a Safe view's chunks from it (serve/).
    manifest: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // The code every page needs at start, in one chunk: split into a dozen small shared chunks it
        // compresses worse and costs more requests. The wallet, the views and their libraries stay lazy.
        advancedChunks: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](preact|react|react-dom|react-router|scheduler|@tanstack[\\/](query-core|react-query|query-persist-client-core|query-sync-storage-persister|react-query-persist-client)|zod)[\\/]/,
            },
            {
              // The app's own modules every page starts with (configuration, gateway client, chain
              // and Safe keys, the first UI pieces): shared with lazy views too, they would otherwise
              // be cut into many tiny chunks that compress worse and cost a request each.
              name: 'app-core',
              test: new RegExp(
                [
                  // Not chainReader (viem): only lazy views read chains directly.
                  String.raw`[\/]src[\/]lib[\/](address|config|gatewayErrors|persistence|queryClient|result|rpcUrl|services|ServicesProvider|storage|storedState|urls)\.`,
                  String.raw`[\/]src[\/]features[\/](chains|safe)[\/](queries|keys|paths|selection|selectedChain|explorer)\.`,
                  String.raw`[\/]src[\/]ui[\/](format|Alert|ErrorAlert|Skeleton|Button|Page)\.`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
});

/** React's API, served by Preact (why: libraryAliases.ts). */
const preactCompat: UserConfig = { resolve: { alias: preactAliases } };

export default defineConfig((env) => {
  // The server's renderer stays on React DOM (why: libraryAliases.ts).
  const config = env.isSsrBuild ? prerenderBuild : mergeConfig(appBuild, preactCompat);
  return env.command === 'build' ? mergeConfig(config, reactRouterProduction) : config;
});
