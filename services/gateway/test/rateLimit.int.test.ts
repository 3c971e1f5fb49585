import { startDevnet, type Devnet } from '@countersign/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveGatewayApp, type AppServer } from './support/appServer';

/** Rate limits over real sockets: the client is the peer, or whom a trusted proxy names. */
let devnet: Devnet;
const servers: AppServer[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await devnet?.stop();
});

const lowLimits = {
  writes: { limit: 3, windowMs: 60_000 },
  authNonces: { limit: 2, windowMs: 60_000 },
};

async function serve(trustedProxies: string[] = []) {
  const server = await serveGatewayApp(devnet, { rateLimits: lowLimits, trustedProxies });
  servers.push(server);
  return server;
}

/** A write the gateway refuses at once (an empty delegate): it still counts against the limit. */
const write = (server: AppServer, forwardedFor?: string) =>
  fetch(`${server.url}/v2/chains/1337/delegates`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: '{}',
  });

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await response.json()).toMatchObject({
    statusCode: 429,
    code: 429,
    message: expect.stringMatching(/^Too many requests: try again in \d+ s$/),
  });
}

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client used up its writes; reads go on', async () => {
    const server = await serve();
    for (let i = 0; i < 3; i++) expect((await write(server)).status).toBe(422);
    await expectLimited(await write(server));
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/v1/chains/1337`)).status).toBe(200);
  });

  it('limits SIWE nonces on their own', async () => {
    const server = await serve();
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/v1/auth/nonce`)).status).toBe(200);
    await expectLimited(await fetch(`${server.url}/v1/auth/nonce`));
    // Writes have a bucket of their own.
    expect((await write(server)).status).toBe(422);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const server = await serve();
    for (let i = 0; i < 3; i++) expect((await write(server, `10.0.0.${i}`)).status).toBe(422);
    await expectLimited(await write(server, '10.0.0.99'));
  });

  it('believes X-Forwarded-For from a trusted proxy, the nearest untrusted address in it', async () => {
    const server = await serve(['127.0.0.1']);
    for (let i = 0; i < 3; i++) expect((await write(server, '10.0.0.1')).status).toBe(422);
    await expectLimited(await write(server, '10.0.0.1'));
    // Another client behind the same proxy has its own bucket.
    expect((await write(server, '10.0.0.2')).status).toBe(422);
    // What the client wrote further left proves nothing: the proxy appended the real address.
    await expectLimited(await write(server, '10.0.0.77, 10.0.0.1'));
    // Addresses of trusted proxies along the way are skipped.
    await expectLimited(await write(server, '10.0.0.1, 127.0.0.1'));
  });

  it('puts requests without a socket (app.request) in one bucket', async () => {
    const server = await serve();
    const post = () =>
      server.app.request('/v2/chains/1337/delegates', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(422);
    await expectLimited(await post());
  });
});
