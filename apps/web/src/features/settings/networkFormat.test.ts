import { describe, expect, it } from 'vitest';
import { describeGasPrice, formatGwei, rpcAuthenticationTexts } from './networkFormat';

describe('gas prices', () => {
  it('reads wei in gwei, keeping the exact wei', () => {
    expect(formatGwei('2000000000')).toBe('2 gwei (2000000000 wei)');
    expect(formatGwei('1500000000')).toMatch(/^1[.,]5 gwei \(1500000000 wei\)$/);
    expect(formatGwei('abc')).toBe('abc wei');
  });

  it('describes each kind with its values', () => {
    expect(
      describeGasPrice({ type: 'fixed1559', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' }),
    ).toEqual({
      kind: 'Fixed (EIP-1559)',
      values: [
        { label: 'Max fee per gas', value: '2 gwei (2000000000 wei)' },
        { label: 'Max priority fee per gas', value: '1 gwei (1000000000 wei)' },
      ],
    });
    expect(describeGasPrice({ type: 'fixed', weiValue: '24000000000' })).toEqual({
      kind: 'Fixed',
      values: [{ label: 'Gas price', value: '24 gwei (24000000000 wei)' }],
    });
    expect(
      describeGasPrice({
        type: 'oracle',
        uri: 'https://gas.example/api',
        gasParameter: 'fast',
        gweiFactor: '1e9',
      }),
    ).toEqual({
      kind: 'Oracle',
      values: [
        { label: 'URL', value: 'https://gas.example/api' },
        { label: 'Parameter', value: 'fast' },
        { label: 'Gwei factor', value: '1e9' },
      ],
    });
    expect(describeGasPrice({ type: 'unknown' }).kind).toBe('Unknown');
  });
});

describe('RPC authentication', () => {
  it('says what each kind means', () => {
    expect(rpcAuthenticationTexts.API_KEY_PATH.meaning).toContain('public RPC');
    expect(rpcAuthenticationTexts.NO_AUTHENTICATION.meaning).toBe('Used as it is: no key is needed.');
    expect(rpcAuthenticationTexts.UNKNOWN.label).toBe('Unknown');
  });
});
