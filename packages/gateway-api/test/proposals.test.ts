import { describe, expect, it } from 'vitest';
import { proposeTransactionBodySchema, uint256StringSchema } from '../src';

const body = {
  to: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  value: '0',
  data: null,
  nonce: '0',
  operation: 0,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: '0x0000000000000000000000000000000000000000',
  refundReceiver: null,
  safeTxHash: `0x${'ab'.repeat(32)}`,
  sender: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  signature: null,
};

describe('the propose body', () => {
  it('refuses every number that is not a uint256 in base 10, without throwing', () => {
    for (const value of [
      '0x',
      '0x10',
      '\u202e',
      '',
      ' 1',
      '1e3',
      '-1',
      '1.5',
      '٣',
      (2n ** 256n).toString(),
      '9'.repeat(79),
    ]) {
      expect(() => uint256StringSchema.safeParse(value), JSON.stringify(value)).not.toThrow();
      expect(uint256StringSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(proposeTransactionBodySchema.safeParse({ ...body, nonce: value }).success).toBe(false);
    }
    expect(uint256StringSchema.safeParse((2n ** 256n - 1n).toString()).success).toBe(true);
    expect(proposeTransactionBodySchema.safeParse(body).success).toBe(true);
  });
});
