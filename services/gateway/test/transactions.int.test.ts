import {
  pageSchema,
  transactionDetailsSchema,
  transactionListItemSchema,
  type TransactionListItem,
  type TransactionSummary,
} from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

let local: LocalGateway;
let team: string;
const listSchema = pageSchema(transactionListItemSchema);

beforeAll(async () => {
  local = await startLocalGateway();
  team = local.devnet.manifest.safes[0]!.address;
  await local.indexed();
});
afterAll(() => local?.stop());

const get = (path: string) => local.request('GET', path);
const transactions = (items: TransactionListItem[]) =>
  items.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));
const byNonce = (txs: TransactionSummary[], nonce: number) =>
  txs.find((tx) => tx.executionInfo?.type === 'MULTISIG' && tx.executionInfo.nonce === nonce);

describe('history', () => {
  it('lists every executed transaction, transfer and the creation, newest first, with date labels', async () => {
    const { status, body } = await get(
      `/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D50%26offset%3D0`,
    );
    expect(status).toBe(200);
    const page = listSchema.parse(body);
    expect(page.count).toBe(18);
    expect(page.next).toBeNull();
    const txs = transactions(page.results);
    expect(txs).toHaveLength(18);
    expect(page.results[0]?.type).toBe('DATE_LABEL');
    expect(page.results.filter((i) => i.type === 'DATE_LABEL').length).toBeGreaterThanOrEqual(3);
    const times = txs.map((t) => t.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(txs.at(-1)?.txInfo).toMatchObject({ type: 'Creation', implementation: { value: safe141.safeL2 } });
    expect(txs.at(-1)?.id).toBe(`creation_${team}`);
  });

  it('answers the creation as the history lists it, and 404 for a Safe it has not seen created', async () => {
    const { status, body } = await get(`/v1/chains/1337/safes/${team}/transactions/creation`);
    expect(status).toBe(200);
    const history = listSchema.parse(
      (await get(`/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D50%26offset%3D0`)).body,
    );
    const creation = transactions(history.results).at(-1)?.txInfo;
    if (creation?.type !== 'Creation') throw new Error('The history does not end with the creation');
    expect(body).toEqual({
      created: new Date(transactions(history.results).at(-1)!.timestamp).toISOString(),
      creator: creation.creator.value,
      transactionHash: creation.transactionHash,
      factoryAddress: safe141.safeProxyFactory,
      masterCopy: safe141.safeL2,
      setupData: null,
      saltNonce: creation.saltNonce,
      dataDecoded: null,
    });
    expect((await get(`/v1/chains/1337/safes/0x${'12'.repeat(20)}/transactions/creation`)).status).toBe(404);
  });

  it('classifies each execution the way the gateway does', async () => {
    const page = listSchema.parse(
      (await get(`/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D50%26offset%3D0`)).body,
    );
    const txs = transactions(page.results);
    const recipient = local.devnet.manifest.accounts[8]!.address;
    expect(byNonce(txs, 0)?.txInfo).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 2 },
    });
    expect(byNonce(txs, 1)?.txInfo).toMatchObject({
      type: 'Transfer',
      direction: 'OUTGOING',
      recipient: { value: recipient },
      transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.5').toString() },
    });
    expect(byNonce(txs, 2)?.txInfo).toMatchObject({
      type: 'Transfer',
      direction: 'OUTGOING',
      transferInfo: {
        type: 'ERC20',
        value: parseUnits('250', 18).toString(),
        tokenSymbol: 'DEV',
        decimals: 18,
        trusted: true,
      },
    });
    expect(byNonce(txs, 3)?.txInfo).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'ADD_OWNER', threshold: 2 },
    });
    expect(byNonce(txs, 4)?.txInfo).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'REMOVE_OWNER', threshold: 2 },
    });
    expect(byNonce(txs, 5)?.txInfo).toMatchObject({
      type: 'Custom',
      methodName: 'multiSend',
      actionCount: 2,
      isCancellation: false,
    });
    expect(byNonce(txs, 6)?.txStatus).toBe('FAILED');
    expect(byNonce(txs, 7)?.txInfo).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'ENABLE_MODULE' },
    });
    for (const n of [0, 1, 2, 3, 4, 5, 7]) expect(byNonce(txs, n)?.txStatus).toBe('SUCCESS');
    expect(byNonce(txs, 1)?.executionInfo).toEqual({
      type: 'MULTISIG',
      nonce: 1,
      confirmationsRequired: 2,
      confirmationsSubmitted: 2,
      missingSigners: null,
    });
    const moduleTx = txs.find((t) => t.executionInfo?.type === 'MODULE');
    expect(moduleTx?.txInfo).toMatchObject({
      type: 'Transfer',
      transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.05').toString() },
    });
    const incoming = txs.filter((t) => t.txInfo.type === 'Transfer' && t.txInfo.direction === 'INCOMING');
    expect(incoming).toHaveLength(8);
    expect(incoming.every((t) => t.id.startsWith(`transfer_${team}_`))).toBe(true);
  });

  it('pages through by cursor to the same items, with absolute links', async () => {
    const all = transactions(
      listSchema.parse(
        (await get(`/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D50%26offset%3D0`)).body,
      ).results,
    );
    const paged: TransactionSummary[] = [];
    let url: string | null =
      `${local.gateway.url}/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D5%26offset%3D0&timezone=Europe%2FBerlin`;
    let pages = 0;
    while (url) {
      const page = listSchema.parse((await get(url)).body);
      expect(page.results[0]?.type === 'DATE_LABEL' || pages > 0).toBe(true);
      paged.push(...transactions(page.results));
      expect(page.next === null || page.next.startsWith(local.gateway.url)).toBe(true);
      expect(page.next === null || new URL(page.next).searchParams.get('timezone') === 'Europe/Berlin').toBe(
        true,
      );
      url = page.next;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(paged.map((t) => t.id)).toEqual(all.map((t) => t.id));
  });

  it('answers 422 for an unknown time zone and 400 for a bad boolean', async () => {
    const zone = await get(`/v1/chains/1337/safes/${team}/transactions/history?timezone=Mars%2FOlympus`);
    expect(zone).toMatchObject({ status: 422, body: { message: 'Invalid Timezone' } });
    const bool = await get(`/v1/chains/1337/safes/${team}/transactions/history?trusted=yes`);
    expect(bool).toMatchObject({
      status: 400,
      body: { message: 'Validation failed (boolean string is expected)' },
    });
  });
});

describe('lists', () => {
  it('multisig-transactions: newest nonce first, without count', async () => {
    const { body } = await get(`/v1/chains/1337/safes/${team}/multisig-transactions/`);
    expect(body).not.toHaveProperty('count');
    const page = listSchema.parse(body);
    const nonces = transactions(page.results).map((t) =>
      t.executionInfo?.type === 'MULTISIG' ? t.executionInfo.nonce : -1,
    );
    expect(nonces).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    const executed = listSchema.parse(
      (await get(`/v1/chains/1337/safes/${team}/multisig-transactions/?executed=false`)).body,
    );
    expect(executed.results).toEqual([]);
  });

  it('module-transactions: the module execution, with count', async () => {
    const page = listSchema.parse((await get(`/v1/chains/1337/safes/${team}/module-transactions/`)).body);
    expect(page.count).toBe(1);
    const [tx] = transactions(page.results);
    expect(tx?.id).toMatch(new RegExp(`^module_${team}_0x[0-9a-f]{64}-\\d+$`));
    expect(tx?.executionInfo).toEqual({
      type: 'MODULE',
      address: { value: local.devnet.manifest.modules[0]!.module, name: null, logoUri: null },
    });
  });

  it('incoming-transfers: only what came in, native, ERC20 and ERC721, without count', async () => {
    const { body } = await get(`/v1/chains/1337/safes/${team}/incoming-transfers/`);
    expect(body).not.toHaveProperty('count');
    const txs = transactions(listSchema.parse(body).results);
    expect(txs).toHaveLength(8);
    expect(txs.every((t) => t.txInfo.type === 'Transfer' && t.txInfo.direction === 'INCOMING')).toBe(true);
    const kinds = new Set(txs.map((t) => (t.txInfo.type === 'Transfer' ? t.txInfo.transferInfo.type : '')));
    expect(kinds).toEqual(new Set(['NATIVE_COIN', 'ERC20', 'ERC721']));
  });
});

describe('transaction details', () => {
  it('serves details for every item of the history', async () => {
    const txs = transactions(
      listSchema.parse(
        (await get(`/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D50%26offset%3D0`)).body,
      ).results,
    );
    for (const tx of txs.filter((t) => !t.id.startsWith('creation_'))) {
      const { status, body } = await get(`/v1/chains/1337/transactions/${tx.id}`);
      expect(status, tx.id).toBe(200);
      const details = transactionDetailsSchema.parse(body);
      expect(details.txId).toBe(tx.id);
      expect(details.txStatus).toBe(tx.txStatus);
    }
  });

  it('decodes a batch, trusts its delegate call target, and lists signers and confirmations', async () => {
    const txs = transactions(
      listSchema.parse((await get(`/v1/chains/1337/safes/${team}/multisig-transactions/?nonce=5`)).body)
        .results,
    );
    const details = transactionDetailsSchema.parse(
      (await get(`/v1/chains/1337/transactions/${txs[0]!.id}`)).body,
    );
    expect(details.txData?.dataDecoded?.method).toBe('multiSend');
    expect(details.txData?.dataDecoded?.parameters?.[0]?.valueDecoded).toHaveLength(2);
    expect(details.txData?.trustedDelegateCallTarget).toBe(true);
    expect(details.txData?.operation).toBe(1);
    expect(details.detailedExecutionInfo).toMatchObject({
      type: 'MULTISIG',
      nonce: 5,
      confirmationsRequired: 2,
    });
    if (details.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('not multisig');
    expect(details.detailedExecutionInfo.signers).toHaveLength(3);
    expect(details.detailedExecutionInfo.confirmations).toHaveLength(2);
    const bare = await get(`/v1/chains/1337/transactions/${details.detailedExecutionInfo.safeTxHash}`);
    expect(transactionDetailsSchema.parse(bare.body).txId).toBe(details.txId);
  });

  it('answers 400 for a malformed id and 404 for unknown ones', async () => {
    expect((await get('/v1/chains/1337/transactions/multisig_0xnope_0x12')).status).toBe(400);
    expect((await get(`/v1/chains/1337/transactions/multisig_${team}_0x${'ab'.repeat(32)}`)).status).toBe(
      404,
    );
    expect((await get(`/v1/chains/1337/transactions/creation_${team}`)).status).toBe(404);
    expect((await get(`/v1/chains/1337/transactions/0x${'cd'.repeat(32)}`)).status).toBe(404);
    expect((await get('/v1/chains/1337/transactions/garbage')).status).toBe(400);
  });
});
