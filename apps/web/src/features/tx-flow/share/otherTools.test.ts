import { describe, expect, it } from 'vitest';
import { bytesToHex, concat, createClient, http, numberToHex, size, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildSafeTx, safeDomain, safeTxHashes, safeTxTypes, type SafeTx } from '@countersign/safe-core';
import type { ChainSafeState } from '../../safe';
import { checkSharedTx } from './checkSharedTx';
import { parseSharedInput, type Opened } from './sharedInput';
import type { SharedTx } from './sharedTx';

/**
 * Links of the other tools, built here from each tool's documented format (not by their code), read
 * and checked as any shared transaction: safe.wei's frozen binary `#tx=`, Eternal Safe's Smart Link
 * `?safe=&tx=`, localsafe's `#/safe/…?importTx=` and `importSig=`.
 */
const safe = '0x1111111111111111111111111111111111111111';
const ownerA = privateKeyToAccount(`0x${'a1'.repeat(32)}`);
const ownerB = privateKeyToAccount(`0x${'b2'.repeat(32)}`);
const tx = buildSafeTx({
  to: '0x2222222222222222222222222222222222222222',
  value: 10n ** 17n,
  data: '0xa9059cbb',
  nonce: 7n,
});
const state: ChainSafeState = {
  owners: [ownerA.address, ownerB.address],
  threshold: 2,
  nonce: 7,
  version: '1.4.1',
  modules: [],
  guard: null,
  moduleGuard: null,
  implementation: '0x3333333333333333333333333333333333333333',
  fallbackHandler: null,
};
const hash = safeTxHashes({ chainId: 1, safe, tx, version: '1.4.1' }).safeTxHash;
const sign = (account: typeof ownerA, fields: SafeTx = tx): Promise<Hex> =>
  account.signTypedData({
    domain: safeDomain({ chainId: 1, safe, version: '1.4.1' }),
    types: safeTxTypes,
    primaryType: 'SafeTx',
    message: fields,
  });
const client = createClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) });
// The Safe contract's own hash of the fields read (what getTransactionHash answers on chain).
const check = (shared: SharedTx) =>
  checkSharedTx({
    shared,
    chainId: '1',
    chainName: 'Ethereum',
    safe,
    state,
    contractHash: safeTxHashes({ chainId: 1, safe, tx: shared.tx, version: '1.4.1' }).safeTxHash,
    client,
  });
const chainIdOf = (shortName: string) => (shortName === 'eth' ? '1' : undefined);
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const base64 = (text: string) => btoa(text);
const transactionOf = (read: ReturnType<typeof parseSharedInput>): { tool: string; shared: SharedTx } => {
  if (!read.ok) throw new Error(read.error);
  if (read.value.kind !== 'transaction') throw new Error('not a transaction');
  return read.value;
};

/** safe.wei's payload: uint(chainId) ‖ safe ‖ 'SW' 0x01 flags to uint(nonce) uint(value) len3 data [sigs]. */
function safeWeiLink(fields: SafeTx, signatures: Hex[]): string {
  const uint = (value: bigint): Hex => {
    if (value === 0n) return '0x00';
    const digits = value.toString(16);
    const even: Hex = `0x${digits.length % 2 ? '0' : ''}${digits}`;
    return concat([numberToHex(size(even), { size: 1 }), even]);
  };
  const payload = concat([
    uint(1n),
    safe,
    '0x535701',
    numberToHex(fields.operation | (signatures.length > 0 ? 4 : 0), { size: 1 }),
    fields.to,
    uint(fields.nonce),
    uint(fields.value),
    numberToHex(size(fields.data), { size: 3 }),
    fields.data,
    ...(signatures.length > 0 ? [numberToHex(signatures.length, { size: 1 }), ...signatures] : []),
  ]);
  const bytes = Uint8Array.from(payload.slice(2).match(/../g) ?? [], (pair) => parseInt(pair, 16));
  return `https://safe.wei.limo/#tx=${base64url(bytes)}`;
}

/** The SDK's SafeTransaction data as JSON (what Eternal Safe and localsafe carry). */
const sdkData = (fields: SafeTx) => ({
  to: fields.to,
  value: fields.value.toString(),
  data: fields.data,
  operation: fields.operation,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: fields.gasToken,
  refundReceiver: fields.refundReceiver,
  nonce: Number(fields.nonce),
});

describe('links of other tools', () => {
  it('safe.wei: its binary #tx= with a signature whose signer is recovered', async () => {
    const opened = transactionOf(parseSharedInput(safeWeiLink(tx, [await sign(ownerA)])));
    expect(opened.tool).toBe('safe.wei');
    expect(opened.shared.tx).toEqual(tx);
    const result = await check(opened.shared);
    expect(result.refusal).toBeUndefined();
    expect(result.counted.map((s) => s.signer)).toEqual([ownerA.address]);
  });

  it('safe.wei: a payload cut short, or of another kind, is named', () => {
    const link = safeWeiLink(tx, []);
    const cut = parseSharedInput(link.slice(0, -6));
    expect(cut.ok ? '' : cut.error).toMatch(/^safe\.wei link: /);
    const bytes = Uint8Array.from([1, 1, ...new Array<number>(20).fill(0), 0x53, 0x57, 0x02]);
    const other = parseSharedInput(`https://safe.wei.limo/#tx=${base64url(bytes)}`);
    expect(other).toEqual({
      ok: false,
      error: 'safe.wei link: it is not a safe.wei transaction (version 1).',
    });
  });

  it('Eternal Safe: its Smart Link, signatures in the serialized Map', async () => {
    const signature = await sign(ownerB);
    const payload = {
      signatures: {
        dataType: 'Map',
        value: [[ownerB.address.toLowerCase(), { signer: ownerB.address, data: signature }]],
      },
      data: sdkData(tx),
    };
    const link = `https://eternalsafe.eth.limo/transactions/tx/?safe=eth:${safe}&tx=${base64(JSON.stringify(payload))}`;
    const opened = transactionOf(parseSharedInput(link, chainIdOf));
    expect(opened.tool).toBe('Eternal Safe');
    const result = await check(opened.shared);
    expect(result.counted).toEqual([{ signer: ownerB.address, signature }]);
    const unknownChain = parseSharedInput(link.replace('safe=eth:', 'safe=zzz:'), chainIdOf);
    expect(unknownChain).toEqual({
      ok: false,
      error: 'Eternal Safe link: the chain "zzz" is not one this app knows.',
    });
  });

  it('localsafe: importTx with its signatures, then importSig adds one', async () => {
    const a = { signer: ownerA.address, data: await sign(ownerA), isContractSignature: false };
    const importTx = encodeURIComponent(
      base64(JSON.stringify({ tx: { data: sdkData(tx), signatures: [a] } })),
    );
    const txLink = `https://localsafe.eth.limo/#/safe/${safe}?importTx=${importTx}&chainId=1`;
    const opened = transactionOf(parseSharedInput(txLink));
    expect(opened.tool).toBe('localsafe');
    expect((await check(opened.shared)).counted.map((s) => s.signer)).toEqual([ownerA.address]);

    const b = { signer: ownerB.address, data: await sign(ownerB), isContractSignature: false };
    const importSig = encodeURIComponent(base64(JSON.stringify({ signature: b, txHash: hash })));
    const sig = parseSharedInput(
      `https://localsafe.eth.limo/#/safe/${safe}?importSig=${importSig}&chainId=1`,
    );
    expect(sig.ok && sig.value).toEqual({
      kind: 'signature',
      tool: 'localsafe',
      safeTxHash: hash,
      signature: { signer: ownerB.address, signature: b.data },
      chainId: '1',
      safe,
    } satisfies Opened);
  });

  it('a field changed in a link that carries no hash leaves its signatures signing something else', async () => {
    const signature = await sign(ownerA);
    const tampered = safeWeiLink({ ...tx, value: 9n * 10n ** 17n }, [signature]);
    const opened = transactionOf(parseSharedInput(tampered));
    const result = await check(opened.shared);
    // safe.wei names no signer: the signature recovers to somebody who is no owner.
    expect(result.refusal).toBeUndefined();
    expect(result.counted).toEqual([]);
    expect(result.signatures[0]?.problem).toMatch(/^0x[0-9a-fA-F]{40} is not an owner of this Safe\.$/);
  });

  it('a contract signature of the SDK is written as the Safe reads it', async () => {
    const data = bytesToHex(new Uint8Array(97).fill(7));
    const importTx = base64(
      JSON.stringify({
        tx: { data: sdkData(tx), signatures: [{ signer: ownerB.address, data, isContractSignature: true }] },
      }),
    );
    const opened = transactionOf(parseSharedInput(`https://x/#/safe/${safe}?importTx=${importTx}&chainId=1`));
    const [signature] = opened.shared.signatures;
    expect(signature?.signature.slice(0, 2 + 65 * 2)).toBe(
      `0x${'0'.repeat(24)}${ownerB.address.slice(2).toLowerCase()}${'0'.repeat(62)}41${'00'}`,
    );
    expect(size(signature!.signature)).toBe(65 + 32 + 97);
  });
});
