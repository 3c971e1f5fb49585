import { devAccounts, devnetClients, executeSafeTx } from '@countersign/devnet';
import {
  createGatewayClient,
  GatewayError,
  pageSchema,
  proposalBody,
  transactionListItemSchema,
  type ProposeTransactionBody,
  type TransactionListItem,
} from '@countersign/gateway-api';
import {
  buildSafeTx,
  hashSafeTx,
  safeTxTypedData,
  toEthSignSignature,
  type SafeTx,
} from '@countersign/safe-core';
import { parseEther, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

let local: LocalGateway;
let team: Address;
let client: ReturnType<typeof createGatewayClient>;
const accounts = devAccounts();
const [ownerA, ownerB, ownerC] = [accounts[1]!.account, accounts[2]!.account, accounts[3]!.account];
const outsider = accounts[6]!.account;
const recipient = accounts[8]!.account.address;

beforeAll(async () => {
  local = await startLocalGateway();
  team = local.devnet.manifest.safes[0]!.address as Address;
  client = createGatewayClient({ baseUrl: local.gateway.url });
});
afterAll(() => local?.stop());

function body(
  tx: SafeTx,
  sender: Address,
  signature: Hex | null,
  overrides: Partial<ProposeTransactionBody> = {},
): ProposeTransactionBody {
  return {
    ...proposalBody(tx, {
      safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
      sender,
      signature,
      origin: JSON.stringify({ url: 'http://127.0.0.1', name: 'test', note: '<b>rent</b> for May' }),
    }),
    ...overrides,
  };
}
const sign = (owner: HDAccount, tx: SafeTx) =>
  owner.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx }));

async function propose(payload: unknown) {
  const response = await fetch(`${local.gateway.url}/v1/chains/1337/transactions/${team}/propose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
async function queue(query = '') {
  const response = await fetch(
    `${local.gateway.url}/v1/chains/1337/safes/${team}/transactions/queued${query}`,
  );
  return pageSchema(transactionListItemSchema).parse(await response.json());
}
const shape = (items: TransactionListItem[]) =>
  items.map((item) => {
    switch (item.type) {
      case 'LABEL':
        return item.label;
      case 'CONFLICT_HEADER':
        return `conflict ${item.nonce}`;
      case 'TRANSACTION':
        return `tx ${item.transaction.executionInfo?.type === 'MULTISIG' ? item.transaction.executionInfo.nonce : '?'} ${item.conflictType}`;
      default:
        return item.type;
    }
  });

const payment = buildSafeTx({ to: recipient, value: parseEther('0.1'), nonce: 8n });
const nextPayment = buildSafeTx({ to: recipient, value: parseEther('0.2'), nonce: 9n });
/** An on-chain rejection: an empty call of the Safe to itself (built once the Safe is known). */
const rejectionOf = (safe: Address) => buildSafeTx({ to: safe, nonce: 9n });

describe('propose and queue', () => {
  it('starts with nothing queued, and recommends the current nonce', async () => {
    expect(await client.getNonces({ chainId: '1337', safeAddress: team })).toEqual({
      currentNonce: 8,
      recommendedNonce: 8,
    });
    expect((await queue()).results).toEqual([]);
  });

  it('stores a proposal signed by one owner of two, awaiting confirmations', async () => {
    // SafeInfo is cached; a write must show at once, not after the cache's second.
    expect((await client.getSafeInfo({ chainId: '1337', safeAddress: team })).txQueuedTag).toBeNull();
    const details = await client.proposeTransaction({
      chainId: '1337',
      safeAddress: team,
      body: body(payment, ownerA.address, await sign(ownerA, payment)),
    });
    expect(details.txStatus).toBe('AWAITING_CONFIRMATIONS');
    expect(details.note).toBe('rent for May');
    if (details.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('not multisig');
    expect(details.detailedExecutionInfo.confirmations.map((c) => c.signer.value)).toEqual([ownerA.address]);
    expect(details.detailedExecutionInfo.proposer?.value).toBe(ownerA.address);
    expect(await client.getNonces({ chainId: '1337', safeAddress: team })).toEqual({
      currentNonce: 8,
      recommendedNonce: 9,
    });
    expect((await client.getSafeInfo({ chainId: '1337', safeAddress: team })).txQueuedTag).toMatch(/^\d+$/);
    const page = await queue();
    expect(shape(page.results)).toEqual(['Next', 'tx 8 None']);
    expect(page.count).toBe(2);
    const [, item] = page.results;
    if (item?.type !== 'TRANSACTION') throw new Error('no transaction');
    expect(item.transaction.executionInfo).toMatchObject({
      confirmationsRequired: 2,
      confirmationsSubmitted: 1,
      missingSigners: [{ value: ownerB.address }, { value: ownerC.address }],
    });
  });

  it('shows two proposals for the next nonce as a conflict', async () => {
    await client.proposeTransaction({
      chainId: '1337',
      safeAddress: team,
      body: body(nextPayment, ownerB.address, await sign(ownerB, nextPayment)),
    });
    const rejection = rejectionOf(team);
    const raw = await ownerC.signMessage({
      message: { raw: hashSafeTx({ chainId: 1337, safe: team, tx: rejection }) },
    });
    const details = await client.proposeTransaction({
      chainId: '1337',
      safeAddress: team,
      body: body(rejection, ownerC.address, toEthSignSignature(raw)),
    });
    expect(details.txInfo).toMatchObject({ type: 'Custom', isCancellation: true });
    expect(shape((await queue()).results)).toEqual([
      'Next',
      'tx 8 None',
      'Queued',
      'conflict 9',
      'tx 9 HasNext',
      'tx 9 End',
    ]);
    const other = await client.getTransaction({
      chainId: '1337',
      id: `multisig_${team}_${hashSafeTx({ chainId: 1337, safe: team, tx: nextPayment })}`,
    });
    if (other.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('not multisig');
    expect(other.detailedExecutionInfo.rejectors.map((r) => r.value)).toEqual([ownerC.address]);
  });

  it('carries a conflict across pages without repeating its header', async () => {
    const first = await queue('?cursor=limit%3D2%26offset%3D0');
    expect(shape(first.results)).toEqual(['Next', 'tx 8 None', 'Queued', 'conflict 9', 'tx 9 HasNext']);
    expect(first.next).not.toBeNull();
    const second = pageSchema(transactionListItemSchema).parse(await (await fetch(first.next!)).json());
    expect(shape(second.results)).toEqual(['tx 9 End']);
    expect(second.next).toBeNull();
    // A window past the end: nothing on it, a way back, none further.
    const past = await queue('?cursor=limit%3D2%26offset%3D10');
    expect(past.results).toEqual([]);
    expect(past.previous).not.toBeNull();
    expect(past.next).toBeNull();
  });

  it('lets a second owner confirm by proposing the same transaction with their signature', async () => {
    const details = await client.proposeTransaction({
      chainId: '1337',
      safeAddress: team,
      body: body(payment, ownerB.address, await sign(ownerB, payment)),
    });
    expect(details.txStatus).toBe('AWAITING_EXECUTION');
    if (details.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('not multisig');
    expect(details.detailedExecutionInfo.confirmations.map((c) => c.signer.value).sort()).toEqual(
      [ownerA.address, ownerB.address].sort(),
    );
    expect(details.detailedExecutionInfo.proposer?.value).toBe(ownerA.address);
  });

  it("adds an owner's confirmation through /confirmations, and refuses what is not one", async () => {
    const safeTxHash = hashSafeTx({ chainId: 1337, safe: team, tx: nextPayment });
    const summary = await client.addConfirmation({
      chainId: '1337',
      safeTxHash,
      signature: await sign(ownerA, nextPayment),
    });
    expect(summary.executionInfo).toMatchObject({ type: 'MULTISIG', confirmationsSubmitted: 2 });
    const details = await client.getTransaction({ chainId: '1337', id: summary.id });
    if (details.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('not multisig');
    expect(details.detailedExecutionInfo.confirmations.map((c) => c.signer.value).sort()).toEqual(
      [ownerA.address, ownerB.address].sort(),
    );
    expect(details.txStatus).toBe('AWAITING_EXECUTION');

    const post = async (hash: string, payload: unknown) => {
      const response = await fetch(`${local.gateway.url}/v1/chains/1337/transactions/${hash}/confirmations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const outsiders = await post(safeTxHash, { signature: await sign(outsider, nextPayment) });
    expect(outsiders).toMatchObject({ status: 422, body: { message: 'Invalid signature' } });
    const unknown = await post(`0x${'12'.repeat(32)}`, { signature: await sign(ownerA, nextPayment) });
    expect(unknown.status).toBe(404);
    expect((await post(safeTxHash, {})).status).toBe(422);
  });

  it('estimates safeTxGas and the nonces', async () => {
    const estimation = await client.estimateSafeTxGas({
      chainId: '1337',
      safeAddress: team,
      body: { to: recipient, value: parseEther('0.01').toString(), data: null, operation: 0 },
    });
    expect(estimation.currentNonce).toBe(8);
    expect(estimation.recommendedNonce).toBe(10);
    expect(Number(estimation.safeTxGas)).toBeGreaterThanOrEqual(21_000);
  });

  it('moves an executed proposal out of the queue into history', async () => {
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    await executeSafeTx(clients, {
      safe: team,
      executor: ownerA.address,
      approvals: [
        { owner: ownerA, method: 'eip712' },
        { owner: ownerB, method: 'eip712' },
      ],
      tx: { to: payment.to, value: payment.value },
    });
    const head = await clients.public.getBlockNumber({ cacheTime: 0 }); // uncached: the head must include the execution just made
    await local.gateway.indexers.get('1337')!.waitForBlock(head);
    expect(shape((await queue()).results)).toEqual(['Next', 'conflict 9', 'tx 9 HasNext', 'tx 9 End']);
    const details = await client.getTransaction({
      chainId: '1337',
      id: `multisig_${team}_${hashSafeTx({ chainId: 1337, safe: team, tx: payment })}`,
    });
    expect(details.txStatus).toBe('SUCCESS');
    if (details.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('not multisig');
    expect(details.detailedExecutionInfo.proposer?.value).toBe(ownerA.address);
    expect(details.note).toBe('rent for May');
  });
});

describe('propose: bad input gets its status and message, and changes nothing', () => {
  const tx = buildSafeTx({ to: recipient, value: 1n, nonce: 10n });
  let before: string;
  beforeAll(async () => {
    before = JSON.stringify((await queue()).results);
  });
  afterAll(async () => {
    expect(JSON.stringify((await queue()).results)).toBe(before);
  });

  it('a signature from someone who is not an owner: 422 Invalid signature', async () => {
    const result = await propose(body(tx, ownerA.address, await sign(outsider, tx)));
    expect(result).toMatchObject({ status: 422, body: { message: 'Invalid signature' } });
  });

  it('a sender who is neither owner nor delegate: 422 Unauthorized address', async () => {
    expect(await propose(body(tx, outsider.address, null))).toMatchObject({
      status: 422,
      body: { message: 'Unauthorized address' },
    });
  });

  it('an owner sending somebody else’s signature: 422 Unauthorized address', async () => {
    const result = await propose(body(tx, ownerC.address, await sign(ownerA, tx)));
    expect(result).toMatchObject({ status: 422, body: { message: 'Unauthorized address' } });
  });

  it('a nonce the Safe already used: 422 Invalid nonce', async () => {
    const old = buildSafeTx({ to: recipient, value: 1n, nonce: 3n });
    expect(await propose(body(old, ownerA.address, await sign(ownerA, old)))).toMatchObject({
      status: 422,
      body: { message: 'Invalid nonce' },
    });
  });

  it('a safeTxHash that does not match the fields: 422 Invalid safeTxHash', async () => {
    const result = await propose(body(tx, ownerA.address, await sign(ownerA, tx), { value: '2' }));
    expect(result).toMatchObject({ status: 422, body: { message: 'Invalid safeTxHash' } });
  });

  it('a delegate call to an untrusted contract: 422 Delegate call is disabled', async () => {
    const delegate = buildSafeTx({ to: recipient, operation: 1, nonce: 10n });
    expect(await propose(body(delegate, ownerA.address, await sign(ownerA, delegate)))).toMatchObject({
      status: 422,
      body: { message: 'Delegate call is disabled' },
    });
  });

  it('malformed fields: 422 naming the field; not JSON: 400', async () => {
    const bad = await propose({ ...body(tx, ownerA.address, null), to: '0x1234' });
    expect(bad).toMatchObject({ status: 422, body: { statusCode: 422, path: ['to'] } });
    const missing = await propose({ to: recipient });
    expect(missing.status).toBe(422);
    expect((await propose('{not json')).status).toBe(400);
    const shortSignature = await propose(body(tx, ownerA.address, '0x1234' as Hex));
    expect(shortSignature).toMatchObject({ status: 422, body: { path: ['signature'] } });
  });

  it('a Safe that does not exist: 404; a malformed Safe address: 422', async () => {
    const response = await fetch(`${local.gateway.url}/v1/chains/1337/transactions/${recipient}/propose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body(tx, ownerA.address, null)),
    });
    expect(response.status).toBe(404);
    const malformed = await fetch(`${local.gateway.url}/v1/chains/1337/transactions/0xnope/propose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(malformed.status).toBe(422);
  });

  it('reports errors through the client in the specification format', async () => {
    const error = await client
      .proposeTransaction({ chainId: '1337', safeAddress: team, body: body(tx, outsider.address, null) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe('422: Unauthorized address');
  });
});
