import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createGatewayApp, type GatewayAppOptions } from './app';

export type Gateway = { url: string; port: number; close(): Promise<void> };

/** Serves the gateway over HTTP on `host` (loopback by default); port 0 picks a free one. */
export async function startGateway(
  options: GatewayAppOptions & { host?: string; port?: number },
): Promise<Gateway> {
  const app = createGatewayApp(options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would otherwise hold the port open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
