/**
 * The Chromium `npm test` found or installed (scripts/browser.ts passes it as CHROMIUM_PATH);
 * Debian's when Playwright runs on its own. The flags keep a headless run quiet on a machine with
 * no network beyond loopback.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Every host but loopback (which Chromium never proxies) goes to a proxy nobody listens on: no
  // request can leave the machine, whatever a page or test data names (see loopbackOnly.ts).
  '--proxy-server=http://127.0.0.1:9',
];
