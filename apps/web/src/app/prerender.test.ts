import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { SafeInfo } from '@countersign/gateway-api';
import { createAppQueryClient } from '../lib/queryClient';
import { devnetChain, fakeGateway, teamSafe, testConfig } from '../testing';
import { prerenderPage } from './prerender';

const safeA: SafeInfo = {
  ...teamSafe,
  address: { value: '0x1111111111111111111111111111111111111111', name: null, logoUri: null },
  threshold: 1,
};
const safeB: SafeInfo = {
  ...teamSafe,
  address: { value: '0x2222222222222222222222222222222222222222', name: null, logoUri: null },
  threshold: 3,
};

/** A gateway that knows both Safes and answers A after B, so the two renders overlap. */
const gateway = fakeGateway({
  getSafeInfo: async ({ safeAddress }) => {
    const safe = [safeA, safeB].find(
      (info) => info.address.value.toLowerCase() === safeAddress.toLowerCase(),
    );
    if (safe === undefined) throw new Error(`no Safe ${safeAddress}`);
    await new Promise((resolve) => setTimeout(resolve, safe === safeA ? 200 : 10));
    return safe;
  },
});

const render = (safe: SafeInfo) =>
  prerenderPage(
    {
      url: `http://localhost/local:${safe.address.value}/address-book`,
      config: testConfig,
      chains: [devnetChain],
      chainsReadAt: Date.now(),
      deadline: Date.now() + 10_000,
    },
    { config: testConfig, gateway, queryClient: createAppQueryClient() },
  );

const safeInfosIn = (page: Awaited<ReturnType<typeof prerenderPage>>) =>
  page?.data.queries.filter((query) => query.queryKey.includes('info')).map((query) => query.state.data);

describe('server rendering', () => {
  it('renders two Safes at once, each page with its own Safe and data', { timeout: 30_000 }, async () => {
    // The views' code loaded first, so only the gateway's answers set the pace.
    await render(safeB);
    const finished: string[] = [];
    const [pageA, pageB] = await Promise.all(
      [safeA, safeB].map((safe) =>
        render(safe).then((page) => {
          finished.push(safe.address.value);
          return page;
        }),
      ),
    );
    // B's render did not wait for A's: renders no longer take turns.
    expect(finished).toEqual([safeB.address.value, safeA.address.value]);
    expect(pageA?.html).toContain(safeA.address.value);
    expect(pageA?.html).not.toContain(safeB.address.value);
    expect(pageB?.html).toContain(safeB.address.value);
    expect(pageB?.html).not.toContain(safeA.address.value);
    expect(safeInfosIn(pageA)).toEqual([safeA]);
    expect(safeInfosIn(pageB)).toEqual([safeB]);
    // The page's title goes to its <head>, the markup holds none.
    expect(pageA?.head).toMatch(/^<title>Address book · [^<]+ · Countersign<\/title>/);
    expect(pageA?.html).not.toContain('<title>');
  });

  it('asks the gateway on behalf of the visitor, naming them in X-Forwarded-For', async () => {
    const named: (string | undefined)[] = [];
    // A gateway on loopback that notes who each request is for and answers none of them.
    const gatewayServer = createServer((request, response) => {
      named.push(request.headers['x-forwarded-for'] as string | undefined);
      response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"down"}');
    });
    await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = gatewayServer.address() as AddressInfo;
      const page = await prerenderPage({
        url: `http://localhost/local:${safeA.address.value}/home`,
        config: { ...testConfig, gatewayUrl: `http://127.0.0.1:${port}` },
        chains: [devnetChain],
        chainsReadAt: Date.now(),
        deadline: Date.now() + 10_000,
        forwardedFor: '198.51.100.1, 127.0.0.1',
      });
      // Nothing came: the app renders the page itself.
      expect(page).toBeUndefined();
      expect(named.length).toBeGreaterThan(0);
      expect(new Set(named)).toEqual(new Set(['198.51.100.1, 127.0.0.1']));
    } finally {
      await new Promise((resolve) => gatewayServer.close(resolve));
    }
  });
});
