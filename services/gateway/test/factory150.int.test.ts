import { devAccounts, devnetClients } from '@countersign/devnet';
import { encodeSafeSetup, safe150 } from '@countersign/safe-core';
import { getAddress, parseAbi, parseEventLogs, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/**
 * Safes created through SafeProxyFactory 1.5.0's new methods: the L2 ones announce the setup and the
 * salt nonce in an event of their own, the chain-specific ones salt the address with the chain id.
 * The gateway finds each by its ProxyCreation event and keeps the salt nonce the L2 event gives.
 */
const factoryAbi = parseAbi([
  'function createProxyWithNonceL2(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function createChainSpecificProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function createChainSpecificProxyWithNonceL2(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
]);

let local: LocalGateway;
beforeAll(async () => {
  local = await startLocalGateway();
});
afterAll(() => local?.stop());

type Creation = { factoryAddress: string; masterCopy: string; saltNonce: string | null; creator: string };

describe('SafeProxyFactory 1.5.0', () => {
  it.each([
    ['createProxyWithNonceL2', 7n, '7'],
    ['createChainSpecificProxyWithNonce', 8n, null],
    ['createChainSpecificProxyWithNonceL2', 9n, '9'],
  ] as const)('%s: the Safe is indexed with its creation', async (method, saltNonce, savedSalt) => {
    const clients = devnetClients(local.devnet.manifest.chainId, local.devnet.rpcUrl);
    const owner = devAccounts()[5]!.account;
    const hash = await clients.wallet.writeContract({
      account: owner,
      chain: clients.chain,
      address: safe150.safeProxyFactory,
      abi: factoryAbi,
      functionName: method,
      args: [
        safe150.safeL2,
        encodeSafeSetup({
          owners: [owner.address],
          threshold: 1n,
          fallbackHandler: safe150.compatibilityFallbackHandler,
        }),
        saltNonce,
      ],
    });
    const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const [created] = parseEventLogs({ abi: factoryAbi, logs: receipt.logs, eventName: 'ProxyCreation' });
    const safe: Address = getAddress(created!.args.proxy);
    await local.indexed();

    const info = await local.request<{ owners: { value: string }[]; version: string }>(
      'GET',
      `/v1/chains/1337/safes/${safe}`,
    );
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ owners: [{ value: owner.address }], version: '1.5.0' });
    const creation = await local.request<Creation>(
      'GET',
      `/v1/chains/1337/safes/${safe}/transactions/creation`,
    );
    expect(creation.body).toMatchObject({
      factoryAddress: safe150.safeProxyFactory,
      masterCopy: safe150.safeL2,
      creator: owner.address,
      saltNonce: savedSalt,
    });
  });
});
