import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import type { Balance, Collectible } from '@countersign/gateway-api';
import type { StateChangesOutcome } from '@countersign/safe-core';
import {
  collectionsOfStateChanges,
  fiatValueOf,
  gatewayCollectionNames,
  pricesOfBalances,
  tokensOfStateChanges,
} from './stateChangeTokens';

const safe = getAddress('0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE');
const spender = getAddress('0x000000000000000000000000000000000000cafe');
const token = getAddress('0x0000000000000000000000000000000000000020');
const nft = getAddress('0x0000000000000000000000000000000000000721');
const items = getAddress('0x0000000000000000000000000000000000001155');
const cards = getAddress('0x00000000000000000000000000000000000c4a2d');

const outcome: StateChangesOutcome = {
  status: 'done',
  changes: {
    engine: 'eth_simulateV1',
    balanceChanges: [
      { account: safe, asset: { kind: 'erc20', address: token }, delta: -1n },
      { account: safe, asset: { kind: 'erc721', address: nft, tokenId: 1n }, delta: -1n },
      { account: safe, asset: { kind: 'erc1155', address: items, tokenId: 2n }, delta: -3n },
    ],
    approvals: [
      { kind: 'approvalForAll', token: cards, owner: safe, spender, approved: true, unlimited: true },
      { kind: 'erc721', token: nft, owner: safe, spender, tokenId: 4n, unlimited: false },
    ],
    safeChanges: [],
    unchecked: [],
  },
};

const collectible = (address: string, tokenName: string, tokenSymbol: string): Collectible => ({
  address,
  tokenName,
  tokenSymbol,
  logoUri: '',
  id: '1',
  uri: null,
  name: null,
  description: null,
  imageUri: null,
  metadata: null,
});

describe('the tokens of state changes', () => {
  it('tells ERC-20 tokens from NFT collections, each once', () => {
    expect(tokensOfStateChanges(outcome)).toEqual([token]);
    expect(collectionsOfStateChanges(outcome)).toEqual([nft, items, cards].sort());
    expect(collectionsOfStateChanges(undefined)).toEqual([]);
  });

  it('takes the gateway’s name only for collections left unnamed, marked as the gateway’s', () => {
    const names = gatewayCollectionNames(
      [collectible(items.toLowerCase(), 'Game\u202e Items', 'ITEM'), collectible(nft, 'Other', 'OTH')],
      [items, cards],
    );
    expect([...names]).toEqual([
      [items.toLowerCase(), { name: 'Game Items', symbol: 'ITEM', source: 'gateway' }],
    ]);
  });
});

describe('fiat values of state changes', () => {
  const balance = (
    type: 'NATIVE_TOKEN' | 'ERC20' | 'ERC721',
    address: string,
    fiatConversion: string,
  ): Balance => ({
    tokenInfo: { type, address, decimals: 18, symbol: 'X', name: 'X', logoUri: null },
    balance: '1',
    fiatBalance: '0',
    fiatConversion,
    fiatBalance24hChange: null,
  });
  const prices = pricesOfBalances(
    {
      fiatTotal: '0',
      items: [
        balance('NATIVE_TOKEN', '0x0000000000000000000000000000000000000000', '2000'),
        balance('ERC20', token, '0.5'),
        balance('ERC20', items, '0'),
        balance('ERC721', nft, '10'),
      ],
    },
    'eur',
  );

  it('keeps the gateway’s price per coin and ERC-20 token', () => {
    expect(prices.currency).toBe('eur');
    expect([...prices.perToken]).toEqual([
      ['native', '2000'],
      [token.toLowerCase(), '0.5'],
      [items.toLowerCase(), '0'],
    ]);
  });

  it('values an amount in the decimals the chain gave, and nothing without a price or decimals', () => {
    expect(fiatValueOf({ kind: 'native' }, 5n * 10n ** 17n, 18, prices)).toBe(1000);
    expect(fiatValueOf({ kind: 'erc20', address: token }, 12_000_000n, 6, prices)).toBe(6);
    expect(fiatValueOf({ kind: 'erc20', address: token }, 12n, undefined, prices)).toBeUndefined();
    expect(fiatValueOf({ kind: 'erc20', address: items }, 12n, 0, prices)).toBeUndefined();
    expect(fiatValueOf({ kind: 'erc721', address: nft, tokenId: 1n }, 1n, 0, prices)).toBeUndefined();
    expect(fiatValueOf({ kind: 'native' }, 1n, 18, undefined)).toBeUndefined();
  });
});
