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
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
  },
});
