import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Nothing here reaches the network: no CDN, no remote fonts, no telemetry.
export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1' },
  build: {
    // Modern browsers only: native ES modules, modulepreload, ES2022 syntax.
    target: 'es2022',
    // One stylesheet for the whole app (18 kB gzip), linked from the page: a lazy view then waits for
    // no stylesheet of its own, and a first visit makes a request less per view and shared module.
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
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
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack[\\/](query-core|react-query|query-persist-client-core|query-sync-storage-persister|react-query-persist-client)|zod)[\\/]/,
            },
            {
              // The app's own modules every page starts with (configuration, gateway client, chain
              // and Safe keys, the first UI pieces): shared with lazy views too, they would otherwise
              // be cut into many tiny chunks that compress worse and cost a request each.
              name: 'app-core',
              test: new RegExp(
                [
                  // Not chainReader (viem): only lazy views read chains directly.
                  String.raw`[\/]src[\/]lib[\/](address|config|gateway|gatewayErrors|persistence|queryClient|storage|urls)\.`,
                  String.raw`[\/]src[\/]features[\/](chains|safe)[\/](queries|paths|selection|selectedChain|rpc|explorer)\.`,
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
