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

/**
 * The modules the first script's imports reach, read from the module graph once it is built. Only
 * these may go into 'app-core' below: a module of the same name that only a lazy view imports stays
 * with that view.
 */
const firstScript = new Set<string>();
const firstScriptModules: Plugin = {
  name: 'countersign:first-script-modules',
  buildEnd() {
    firstScript.clear();
    // The page's own script (src/main.tsx, imported by index.html) stays the entry chunk.
    const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    const starts = new Set(entries.flatMap((id) => [id, ...(this.getModuleInfo(id)?.importedIds ?? [])]));
    const waiting = [...starts];
    const seen = new Set<string>();
    for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (!starts.has(id)) firstScript.add(id);
      waiting.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

const appCoreModule = new RegExp(
  String.raw`[\/]apps[\/]web[\/]src[\/](.*[\/])?(` +
    [
      'address|config|dataBlock|gatewayErrors|imageSource|persistence|queryClient|result|rpcUrl',
      'services|ServicesProvider|storage|storedState|urls',
      'queries|transactionQueries|keys|paths|selection|selectedChain|explorer|settings|fiatCurrency',
      'store|addressNames|safeId|SafeContext|signer|signerService|walletStore|useCurrentChain',
      'activity|waitingRequests|SafeStateDisagreements|Wallet\\.module|ChainTrust\\.module',
      'format|Alert|ErrorAlert|Skeleton|Button|Page|EmptyState|QueryView|Badge|CopyButton|Identicon',
      'hiddenTokens|balancesView|decimal',
      // Shared with views, they were chunks of their own (0.4 to 2 kB): fewer requests at the first visit.
      'loaders|pageSettled|useReceiveDialog|preloadableLazy|AddressBookNames|DrawnSelect|walletSetupKey|pageChainContext',
    ].join('|') +
    String.raw`)\.[a-z.]+$`,
);

/**
 * The small modules the Safe home's view shares with other views (its token icons, amounts, the
 * queue's words, the Safe's version state): one chunk rather than eight of 0.3 to 2.7 kB. On a first
 * visit the number of files, more than their bytes, held back the paint of the server's page: each
 * is a request and a compile beside it (20 files to 11 took the paint from behind 146937f's to ahead
 * of it). The views that share these load the few they do not use with the rest. What they import
 * from the first script's modules (hidden tokens) is in app-core, so this chunk stays the views'.
 */
const homePartsModule = new RegExp(
  String.raw`[\/]apps[\/]web[\/]src[\/](` +
    [
      String.raw`ui[\/](Details|amounts)`,
      String.raw`features[\/]assets[\/](TokenIcon|useBalances)`,
      String.raw`features[\/]transactions[\/](describe|ownerState|TransactionSummaryText|queueGroups)`,
      String.raw`features[\/]safe[\/](ownerState|safeFormat)`,
      String.raw`features[\/]settings[\/](VersionState|Settings)`,
    ].join('|') +
    String.raw`)\.[a-z.]+$`,
);

/**
 * The small UI pieces most views other than the home show (addresses, dates, remote images, tabs,
 * "load more", downloads): one chunk of 1.4 kB rather than six of 0.2 to 0.6 kB, so the history's
 * first visit makes 11 requests, not 16, as the home's parts above do for the home.
 */
const viewPartsModule = new RegExp(
  String.raw`[\/]apps[\/]web[\/]src[\/](ui[\/](Address|DateTime|RemoteImage|TabNav|LoadMore)|lib[\/]download)\.[a-z.]+$`,
);

// Nothing here reaches the network: no CDN, no remote fonts, no telemetry.
const appBuild = defineConfig({
  plugins: [react(), stylesheetFirst, firstScriptModules],
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1' },
  build: {
    // Modern browsers only: native ES modules, modulepreload, ES2022 syntax.
    target: 'es2022',
    // One stylesheet for the whole app (15 kB gzip), linked from the page: a lazy view then waits for
    // no stylesheet of its own, and a first visit makes a request less per view and shared module.
    // RainbowKit's rules are not in it: they come with the wallet's chunk (rainbowKitStyles.ts).
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
        // The code every page needs at start, in two chunks: cut into many small shared chunks it
        // compresses worse and costs a request each. The wallet, the views and their libraries stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](preact|react|react-dom|react-router|scheduler|@tanstack[\\/](query-core|react-query|query-persist-client-core|query-sync-storage-persister|react-query-persist-client)|zod)[\\/]/,
            },
            {
              // The app's own modules every page starts with (configuration, gateway client, the Safe's
              // keys and queries, the wallet's state, the first UI pieces): shared with lazy views
              // too, they would otherwise be cut into many small chunks (33 requests at the first
              // visit, where 4 had been) that compress worse. Named here rather than all that the
              // first script reaches: a feature's index.ts would bring everything it re-exports.
              // Not chain-trust/sources: in this chunk, its module ran in an order that left an
              // owner's new RPC out of the cookie the page sets (chain-trust.spec caught it).
              name: 'app-core',
              test: (id) => firstScript.has(id) && appCoreModule.test(id),
            },
            { name: 'home-parts', test: (id) => homePartsModule.test(id) },
            { name: 'view-parts', test: (id) => viewPartsModule.test(id) },
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
