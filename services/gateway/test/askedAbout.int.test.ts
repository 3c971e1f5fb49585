import { devAccounts, devnetClients } from '@countersign/devnet';
import {
  pageSchema,
  safeInfoSchema,
  transactionListItemSchema,
  type TransactionSummary,
} from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';
import { encodeFunctionData, erc20Abi, parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { deploySafeWithoutFactory, executeByOwners } from './support/safes';

const accounts = devAccounts();
const deployer = accounts[0]!.account.address;
const ownerA = accounts[1]!.account.address;
const recipient = accounts[8]!.account.address;

describe.each(testDatabases())('Safes the indexer did not see created, on $name', ({ options }) => {
  let local: LocalGateway;
  let clients: ReturnType<typeof devnetClients>;
  /** SafeL2 proxies deployed directly, with a history before anybody asks about them. */
  let direct: Address;
  /** A proxy of the plain (not L2) singleton: its executions emit only their outcome. */
  let plain: Address;
  const past: Record<string, string> = {};

  async function get(path: string) {
    const { status, body } = await local.request('GET', path);
    expect(status, path).toBe(200);
    return body;
  }
  async function history(safe: Address): Promise<{ count: number; txs: TransactionSummary[] }> {
    const page = pageSchema(transactionListItemSchema).parse(
      await get(`/v1/chains/1337/safes/${safe}/transactions/history?cursor=limit%3D50%26offset%3D0`),
    );
    return {
      count: page.count ?? -1,
      txs: page.results.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : [])),
    };
  }

  beforeAll(async () => {
    local = await startLocalGateway({ store: options() });
    clients = devnetClients(1337, local.devnet.rpcUrl);
    direct = await deploySafeWithoutFactory(clients, safe141.safeL2);
    past.payment = (
      await executeByOwners(clients, direct, { to: recipient, value: parseEther('0.1') })
    ).safeTxHash;
    const dev = local.devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address as Address;
    const hash = await clients.wallet.sendTransaction({
      account: deployer,
      chain: clients.chain,
      to: dev,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [direct, parseUnits('7', 18)],
      }),
    });
    await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    past.tokens = hash;
    plain = await deploySafeWithoutFactory(clients, safe141.safe);
    await executeByOwners(clients, plain, { to: recipient, value: parseEther('0.1') });
    await local.indexed();
  });
  afterAll(() => local?.stop());

  it('knew nothing of the Safe before it was asked about', async () => {
    const info = safeInfoSchema.parse(await get(`/v1/chains/1337/safes/${direct}`));
    expect(info.implementation.value).toBe(safe141.safeL2);
    // Tags come from what the gateway indexed: nothing yet.
    expect(info.txHistoryTag).toBeNull();
  });

  it('reads its past once asked: its execution and the transfers it received', async () => {
    await local.indexed();
    const { count, txs } = await history(direct);
    expect(count).toBe(3);
    expect(txs.map((tx) => tx.txInfo.type)).toEqual(['Transfer', 'Transfer', 'Transfer']);
    const [tokens, payment, funding] = txs;
    expect(tokens?.txHash).toBe(past.tokens);
    expect(tokens?.txInfo).toMatchObject({
      direction: 'INCOMING',
      transferInfo: { type: 'ERC20', value: parseUnits('7', 18).toString(), tokenSymbol: 'DEV' },
    });
    expect(payment?.id).toBe(`multisig_${direct}_${past.payment}`);
    expect(payment).toMatchObject({
      txStatus: 'SUCCESS',
      executionInfo: { type: 'MULTISIG', nonce: 0, confirmationsRequired: 2, confirmationsSubmitted: 2 },
      txInfo: { direction: 'OUTGOING', recipient: { value: recipient } },
    });
    expect(funding?.txInfo).toMatchObject({
      direction: 'INCOMING',
      transferInfo: { type: 'NATIVE_COIN', value: parseEther('1').toString() },
    });
    const info = safeInfoSchema.parse(await get(`/v1/chains/1337/safes/${direct}`));
    expect(info.txHistoryTag).toMatch(/^\d+$/);
    const owned = (await get(`/v1/chains/1337/owners/${ownerA}/safes`)) as { safes: string[] };
    expect(owned.safes).toContain(direct);
  });

  it('then follows it like any other Safe', async () => {
    const { safeTxHash } = await executeByOwners(clients, direct, {
      to: recipient,
      value: parseEther('0.2'),
    });
    await local.indexed();
    const { count, txs } = await history(direct);
    expect(count).toBe(4);
    expect(txs[0]?.id).toBe(`multisig_${direct}_${safeTxHash}`);
    expect(txs[0]?.executionInfo).toMatchObject({ nonce: 1 });
  });

  it('follows a Safe on the non-L2 singleton too, its executions read from their transactions', async () => {
    expect(safeInfoSchema.parse(await get(`/v1/chains/1337/safes/${plain}`)).implementation.value).toBe(
      safe141.safe,
    );
    await local.indexed();
    // Its incoming 1 ETH (the Safe's own SafeReceived event) and the payment made before anybody asked.
    const before = await history(plain);
    expect(before.count).toBe(2);
    expect(before.txs[0]?.executionInfo).toMatchObject({ nonce: 0, confirmationsRequired: 2 });
    expect(before.txs[0]?.txInfo).toMatchObject({ type: 'Transfer', direction: 'OUTGOING' });
    expect(before.txs[1]?.txInfo).toMatchObject({ type: 'Transfer', direction: 'INCOMING' });
    const { safeTxHash } = await executeByOwners(clients, plain, { to: recipient, value: parseEther('0.1') });
    await executeByOwners(clients, direct, { to: recipient, value: parseEther('0.3') });
    await local.indexed();
    const indexer = local.gateway.indexers.get('1337');
    expect(indexer?.lastError).toBeUndefined();
    const { count, txs } = await history(plain);
    expect(count).toBe(3);
    expect(txs[0]?.id).toBe(`multisig_${plain}_${safeTxHash}`);
    expect(txs[0]?.executionInfo).toMatchObject({ nonce: 1, confirmationsRequired: 2 });
    expect((await history(direct)).count).toBe(5);
  });
});
