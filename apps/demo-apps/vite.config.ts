import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// One multi-page build: the list of apps, the two demo apps and the end-to-end test app. Nothing here
// reaches the network: the apps talk only to the Safe wallet that frames them (postMessage).
export default defineConfig({
  root: src(''),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  base: '/',
  resolve: {
    // safe-apps-provider is CommonJS and would pull the SDK's CommonJS build, and with it all of viem's
    // CommonJS next to the ES modules the apps use: one SDK build (ESM) and one viem instead.
    alias: [
      {
        find: /^@safe-global\/safe-apps-sdk$/,
        replacement: fileURLToPath(import.meta.resolve('@safe-global/safe-apps-sdk')),
      },
    ],
  },
  server: { host: '127.0.0.1', port: 5190, strictPort: false },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        index: src('index.html'),
        'tx-builder': src('tx-builder/index.html'),
        signer: src('signer/index.html'),
        'test-app': src('test-app/index.html'),
      },
    },
  },
});
