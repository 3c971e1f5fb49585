import { startDevnet, type Devnet } from '@countersign/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, startGateway } from '../src';
import { serveGatewayApp, type AppServer } from './support/appServer';
import { expectLimited, refusedWrite } from './support/rateLimited';

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

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client used up its writes; reads go on', async () => {
    const server = await serve();
    for (let i = 0; i < 3; i++) expect((await refusedWrite(server.url)).status).toBe(422);
    await expectLimited(await refusedWrite(server.url));
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/v1/chains/1337`)).status).toBe(200);
  });

  it('limits SIWE nonces on their own', async () => {
    const server = await serve();
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/v1/auth/nonce`)).status).toBe(200);
    await expectLimited(await fetch(`${server.url}/v1/auth/nonce`));
    // Writes have a bucket of their own.
    expect((await refusedWrite(server.url)).status).toBe(422);
  });

  it('limits reads too, in memory, and never the health checks', async () => {
    const server = await serveGatewayApp(devnet, { rateLimits: { reads: { limit: 3, windowMs: 60_000 } } });
    servers.push(server);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/v1/chains/1337`)).status).toBe(200);
    await expectLimited(await fetch(`${server.url}/v1/chains`));
    for (const path of ['/livez', '/health', '/readyz', '/metrics'])
      expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    // Writes have a bucket of their own.
    expect((await refusedWrite(server.url)).status).toBe(422);
  });

  it('refuses an oversized body before it takes from the client’s bucket', async () => {
    const server = await serveGatewayApp(devnet, { rateLimits: lowLimits, maxBodyBytes: 1_000 });
    servers.push(server);
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.url}/v2/chains/1337/delegates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(2_000) }),
      });
      expect(response.status).toBe(413);
    }
    for (let i = 0; i < 3; i++) expect((await refusedWrite(server.url)).status).toBe(422);
    await expectLimited(await refusedWrite(server.url));
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const server = await serve();
    for (let i = 0; i < 3; i++) expect((await refusedWrite(server.url, `10.0.0.${i}`)).status).toBe(422);
    await expectLimited(await refusedWrite(server.url, '10.0.0.99'));
  });

  it('counts IPv6 clients by their /64: addresses of one subscriber share a bucket, the next /64 does not', async () => {
    const server = await serve(['127.0.0.1']);
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:1:2:3', '2001:DB8:1:2:0:0:0:abcd'])
      expect((await refusedWrite(server.url, address)).status).toBe(422);
    await expectLimited(await refusedWrite(server.url, '2001:db8:1:2:dead:beef:0:1'));
    expect((await refusedWrite(server.url, '2001:db8:1:3::1')).status).toBe(422);
  });

  it('believes X-Forwarded-For from a trusted proxy, the nearest untrusted address in it', async () => {
    const server = await serve(['127.0.0.1']);
    for (let i = 0; i < 3; i++) expect((await refusedWrite(server.url, '10.0.0.1')).status).toBe(422);
    await expectLimited(await refusedWrite(server.url, '10.0.0.1'));
    // Another client behind the same proxy has its own bucket.
    expect((await refusedWrite(server.url, '10.0.0.2')).status).toBe(422);
    // What the client wrote further left proves nothing: the proxy appended the real address.
    await expectLimited(await refusedWrite(server.url, '10.0.0.77, 10.0.0.1'));
    // Addresses of trusted proxies along the way are skipped.
    await expectLimited(await refusedWrite(server.url, '10.0.0.1, 127.0.0.1'));
  });

  it('tells clients apart on the gateway startGateway serves (the standalone one), too', async () => {
    const gateway = await startGateway({
      port: 0,
      corsOrigins: [],
      chains: [devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
      rateLimits: lowLimits,
      trustedProxies: ['127.0.0.1'],
    });
    try {
      for (let i = 0; i < 3; i++) expect((await refusedWrite(gateway.url, '10.0.0.1')).status).toBe(422);
      await expectLimited(await refusedWrite(gateway.url, '10.0.0.1'));
      expect((await refusedWrite(gateway.url, '10.0.0.2')).status).toBe(422);
    } finally {
      await gateway.close();
    }
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
