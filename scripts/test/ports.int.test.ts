import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { reservePort } from '../ports';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

describe('reservePort', () => {
  it('closes a connection made to the held port, so that releasing it does not wait for the client', async () => {
    const reservation = await reservePort(0);
    expect(reservation.port).toBeGreaterThan(0);

    // A client that would otherwise keep its connection open, as a browser tab on the app does.
    const client = connect(reservation.port, '127.0.0.1');
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('connect', resolve));
    expect(await within(new Promise((resolve) => client.once('close', () => resolve('closed'))), 2_000)).toBe(
      'closed',
    );
    expect(
      await within(
        reservation.release().then(() => 'released'),
        2_000,
      ),
    ).toBe('released');

    // The port is free again for the server it was held for.
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(reservation.port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
