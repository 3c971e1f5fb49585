import { describe, expect, it } from 'vitest';
import { createClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildSafeTx, safeDomain, safeTxHashes, safeTxTypes } from '@countersign/safe-core';
import type { ChainSafeState } from '../../safe';
import { mergeSignatures } from '../../safe';
import { checkSharedTx } from './checkSharedTx';
import { parseSharedInput } from './sharedInput';
import {
  parseSharedTxFragment,
  parseSharedTxJson,
  sharedTxFragment,
  sharedTxJson,
  type SharedTx,
} from './sharedTx';

const safe = '0x1111111111111111111111111111111111111111';
const ownerA = privateKeyToAccount(`0x${'a1'.repeat(32)}`);
const ownerB = privateKeyToAccount(`0x${'b2'.repeat(32)}`);
const stranger = privateKeyToAccount(`0x${'c3'.repeat(32)}`);
const tx = buildSafeTx({ to: '0x2222222222222222222222222222222222222222', value: 10n ** 17n, nonce: 4n });
const state: ChainSafeState = {
  owners: [ownerA.address, ownerB.address],
  threshold: 2,
  nonce: 4,
  version: '1.4.1',
  modules: [],
  guard: null,
  moduleGuard: null,
  implementation: '0x3333333333333333333333333333333333333333',
  fallbackHandler: null,
};
const hash = safeTxHashes({ chainId: 1337, safe, tx, version: '1.4.1' }).safeTxHash;
const sign = (account: typeof ownerA, fields = tx): Promise<Hex> =>
  account.signTypedData({
    domain: safeDomain({ chainId: 1337, safe, version: '1.4.1' }),
    types: safeTxTypes,
    primaryType: 'SafeTx',
    message: fields,
  });
// Only contract signatures and on-chain approvals ask the chain: these tests have none, and this
// client leads nowhere, so any call would fail the test.
const client = createClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) });
const check = (shared: SharedTx, nonce = 4, contractHash: Hex | 'unread' = hash) =>
  checkSharedTx({
    shared,
    chainId: '1337',
    chainName: 'Devnet',
    safe,
    state: { ...state, nonce },
    contractHash: contractHash === 'unread' ? undefined : contractHash,
    client,
  });

async function sharedBy(...signers: (typeof ownerA)[]): Promise<SharedTx> {
  return {
    chainId: '1337',
    safe,
    tx,
    safeTxHash: hash,
    signatures: await Promise.all(
      signers.map(async (s) => ({ signer: s.address, signature: await sign(s) })),
    ),
    title: 'Pay Dave',
  };
}

describe('shared transactions: the format', () => {
  it('a link and a file read back to the same transaction', async () => {
    const shared = await sharedBy(ownerA);
    const fromLink = parseSharedTxFragment(`#${sharedTxFragment(shared)}`);
    expect(fromLink).toEqual({ ok: true, value: shared });
    expect(parseSharedTxJson(sharedTxJson(shared))).toEqual({ ok: true, value: shared });
    expect(parseSharedInput(`https://example.org/eth:${safe}/shared#${sharedTxFragment(shared)}`)).toEqual({
      ok: true,
      value: { kind: 'transaction', tool: 'Countersign', shared },
    });
  });

  it('names what cannot be read', () => {
    expect(parseSharedTxJson('{"format":"other"}')).toEqual({
      ok: false,
      error: 'It is not a shared Safe transaction (format countersign/safe-transaction).',
    });
    expect(parseSharedTxJson('{"format":"countersign/safe-transaction","version":2}')).toEqual({
      ok: false,
      error: 'Its format version is 2; this page reads version 1.',
    });
    const broken = JSON.parse(
      sharedTxJson({ chainId: '1', safe, tx, safeTxHash: undefined, signatures: [], title: undefined }),
    ) as { transaction: { value: string } };
    broken.transaction.value = '-1';
    const parsed = parseSharedTxJson(JSON.stringify(broken));
    expect(parsed.ok ? '' : parsed.error).toMatch(/^Its field transaction\.value is invalid/);
    expect(parseSharedTxFragment('#tx=%%%')).toEqual({
      ok: false,
      error: 'The link was cut or changed: its transaction is not readable.',
    });
    expect(parseSharedInput('hello').ok).toBe(false);
  });
});

describe('shared transactions: the checks', () => {
  it('counts each owner who signed these fields', async () => {
    const result = await check(await sharedBy(ownerA, ownerB));
    expect(result.refusal).toBeUndefined();
    expect(result.safeTxHash).toBe(hash);
    expect(result.signatures.map((s) => [s.signer, s.type, s.problem])).toEqual([
      [ownerA.address, 'EOA', undefined],
      [ownerB.address, 'EOA', undefined],
    ]);
  });

  it('refuses a field changed after signing, naming both hashes', async () => {
    const shared = await sharedBy(ownerA);
    const result = await check({ ...shared, tx: { ...tx, value: 9n * 10n ** 17n } }, 4, 'unread');
    expect(result.refusal).toMatch(
      new RegExp(`^The safeTxHash it names \\(${hash}\\) is not the hash of its fields \\(0x[0-9a-f]{64}\\)`),
    );
  });

  it('with the hash left out, a changed field leaves signatures that sign something else', async () => {
    const shared = await sharedBy(ownerA);
    const changed = { ...shared, safeTxHash: undefined, tx: { ...tx, value: 1n } };
    const result = await check(changed, 4, 'unread');
    expect(result.refusal).toBeUndefined();
    expect(result.signatures[0]?.problem).toMatch(/^It does not sign this transaction: it recovers to 0x/);
  });

  it('refuses another chain, another Safe, a used nonce, and a contract that hashes otherwise', async () => {
    const shared = await sharedBy(ownerA);
    expect((await check({ ...shared, chainId: '1' })).refusal).toBe(
      'It is a transaction on chain 1, not on Devnet (1337).',
    );
    expect((await check(shared, 5)).refusal).toBe(
      'Its nonce 4 is used already: the Safe is at nonce 5, so it can never execute.',
    );
    expect((await check(shared, 4, `0x${'00'.repeat(32)}`)).refusal).toMatch(/^The Safe contract hashes/);
    expect((await check(shared, 2)).refusal).toBeUndefined();
  });

  it('a stranger, a copy and a signature of other fields do not count', async () => {
    const shared = await sharedBy(ownerA);
    const strangers = { signer: stranger.address, signature: await sign(stranger) };
    const other = { signer: ownerB.address, signature: await sign(ownerB, { ...tx, nonce: 5n }) };
    const copy = { signer: ownerA.address, signature: shared.signatures[0]!.signature };
    const all = mergeSignatures(shared.signatures, [strangers, other, copy]);
    expect(all).toHaveLength(3);
    const result = await check({ ...shared, signatures: all });
    expect(result.signatures.map((s) => s.problem)).toEqual([
      undefined,
      `${stranger.address} is not an owner of this Safe.`,
      expect.stringMatching(/^It does not sign this transaction/),
    ]);
  });
});
