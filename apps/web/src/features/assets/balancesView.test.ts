import { describe, expect, it } from 'vitest';
import type { Balance, Balances } from '@countersign/gateway-api';
import { assetsPreview } from './assetsPreview';
import { balancesView, holdsNothing, sortByFiatValue, tokenId, topAssets } from './balancesView';

const token = (
  symbol: string,
  address: string,
  fiatBalance: string | null,
  type: 'NATIVE_TOKEN' | 'ERC20' = 'ERC20',
): Balance => ({
  tokenInfo: { type, address, decimals: 18, symbol, name: symbol, logoUri: null },
  balance: '1000000000000000000',
  fiatBalance,
  fiatConversion: fiatBalance,
  fiatBalance24hChange: null,
});

const eth = token('ETH', '0x0000000000000000000000000000000000000000', '31800', 'NATIVE_TOKEN');
const dev = token('DEV', '0xAbC0000000000000000000000000000000000001', '5937.5');
const dusd = token('DUSD', '0xABC0000000000000000000000000000000000002', '2558');
const zeroA = token('ZA', '0x00000000000000000000000000000000000000a1', '0');
const zeroB = token('ZB', '0x00000000000000000000000000000000000000b2', '0.00');
const balances: Balances = { fiatTotal: '40295.5', items: [dusd, zeroA, eth, zeroB, dev] };

describe('sortByFiatValue', () => {
  it('puts the highest value first, comparing the decimal strings exactly', () => {
    expect(sortByFiatValue(balances.items).map((item) => item.tokenInfo.symbol)).toEqual([
      'ETH',
      'DEV',
      'DUSD',
      'ZA',
      'ZB',
    ]);
    const close = [token('A', '0x01', '0.30000000000000000001'), token('B', '0x02', '0.3')];
    expect(sortByFiatValue([...close].reverse()).map((item) => item.tokenInfo.symbol)).toEqual(['A', 'B']);
  });

  it('keeps the gateway’s order between tokens of equal value (stable)', () => {
    const ties = ['Q', 'W', 'E', 'R', 'T', 'Y'].map((symbol, index) => token(symbol, `0x0${index}`, '0'));
    expect(sortByFiatValue(ties).map((item) => item.tokenInfo.symbol)).toEqual([
      'Q',
      'W',
      'E',
      'R',
      'T',
      'Y',
    ]);
    expect(sortByFiatValue([zeroB, zeroA]).map((item) => item.tokenInfo.symbol)).toEqual(['ZB', 'ZA']);
  });

  it('does not change the list it was given', () => {
    const items = [dusd, eth];
    sortByFiatValue(items);
    expect(items).toEqual([dusd, eth]);
  });
});

describe('balancesView', () => {
  it('with nothing hidden, shows every token and the gateway’s own total', () => {
    const view = balancesView({ ...balances, fiatTotal: '40295.50' }, new Set());
    expect(view.visible.map((item) => item.tokenInfo.symbol)).toEqual(['ETH', 'DEV', 'DUSD', 'ZA', 'ZB']);
    expect(view.hidden).toEqual([]);
    expect(view.total).toBe('40295.50');
    expect(view.hiddenTotal).toBe('0');
  });

  it('sets hidden tokens apart (by address, any case) and leaves them out of the total', () => {
    const view = balancesView(balances, new Set([tokenId(dusd)]));
    expect(tokenId(dusd)).toBe('0xabc0000000000000000000000000000000000002');
    expect(view.visible.map((item) => item.tokenInfo.symbol)).toEqual(['ETH', 'DEV', 'ZA', 'ZB']);
    expect(view.hidden.map((item) => item.tokenInfo.symbol)).toEqual(['DUSD']);
    expect(view.total).toBe('37737.5');
    expect(view.hiddenTotal).toBe('2558');
  });

  it('can hide the native token too; everything hidden totals zero', () => {
    const all = new Set(balances.items.map(tokenId));
    const view = balancesView(balances, all);
    expect(view.visible).toEqual([]);
    expect(view.total).toBe('0');
    expect(view.hiddenTotal).toBe('40295.5');
  });

  it('sums the items when the gateway’s total is unreadable, and never shows a negative total', () => {
    expect(balancesView({ ...balances, fiatTotal: 'n/a' }, new Set()).total).toBe('40295.5');
    expect(balancesView({ ...balances, fiatTotal: '100' }, new Set([tokenId(eth)])).total).toBe('0');
  });

  it('puts tokens of unknown price after every priced one, leaves them out of the total and counts them', () => {
    const unknown = token('UNK', '0x00000000000000000000000000000000000000c3', null);
    const view = balancesView({ fiatTotal: '40295.5', items: [unknown, dusd, eth, dev] }, new Set());
    expect(view.visible.map((item) => item.tokenInfo.symbol)).toEqual(['ETH', 'DEV', 'DUSD', 'UNK']);
    expect(view.total).toBe('40295.5');
    expect(view.unpriced).toBe(1);
    // Hidden, it is neither counted nor summed.
    const hidden = balancesView({ fiatTotal: '40295.5', items: [unknown, eth] }, new Set([tokenId(unknown)]));
    expect(hidden).toMatchObject({ unpriced: 0, hiddenTotal: '0' });
  });

  it('counts the tokens the gateway did not read, none when it does not say', () => {
    expect(balancesView(balances, new Set()).notRead).toBe(0);
    expect(balancesView({ ...balances, tokensNotRead: 12 }, new Set()).notRead).toBe(12);
  });

  it('topAssets: the most valuable visible tokens', () => {
    const view = balancesView(balances, new Set([tokenId(eth)]));
    expect(topAssets(view, 2).map((item) => item.tokenInfo.symbol)).toEqual(['DEV', 'DUSD']);
    expect(topAssets(view, 0)).toEqual([]);
    expect(topAssets(view, 99)).toHaveLength(4);
  });
});

describe('assetsPreview', () => {
  it('gives the top tokens, the total without hidden ones, and how many more there are', () => {
    expect(assetsPreview(balances, new Set([tokenId(dev)]), 2)).toEqual({
      top: [eth, dusd],
      total: '34358',
      more: 2,
      hiddenCount: 1,
    });
    expect(assetsPreview({ fiatTotal: '0', items: [] }, new Set(), 3)).toEqual({
      top: [],
      total: '0',
      more: 0,
      hiddenCount: 0,
    });
  });
});

describe('holdsNothing', () => {
  const zero = (item: Balance): Balance => ({ ...item, balance: '0', fiatBalance: '0' });

  it('is true for no tokens, or only zero balances (the gateway lists the native coin at 0)', () => {
    expect(holdsNothing({ fiatTotal: '0', items: [] })).toBe(true);
    expect(holdsNothing({ fiatTotal: '0', items: [zero(eth), zero(dev)] })).toBe(true);
  });

  it('is false as soon as one token has a balance, even one without a price', () => {
    expect(holdsNothing({ fiatTotal: '0', items: [zero(eth), { ...dev, fiatBalance: '0' }] })).toBe(false);
  });
});
