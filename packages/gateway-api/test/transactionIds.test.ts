import { describe, expect, it } from 'vitest';
import {
  creationTxId,
  moduleTxId,
  multisigTxId,
  parseTransactionId,
  safeOfTransactionId,
  safeTxHashOfId,
  transferTxId,
} from '../src';

const safe = '0xE690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const hash = `0x${'ab'.repeat(32)}`;

describe('transaction ids', () => {
  it('reads back every kind it writes', () => {
    expect(parseTransactionId(multisigTxId(safe, hash))).toEqual({
      kind: 'multisig',
      safe,
      safeTxHash: hash,
    });
    expect(parseTransactionId(moduleTxId(safe, '0x12-3'))).toEqual({ kind: 'module', safe, ref: '0x12-3' });
    expect(parseTransactionId(transferTxId(safe, '0x45-6'))).toEqual({
      kind: 'transfer',
      safe,
      ref: '0x45-6',
    });
    expect(parseTransactionId(creationTxId(safe))).toEqual({ kind: 'creation', safe });
    expect(multisigTxId(safe, hash)).toBe(`multisig_${safe}_${hash}`);
  });

  it('takes a bare safeTxHash as a multisig transaction of no named Safe', () => {
    expect(parseTransactionId(hash)).toEqual({ kind: 'multisig', safe: undefined, safeTxHash: hash });
    expect(safeTxHashOfId(hash)).toBe(hash);
    expect(safeOfTransactionId(hash)).toBeUndefined();
  });

  it.each([
    '',
    'multisig',
    `multisig_${safe}`,
    `multisig_${safe}_0x1234`,
    `multisig_0x1234_${hash}`,
    `module_${safe}`,
    `module_${safe}_`,
    `transfer_not-an-address_1`,
    `creation_0x1234`,
    `other_${safe}_${hash}`,
    hash.slice(0, -1),
  ])('refuses %j', (id) => {
    expect(parseTransactionId(id)).toBeUndefined();
  });

  it('finds the safeTxHash of a multisig id only', () => {
    expect(safeTxHashOfId(multisigTxId(safe, hash))).toBe(hash);
    expect(safeTxHashOfId(moduleTxId(safe, hash))).toBeUndefined();
    expect(safeTxHashOfId(creationTxId(safe))).toBeUndefined();
  });

  it('finds the Safe an id names, even of a kind it does not know', () => {
    expect(safeOfTransactionId(transferTxId(safe, '1'))).toBe(safe);
    expect(safeOfTransactionId(`future_${safe}_1`)).toBe(safe);
    expect(safeOfTransactionId('future_0x12_1')).toBeUndefined();
  });
});
