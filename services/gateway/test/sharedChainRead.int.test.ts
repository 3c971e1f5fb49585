import { devAccounts, startDevnet, type Devnet } from '@countersign/devnet';
import { pageSchema, safeInfoSchema, transactionListItemSchema } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, startGateway, type Gateway } from '../src';
import { safeInfoTtlMs } from '../src/safes/safeInfoCache';
import { startCountingRpcProxy, type Call, type CountingRpcProxy } from './support/countingRpcProxy';

/**
 * A Safe's page asks for its SafeInfo and its queue together: the queue takes the Safe's nonce and
 * owners from the chain read SafeInfo makes, instead of reading the Safe again.
 */
describe('the chain read a Safe page costs', () => {
  let devnet: Devnet;
  let proxy: CountingRpcProxy;
  let gateway: Gateway;
  let team: Address;

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    proxy = await startCountingRpcProxy(devnet.rpcUrl);
    const chain = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
    gateway = await startGateway({ port: 0, chains: [{ ...chain, rpcUrl: proxy.url }], corsOrigins: [] });
    team = devnet.manifest.safes[0]!.address as Address;
  });
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await devnet?.stop();
  });

  const get = async (path: string) => {
    const response = await fetch(`${gateway.url}${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as unknown;
  };
  const safeInfo = (safe: Address) =>
    get(`/v1/chains/1337/safes/${safe}`).then((body) => safeInfoSchema.parse(body));
  const queue = (safe: Address) =>
    get(`/v1/chains/1337/safes/${safe}/transactions/queued`).then((body) =>
      pageSchema(transactionListItemSchema).parse(body),
    );
  /** Reads of the Safe itself: calls to it, or through Multicall3 with its address in them. */
  const safeReads = (safe: Address) =>
    proxy.sent('eth_call').filter((call: Call) =>
      JSON.stringify(call.params ?? [])
        .toLowerCase()
        .includes(safe.slice(2).toLowerCase()),
    ).length;
  const cacheExpired = () => new Promise((resolve) => setTimeout(resolve, safeInfoTtlMs + 50));

  it('reads the Safe once for its SafeInfo and its queue asked together', async () => {
    await cacheExpired();
    proxy.reset();
    await safeInfo(team);
    const alone = safeReads(team);
    expect(alone).toBeGreaterThan(0);

    await cacheExpired();
    proxy.reset();
    const [info, queued] = await Promise.all([safeInfo(team), queue(team)]);
    expect(safeReads(team)).toBe(alone);
    expect(info.address.value).toBe(team);
    expect(queued.results).toEqual([]);
  });

  it('answers an empty queue for an address with no Safe, as before', async () => {
    const outsider = devAccounts()[6]!.account.address;
    expect((await queue(outsider)).results).toEqual([]);
  });
});
