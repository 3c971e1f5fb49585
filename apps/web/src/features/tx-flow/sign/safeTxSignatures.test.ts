import { describe, expect, it } from 'vitest';
import { concat, numberToHex, pad, type Address, type Hex } from 'viem';
import { approvedHashSignature, encodeSignatures } from '@countersign/safe-core';
import { executionSignatures, normalizeSignature, ownerSignatureOf } from './safeTxSignatures';

const a: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const b: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const c: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const ecdsa = (byte: string): Hex => `0x${byte.repeat(64)}1b`;
const owners = [a, b, c];

describe('executionSignatures', () => {
  it('sorts the confirmations by owner and gives exactly the threshold', () => {
    const result = executionSignatures({
      confirmations: [
        { signer: c, signature: ecdsa('33') },
        { signer: a, signature: ecdsa('11') },
        { signer: b, signature: ecdsa('22') },
      ],
      owners,
      threshold: 2,
      executor: undefined,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        usesExecutorApproval: false,
        signatures: encodeSignatures([
          { signer: b, data: ecdsa('22') },
          { signer: a, data: ecdsa('11') },
        ]),
      },
    });
  });

  it('lets the last owner execute with a pre-validated approval instead of a signature', () => {
    const result = executionSignatures({
      confirmations: [{ signer: a, signature: ecdsa('11') }],
      owners,
      threshold: 2,
      executor: b,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        usesExecutorApproval: true,
        signatures: encodeSignatures([
          { signer: a, data: ecdsa('11') },
          { signer: b, data: approvedHashSignature(b) },
        ]),
      },
    });
  });

  it('counts how many are missing, ignoring signatures of former owners and a non-owner executor', () => {
    expect(
      executionSignatures({
        confirmations: [{ signer: '0x0000000000000000000000000000000000000009', signature: ecdsa('99') }],
        owners,
        threshold: 2,
        executor: '0x0000000000000000000000000000000000000008',
      }),
    ).toEqual({ ok: false, error: { missing: 2 } });
    expect(executionSignatures({ confirmations: [], owners, threshold: 2, executor: a })).toEqual({
      ok: false,
      error: { missing: 1 },
    });
  });
});

describe('ownerSignatureOf', () => {
  it('reads 65-byte signatures and the transaction service’s contract signatures', () => {
    expect(ownerSignatureOf({ signer: a, signature: ecdsa('11') })).toEqual({
      signer: a,
      data: ecdsa('11'),
    });
    const inner: Hex = `0x${'ab'.repeat(70)}`;
    const stored = concat([
      pad(b, { size: 32 }),
      numberToHex(65, { size: 32 }),
      '0x00',
      numberToHex(70, { size: 32 }),
      inner,
    ]);
    expect(ownerSignatureOf({ signer: b, signature: stored })).toEqual({
      signer: b,
      data: inner,
      contract: true,
    });
    expect(ownerSignatureOf({ signer: b, signature: null })).toBeUndefined();
    expect(ownerSignatureOf({ signer: b, signature: `0x${'00'.repeat(65)}` })).toBeUndefined();
  });

  it('normalizes v 0/1 to 27/28', () => {
    expect(normalizeSignature(`0x${'11'.repeat(64)}00`)).toBe(`0x${'11'.repeat(64)}1b`);
    expect(normalizeSignature(`0x${'11'.repeat(64)}1c`)).toBe(`0x${'11'.repeat(64)}1c`);
  });
});
