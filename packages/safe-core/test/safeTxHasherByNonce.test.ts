import { describe, expect, it } from 'vitest';
import { buildSafeTx, hashSafeTx, safeTxHasherByNonce } from '../src';

describe('safeTxHasherByNonce', () => {
  it('gives the safeTxHash of hashSafeTx at every nonce, for any fields', () => {
    const safe = '0x41675C099F32341bf84BFc5382aF534df5C7461a';
    const fields = {
      to: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
      value: 12345n,
      data: '0xa9059cbb0000' as const,
      operation: 1 as const,
      safeTxGas: 7n,
      baseGas: 8n,
      gasPrice: 9n,
      gasToken: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
      refundReceiver: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
    } as const;
    for (const chainId of [1, 1337, 11155111]) {
      const hashAt = safeTxHasherByNonce({ chainId, safe, tx: fields });
      for (const nonce of [0n, 1n, 41n, 2n ** 64n]) {
        expect(hashAt(nonce)).toBe(hashSafeTx({ chainId, safe, tx: buildSafeTx({ ...fields, nonce }) }));
      }
    }
  });
});
