import { createServer } from 'node:net';

/** A port that is free on `host` right now (asks the OS for one). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The given port, or a free one when it is 0. */
export async function portOrFree(port: number, host?: string): Promise<number> {
  return port === 0 ? freePort(host) : port;
}
