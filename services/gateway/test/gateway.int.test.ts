import { devAccounts, devnetClients, type Devnet } from '@countersign/devnet';
import {
  chainInfoSchema,
  createGatewayClient,
  errorBodySchema,
  GatewayError,
  masterCopiesSchema,
  pageSchema,
  safeInfoSchema,
} from '@countersign/gateway-api';
import { safe130, safe141, safe150 } from '@countersign/safe-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

const webOrigin = 'http://127.0.0.1:5173';
let local: LocalGateway;
let devnet: Devnet;
let gateway: Gateway;

beforeAll(async () => {
  local = await startLocalGateway({ corsOrigins: [webOrigin] });
  ({ devnet, gateway } = local);
});
afterAll(() => local?.stop());

async function getJson(path: string, init?: RequestInit) {
  const response = await fetch(`${gateway.url}${path}`, init);
  return { response, body: (await response.json()) as unknown };
}

describe('GET /v1/chains', () => {
  it('serves a Page of complete ChainInfo for the devnet', async () => {
    const { response, body } = await getJson('/v1/chains');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const page = pageSchema(chainInfoSchema).parse(body);
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results[0]?.chainId).toBe('1337');
  });

  it('serves ChainInfo pointing at the devnet, with lower-case gas price types and the features', async () => {
    const { response, body } = await getJson('/v1/chains/1337');
    expect(response.status).toBe(200);
    const chain = chainInfoSchema.parse(body);
    expect(chain.rpcUri).toEqual({ authentication: 'NO_AUTHENTICATION', value: devnet.rpcUrl });
    expect(chain.blockExplorerUriTemplate.address).toBe(`${webOrigin}/explorer/address/{{address}}`);
    expect(chain.blockExplorerUriTemplate.txHash).toBe(`${webOrigin}/explorer/tx/{{txHash}}`);
    expect(chain.nativeCurrency).toMatchObject({ symbol: 'ETH', decimals: 18 });
    expect(chain.features).toEqual(
      expect.arrayContaining(['SAFE_APPS', 'EIP1559', 'EIP1271', 'TX_SIMULATION']),
    );
    expect(chain.recommendedMasterCopyVersion).toBe('1.4.1');
    const raw = body as { gasPrice: { type: string }[] };
    for (const entry of raw.gasPrice) expect(entry.type).toBe(entry.type.toLowerCase());
  });

  it('answers 404 with {code, message} for a chain it does not serve', async () => {
    const { response, body } = await getJson('/v1/chains/5');
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(body)).toMatchObject({ code: 404 });
  });
});

describe('GET /v1/chains/{chainId}/safes/{address}', () => {
  it('reads the 2-of-3 demo Safe from the chain', async () => {
    const demo = devnet.manifest.safes[0];
    expect(demo).toBeDefined();
    const { response, body } = await getJson(`/v1/chains/1337/safes/${demo!.address.toLowerCase()}`);
    expect(response.status).toBe(200);
    const info = safeInfoSchema.parse(body);
    expect(info.address.value).toBe(demo!.address);
    expect(info.owners.map((o) => o.value)).toEqual(demo!.owners);
    expect(info.threshold).toBe(2);
    // threshold change, two transfers, owner added and removed, batch, failed execution, module enabled
    expect(info.nonce).toBe(8);
    expect(info.version).toBe('1.4.1');
    expect(info.implementation).toEqual({ value: safe141.safeL2, name: 'SafeL2 1.4.1', logoUri: null });
    expect(info.implementationVersionState).toBe('UP_TO_DATE');
    expect(info.fallbackHandler?.value).toBe(safe141.compatibilityFallbackHandler);
    expect(info.guard).toBeNull();
    expect(info.modules?.map((m) => m.value)).toEqual([devnet.manifest.modules[0]?.module]);
  });

  it('tags when history and collectibles last changed, from what the indexer stored', async () => {
    await local.indexed();
    const info = safeInfoSchema.parse(
      (await getJson(`/v1/chains/1337/safes/${devnet.manifest.safes[0]!.address}`)).body,
    );
    const now = Date.now() / 1000;
    for (const tag of [info.txHistoryTag, info.collectiblesTag]) {
      expect(tag).toMatch(/^\d+$/);
      expect(Number(tag)).toBeGreaterThan(now - 4 * 86_400);
      expect(Number(tag)).toBeLessThanOrEqual(now + 60);
    }
    expect(info.txQueuedTag).toBeNull();
    expect(info.messagesTag).toBeNull();
  });

  it('moves the history revision with every change, also two in one second, where the tag stays', async () => {
    const safe = devnet.manifest.safes[0]!.address as Address;
    const clients = devnetClients(1337, devnet.rpcUrl);
    const info = async () => {
      await local.indexed();
      return safeInfoSchema.parse((await getJson(`/v1/chains/1337/safes/${safe}`)).body);
    };
    // Two payments to the Safe in blocks of the same second, as on an L2 with sub-second blocks.
    const pay = async () => {
      const { timestamp } = await clients.public.getBlock();
      await clients.test.setNextBlockTimestamp({ timestamp });
      const hash = await clients.wallet.sendTransaction({
        account: devAccounts()[0]!.account.address,
        chain: clients.chain,
        to: safe,
        value: 1n,
      });
      await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    };
    const before = await info();
    await pay();
    const first = await info();
    await pay();
    const second = await info();
    expect(Number(first.revisions?.txHistoryTag)).toBeGreaterThan(Number(before.revisions?.txHistoryTag));
    expect(Number(second.revisions?.txHistoryTag)).toBeGreaterThan(Number(first.revisions?.txHistoryTag));
    expect(second.txHistoryTag).toBe(first.txHistoryTag);
  });

  it('reads the 1-of-1 demo Safe, which has no modules', async () => {
    const demo = devnet.manifest.safes[1];
    const info = safeInfoSchema.parse((await getJson(`/v1/chains/1337/safes/${demo!.address}`)).body);
    expect(info.threshold).toBe(1);
    expect(info.owners.map((o) => o.value)).toEqual(demo!.owners);
    expect(info.nonce).toBe(0);
    expect(info.modules).toBeNull();
  });

  it('reads the 1.3.0 demo Safe as outdated, indexed from the 1.3.0 factory with its payment', async () => {
    await local.indexed();
    const demo = devnet.manifest.safes[2]!;
    const info = safeInfoSchema.parse((await getJson(`/v1/chains/1337/safes/${demo.address}`)).body);
    expect(info.version).toBe('1.3.0');
    expect(info.implementation).toEqual({ value: safe130.safeL2, name: 'SafeL2 1.3.0', logoUri: null });
    expect(info.implementationVersionState).toBe('OUTDATED');
    expect(info.fallbackHandler?.value).toBe(safe130.compatibilityFallbackHandler);
    expect(info.owners.map((o) => o.value)).toEqual(demo.owners);
    expect(info.nonce).toBe(1);
    const owned = (await getJson(`/v1/chains/1337/owners/${demo.owners[2]}/safes`)).body;
    expect(owned).toEqual({ safes: [demo.address] });
    const history = (await getJson(`/v1/chains/1337/safes/${demo.address}/transactions/history`)).body as {
      results: { type: string; transaction?: { executionInfo?: { nonce?: number }; txStatus: string } }[];
    };
    const executed = history.results.filter((item) => item.type === 'TRANSACTION');
    expect(
      executed.map((item) => [item.transaction?.executionInfo?.nonce, item.transaction?.txStatus]),
    ).toContainEqual([0, 'SUCCESS']);
  });

  it('answers 422 for a malformed address', async () => {
    const { response, body } = await getJson('/v1/chains/1337/safes/0x1234');
    expect(response.status).toBe(422);
    expect(body).toMatchObject({ statusCode: 422, code: 'custom', message: 'Invalid address' });
  });

  it('answers 404 for an address that is not a Safe: an EOA and a token contract', async () => {
    for (const address of [devnet.manifest.accounts[9]!.address, devnet.manifest.tokens[0]!.address]) {
      const { response, body } = await getJson(`/v1/chains/1337/safes/${address}`);
      expect(response.status).toBe(404);
      expect(body).toEqual({ code: 404, message: `No Safe found at ${address} on chain 1337` });
    }
  });

  it('answers 404 for a chain it does not serve', async () => {
    const { response } = await getJson(`/v1/chains/1/safes/${devnet.manifest.safes[0]!.address}`);
    expect(response.status).toBe(404);
  });
});

describe('GET /v1/chains/{chainId}/about/master-copies', () => {
  it('lists SafeL2 and Safe 1.4.1, 1.3.0 and 1.5.0, with or without a trailing slash', async () => {
    for (const path of ['/v1/chains/1337/about/master-copies', '/v1/chains/1337/about/master-copies/']) {
      const { response, body } = await getJson(path);
      expect(response.status).toBe(200);
      expect(masterCopiesSchema.parse(body)).toEqual([
        { address: safe141.safeL2, version: '1.4.1' },
        { address: safe141.safe, version: '1.4.1' },
        { address: safe130.safeL2, version: '1.3.0' },
        { address: safe130.safe, version: '1.3.0' },
        { address: safe150.safeL2, version: '1.5.0' },
        { address: safe150.safe, version: '1.5.0' },
      ]);
    }
  });
});

describe('CORS', () => {
  it('lets the web origin call with credentials, preflight included', async () => {
    const preflight = await fetch(`${gateway.url}/v1/chains`, {
      method: 'OPTIONS',
      headers: {
        Origin: webOrigin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(webOrigin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const simple = await fetch(`${gateway.url}/v1/chains`, { headers: { Origin: webOrigin } });
    expect(simple.headers.get('access-control-allow-origin')).toBe(webOrigin);
  });

  it('does not grant other origins', async () => {
    const response = await fetch(`${gateway.url}/v1/chains`, { headers: { Origin: 'http://127.0.0.1:9' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the typed client against the real gateway', () => {
  it('reads chains, a Safe and master copies, and reports errors in the specification format', async () => {
    const client = createGatewayClient({ baseUrl: gateway.url });
    const chains = await client.getChains();
    expect(chains.results.map((c) => c.shortName)).toEqual(['local']);
    const info = await client.getSafeInfo({
      chainId: '1337',
      safeAddress: devnet.manifest.safes[0]!.address,
    });
    expect(info.threshold).toBe(2);
    const error = await client
      .getSafeInfo({ chainId: '1337', safeAddress: '0xnope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe('custom: Invalid address');
    const missing = await client
      .getSafeInfo({ chainId: '1337', safeAddress: devnet.manifest.accounts[9]!.address })
      .catch((e: unknown) => e);
    expect((missing as GatewayError).message).toBe(
      `404: No Safe found at ${devnet.manifest.accounts[9]!.address} on chain 1337`,
    );
  });
});
