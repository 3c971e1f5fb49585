import { describe, expect, it } from 'vitest';
import type { Balance } from '@countersign/gateway-api';
import { heldTokenUnit } from './sendTokens';

const DUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const SPAM = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ODD = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const NATIVE = '0x0000000000000000000000000000000000000000';

const item = (type: Balance['tokenInfo']['type'], address: string, symbol: string, decimals: number | null) =>
  ({
    tokenInfo: { type, address, decimals, symbol, name: `${symbol} token`, logoUri: null },
    balance: '1',
    fiatBalance: '0',
    fiatConversion: '0',
    fiatBalance24hChange: null,
  }) satisfies Balance;

const view = {
  visible: [
    item('NATIVE_TOKEN', NATIVE, 'ETH', 18),
    item('ERC20', DUSD, 'DUSD', 6),
    item('ERC20', ODD, 'ODD', null),
  ],
  hidden: [item('ERC20', SPAM, 'Claim at evil.example', 18)],
  total: '0',
  hiddenTotal: '0',
  unpriced: 0,
  notRead: 0,
};

describe('heldTokenUnit', () => {
  it('gives a listed ERC-20’s unit, by its address in any letter case, hidden or not', () => {
    expect(heldTokenUnit(view, DUSD.toLowerCase() as `0x${string}`)).toEqual({ symbol: 'DUSD', decimals: 6 });
    expect(heldTokenUnit(view, SPAM)).toEqual({ symbol: 'Claim at evil.example', decimals: 18 });
  });

  it('gives none without decimals, nor for other addresses, the native coin’s among them', () => {
    expect(heldTokenUnit(view, ODD)).toBeUndefined();
    expect(heldTokenUnit(view, NATIVE)).toBeUndefined();
    expect(heldTokenUnit(view, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined();
    expect(heldTokenUnit(undefined, DUSD)).toBeUndefined();
  });
});
