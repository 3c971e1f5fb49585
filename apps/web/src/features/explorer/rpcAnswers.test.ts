import { describe, expect, it } from 'vitest';
import type { Hash } from 'viem';
import { InvalidRpcAnswerError, toAddressState, toTransactionFacts } from './rpcAnswers';

const hash = `0x${'ab'.repeat(32)}` as Hash;
const from = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const to = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const transaction = { hash, from: from.toLowerCase(), to: to.toLowerCase(), value: 5n, blockNumber: 7n };
const receipt = {
  transactionHash: hash,
  status: 'success',
  blockNumber: 7n,
  gasUsed: 21_000n,
  effectiveGasPrice: 1_000_000_000n,
  contractAddress: null,
  logs: [{}, {}],
};

describe('toAddressState', () => {
  it('keeps balance and nonce and reads the code', () => {
    expect(toAddressState({ balance: 10n, nonce: 3, code: '0x6080' })).toEqual({
      balance: 10n,
      nonce: 3,
      code: { kind: 'contract', sizeBytes: 2 },
    });
    expect(toAddressState({ balance: 0n, nonce: 0, code: undefined }).code).toEqual({ kind: 'account' });
  });

  it.each([
    [{ balance: -1n, nonce: 0, code: '0x' }, 'balance'],
    [{ balance: '10', nonce: 0, code: '0x' }, 'balance'],
    [{ balance: 1n, nonce: 1.5, code: '0x' }, 'nonce'],
    [{ balance: 1n, nonce: 0, code: '0x123' }, 'code: not hex bytes'],
    [{ balance: 1n, nonce: 0, code: '<script>' }, 'code: not hex bytes'],
  ])('refuses %o', (answers, problem) => {
    expect(() => toAddressState(answers)).toThrow(InvalidRpcAnswerError);
    expect(() => toAddressState(answers)).toThrow(problem);
  });
});

describe('toTransactionFacts', () => {
  it('combines a mined transaction and its receipt, with checksummed addresses', () => {
    expect(toTransactionFacts(hash, transaction, receipt)).toEqual({
      hash,
      from,
      to,
      value: 5n,
      blockNumber: 7n,
      createdContract: null,
      outcome: { status: 'success', gasUsed: 21_000n, effectiveGasPrice: 1_000_000_000n, logCount: 2 },
    });
  });

  it('reports a reverted transaction', () => {
    expect(toTransactionFacts(hash, transaction, { ...receipt, status: 'reverted' }).outcome.status).toBe(
      'reverted',
    );
  });

  it('is pending without a receipt', () => {
    const pending = toTransactionFacts(hash, { ...transaction, blockNumber: null }, null);
    expect(pending.outcome).toEqual({ status: 'pending' });
    expect(pending.blockNumber).toBeNull();
  });

  it('names the contract a successful creation made, and none for a reverted one', () => {
    const creation = { ...transaction, to: null };
    const created = { ...receipt, contractAddress: to.toLowerCase() };
    expect(toTransactionFacts(hash, creation, created).createdContract).toBe(to);
    expect(toTransactionFacts(hash, creation, { ...created, status: 'reverted' }).createdContract).toBeNull();
    expect(() => toTransactionFacts(hash, creation, receipt)).toThrow('no contract address');
  });

  it('accepts the hash asked for in any letter case', () => {
    const upper = hash.toUpperCase().replace('0X', '0x') as Hash;
    expect(toTransactionFacts(upper, transaction, receipt).hash).toBe(hash);
  });

  it('refuses an answer about another transaction', () => {
    const other = `0x${'cd'.repeat(32)}`;
    expect(() => toTransactionFacts(hash, { ...transaction, hash: other }, receipt)).toThrow(
      `answered with transaction ${other}`,
    );
    expect(() => toTransactionFacts(hash, transaction, { ...receipt, transactionHash: other })).toThrow(
      `answered with the receipt of ${other}`,
    );
  });

  it.each([
    [{ ...transaction, from: 'javascript:alert(1)' }, null, 'transaction (from: not an address)'],
    [{ ...transaction, to: '0x12' }, null, 'to: not an address'],
    [{ ...transaction, value: -1n }, null, 'value'],
    [transaction, { ...receipt, status: 'maybe' }, 'transaction receipt (status'],
    [transaction, { ...receipt, logs: 'none' }, 'logs'],
    [transaction, { ...receipt, gasUsed: undefined }, 'gasUsed'],
  ])('refuses a malformed answer: %o %o', (tx, rc, problem) => {
    expect(() => toTransactionFacts(hash, tx, rc)).toThrow(InvalidRpcAnswerError);
    expect(() => toTransactionFacts(hash, tx, rc)).toThrow(problem);
  });
});
