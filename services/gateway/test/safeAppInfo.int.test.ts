import { devAccounts, devnetClients } from '@countersign/devnet';
import {
  pageSchema,
  proposalBody,
  transactionDetailsSchema,
  transactionListItemSchema,
  type SafeApp,
  type TransactionSummary,
} from '@countersign/gateway-api';
import { buildSafeTx, hashSafeTx, safeTxTypedData, type SafeTx } from '@countersign/safe-core';
import { parseEther, type Address } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { executeByOwners } from './support/safes';

const txBuilder: SafeApp = {
  id: 7,
  url: 'http://127.0.0.1:4000/tx-builder',
  name: 'Transaction Builder',
  iconUrl: 'http://127.0.0.1:4000/tx-builder/icon.svg',
  description: 'Batches of transactions',
  chainIds: ['1337'],
  provider: null,
  accessControl: { type: 'NO_RESTRICTIONS', value: null },
  tags: [],
  features: ['BATCHED_TRANSACTIONS'],
  developerWebsite: null,
  socialProfiles: [],
  featured: false,
};
/** Listed, but for another chain: its url must not name an app on this one. */
const otherChainApp: SafeApp = {
  ...txBuilder,
  id: 8,
  url: 'http://127.0.0.1:4000/elsewhere',
  chainIds: ['1'],
};

const accounts = devAccounts();
const ownerA = accounts[1]!.account;
const recipient = accounts[8]!.account.address;
const expectedInfo = { name: txBuilder.name, url: txBuilder.url, logoUri: txBuilder.iconUrl };

describe.each(testDatabases())('safeAppInfo on $name', ({ options }) => {
  let local: LocalGateway;
  let team: Address;

  beforeAll(async () => {
    local = await startLocalGateway({ safeApps: [txBuilder, otherChainApp], store: options() });
    team = local.devnet.manifest.safes[0]!.address as Address;
    await local.indexed();
  });
  afterAll(() => local?.stop());

  const sign = (owner: HDAccount, tx: SafeTx) =>
    owner.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx }));
  async function propose(tx: SafeTx, owner: HDAccount, origin: string | null) {
    const response = await fetch(`${local.gateway.url}/v1/chains/1337/transactions/${team}/propose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        proposalBody(tx, {
          safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
          sender: owner.address,
          signature: await sign(owner, tx),
          origin,
        }),
      ),
    });
    expect(response.status).toBe(200);
    return transactionDetailsSchema.parse(await response.json());
  }
  async function summaries(path: string): Promise<TransactionSummary[]> {
    const response = await fetch(`${local.gateway.url}/v1/chains/1337/safes/${team}/${path}`);
    return pageSchema(transactionListItemSchema)
      .parse(await response.json())
      .results.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));
  }

  const fromApp = buildSafeTx({ to: recipient, value: parseEther('0.01'), nonce: 8n });
  const fromUnknownUrl = buildSafeTx({ to: recipient, value: parseEther('0.02'), nonce: 8n });
  const fromOtherChainApp = buildSafeTx({ to: recipient, value: parseEther('0.03'), nonce: 8n });
  const withoutUrl = buildSafeTx({ to: recipient, value: parseEther('0.04'), nonce: 8n });

  it('names the app a proposal came from when its origin url is in the catalogue', async () => {
    // A trailing slash makes no difference, as for GET safe-apps?url=.
    const origin = JSON.stringify({ url: `${txBuilder.url}/`, name: 'Transaction Builder', note: 'batch' });
    const details = await propose(fromApp, ownerA, origin);
    expect(details.safeAppInfo).toEqual(expectedInfo);
    expect(details.note).toBe('batch');
    const fetched = await fetch(`${local.gateway.url}/v1/chains/1337/transactions/${details.txId}`);
    expect(transactionDetailsSchema.parse(await fetched.json()).safeAppInfo).toEqual(expectedInfo);
  });

  it('leaves it null for an unknown url, an app of another chain, or an origin without a url', async () => {
    const others = [
      await propose(fromUnknownUrl, ownerA, JSON.stringify({ url: 'http://127.0.0.1:4000/unknown' })),
      await propose(fromOtherChainApp, ownerA, JSON.stringify({ url: otherChainApp.url })),
      await propose(withoutUrl, ownerA, JSON.stringify({ name: txBuilder.name })),
    ];
    expect(others.map((details) => details.safeAppInfo)).toEqual([null, null, null]);
  });

  it('shows it on the queue and the multisig list, only for the app proposal', async () => {
    const appHash = hashSafeTx({ chainId: 1337, safe: team, tx: fromApp });
    const byHash = (txs: TransactionSummary[]) =>
      Object.fromEntries(txs.map((tx) => [tx.id.split('_')[2], tx.safeAppInfo]));
    const queued = byHash(await summaries('transactions/queued'));
    expect(Object.keys(queued)).toHaveLength(4);
    expect(queued[appHash]).toEqual(expectedInfo);
    expect(Object.values(queued).filter((info) => info !== null)).toHaveLength(1);
    expect(byHash(await summaries('multisig-transactions/?executed=false'))[appHash]).toEqual(expectedInfo);
  });

  it('keeps it once the proposal is executed and indexed, in history', async () => {
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    const { safeTxHash } = await executeByOwners(clients, team, { to: recipient, value: parseEther('0.01') });
    expect(safeTxHash).toBe(hashSafeTx({ chainId: 1337, safe: team, tx: fromApp }));
    await local.indexed();
    const [newest] = await summaries('transactions/history');
    expect(newest?.id).toBe(`multisig_${team}_${safeTxHash}`);
    expect(newest?.txStatus).toBe('SUCCESS');
    expect(newest?.safeAppInfo).toEqual(expectedInfo);
    // Executions nobody proposed through the gateway have no origin, so no app.
    const older = (await summaries('transactions/history?cursor=limit%3D50%26offset%3D0')).slice(1);
    expect(older.length).toBeGreaterThan(10);
    expect(older.every((tx) => tx.safeAppInfo === null)).toBe(true);
  });
});
