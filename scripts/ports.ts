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

/**
 * Holds a port (the given one, or a free one when it is 0) by listening on it until `release()`:
 * a port picked now but bound seconds later could meanwhile be handed by the OS to another process
 * asking for a free one (a parallel test worker's chain or server). A connection made to it
 * meanwhile (a browser tab still open on the app, reloading) is closed at once: held open, it would
 * keep `release()` waiting, and `npm start` with it.
 */
export function reservePort(
  port: number,
  host = '127.0.0.1',
): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const held = typeof address === 'object' && address ? address.port : port;
      resolve({ port: held, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
