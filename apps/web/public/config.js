/* global window */
// Runtime configuration for `vite dev`. In production the web server (serve/server.ts) answers
// /config.js itself, so a prebuilt bundle can point at any gateway without a rebuild.
window.__COUNTERSIGN_CONFIG__ = { gatewayUrl: 'http://127.0.0.1:8787' };
