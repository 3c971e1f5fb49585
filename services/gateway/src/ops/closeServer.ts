import type { ServerType } from '@hono/node-server';

/** How long a shutdown lets the requests in flight finish before it cuts their connections. */
export const defaultShutdownGraceMs = 10_000;

/**
 * Stops accepting connections and resolves once the open ones are gone: idle keep-alive
 * connections are closed at once, and again as each busy one finishes its request (checked every
 * 50 ms); those still busy after `graceMs` are cut.
 */
export async function closeServer(server: ServerType, graceMs = defaultShutdownGraceMs): Promise<void> {
  const http = 'closeIdleConnections' in server ? server : undefined;
  await new Promise<void>((resolve, reject) => {
    const sweep = setInterval(() => http?.closeIdleConnections(), 50);
    const cut = setTimeout(() => http?.closeAllConnections(), graceMs);
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(cut);
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
      else resolve();
    });
    http?.closeIdleConnections();
  });
}
