import type { BrowserContext, Page } from '@playwright/test';

/**
 * Tests never reach beyond loopback. Chromium sends every other host to a proxy that is not
 * there (see chromium.ts), so nothing can leave the machine; and every request a page makes for
 * another host is recorded here, so the test that made it fails and says which, instead of
 * passing on a page that quietly lacks an icon or a script.
 */
const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);

export function isLoopbackUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!NETWORK_PROTOCOLS.has(parsed.protocol)) return true;
  const host = parsed.hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

const watched = new WeakSet<BrowserContext>();

/** Records into `left` every request of `context`'s pages (and web sockets) for a host off loopback. */
export function watchLoopback(context: BrowserContext, left: string[]): void {
  if (watched.has(context)) return;
  watched.add(context);
  const check = (url: string) => {
    if (!isLoopbackUrl(url)) left.push(url);
  };
  context.on('request', (request) => check(request.url()));
  const watchSockets = (page: Page) => page.on('websocket', (socket) => check(socket.url()));
  context.on('page', watchSockets);
  context.pages().forEach(watchSockets);
}
