import type { TypedData } from '@countersign/gateway-api';
import { describe, expect, it } from 'vitest';
import {
  BAYC,
  DAI,
  DRAINER,
  now,
  openSeaListing,
  permitBatch,
  UNIVERSAL_ROUTER,
  uniswapPermitSingle,
  uniswapXOrder,
  USDC,
  usdcPermit,
  daiPermit,
  WETH,
  zero,
  maxUint256,
} from './grantExamples';
import { grantRisks, tokenGrant } from './tokenGrants';

describe('tokenGrant', () => {
  it('reads a USDC permit: the router may spend 250 USDC for half an hour', () => {
    const grant = tokenGrant(usdcPermit)!;
    expect(grant).toEqual({
      kind: 'EIP-2612 permit',
      spender: UNIVERSAL_ROUTER,
      assets: [{ token: USDC, amount: 250_000_000n, standard: 'ERC20' }],
      until: now + 1800n,
    });
    expect(grantRisks(grant, now)).toEqual([]);
  });

  it('reads DAI’s permit as unlimited, and an expiry of 0 as never', () => {
    const grant = tokenGrant(daiPermit)!;
    expect(grant).toMatchObject({ kind: 'DAI permit', spender: DRAINER, until: null });
    expect(grant.assets).toEqual([{ token: DAI, amount: 'unlimited', standard: 'ERC20' }]);
    expect(grantRisks(grant, now)).toEqual(['unlimited', 'never-expires']);
    // allowed: false takes an allowance away: it grants nothing.
    expect(tokenGrant({ ...daiPermit, message: { ...daiPermit.message, allowed: false } })).toBeUndefined();
  });

  it('reads Uniswap’s Permit2 approval: unlimited USDC to the router for 30 days', () => {
    const grant = tokenGrant(uniswapPermitSingle)!;
    expect(grant).toEqual({
      kind: 'Permit2 allowance',
      spender: UNIVERSAL_ROUTER,
      assets: [{ token: USDC, amount: 'unlimited', standard: 'ERC20' }],
      until: now + 30n * 86_400n,
      contract: 'Permit2',
    });
    expect(grantRisks(grant, now)).toEqual(['unlimited']);
  });

  it('reads a Permit2 batch: the latest expiration counts, the largest uint48 is never', () => {
    const grant = tokenGrant(permitBatch)!;
    expect(grant.assets).toEqual([
      { token: USDC, amount: 1_000_000n, standard: 'ERC20' },
      { token: WETH, amount: 'unlimited', standard: 'ERC20' },
    ]);
    expect(grant.until).toBeNull();
    expect(grantRisks(grant, now)).toEqual(['unlimited', 'never-expires']);
  });

  it('reads a UniswapX order as a one-time Permit2 transfer with its witness', () => {
    const grant = tokenGrant(uniswapXOrder)!;
    expect(grant).toMatchObject({
      kind: 'Permit2 transfer with witness',
      spender: '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4',
      assets: [{ token: USDC, amount: 5_000_000_000n, standard: 'ERC20' }],
      until: now + 120n,
      contract: 'Permit2',
    });
    expect(grantRisks(grant, now)).toEqual([]);
  });

  it('reads an OpenSea listing: the ape to whoever fills it, 9.75 ETH back to the Safe, for 180 days', () => {
    const grant = tokenGrant(openSeaListing)!;
    expect(grant).toEqual({
      kind: 'Seaport order',
      spender: 'anyone',
      assets: [{ token: BAYC, amount: 1n, standard: 'ERC721', tokenId: 8817n }],
      inReturn: [{ token: zero, amount: 9_750_000_000_000_000_000n, standard: 'native' }],
      until: now + 180n * 86_400n,
      contract: 'Seaport 1.6',
    });
    expect(grantRisks(grant, now)).toEqual(['long-lived']);
  });

  it('flags a drainer’s Seaport order: a whole collection and WETH, nothing back to the Safe', () => {
    const drain: TypedData = {
      ...openSeaListing,
      message: {
        ...openSeaListing.message,
        offer: [
          { itemType: 4, token: BAYC, identifierOrCriteria: '0', startAmount: '1', endAmount: '1' },
          {
            itemType: 1,
            token: WETH,
            identifierOrCriteria: '0',
            startAmount: maxUint256,
            endAmount: maxUint256,
          },
        ],
        consideration: [
          {
            itemType: 0,
            token: zero,
            identifierOrCriteria: '0',
            startAmount: '1',
            endAmount: '1',
            recipient: DRAINER,
          },
        ],
        endTime: String(now + 3600n),
      },
    };
    const grant = tokenGrant(drain)!;
    expect(grant.assets).toEqual([
      { token: BAYC, amount: 1n, standard: 'ERC721', tokenId: 'any' },
      { token: WETH, amount: 'unlimited', standard: 'ERC20' },
    ]);
    expect(grantRisks(grant, now)).toEqual(['unlimited', 'nothing-in-return']);
  });

  it('finds nothing in typed data that grants no tokens, nor in a malformed permit', () => {
    const mail: TypedData = {
      domain: { name: 'Ether Mail', version: '1', chainId: 1 },
      primaryType: 'Mail',
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      message: { contents: 'Hello' },
    };
    expect(tokenGrant(mail)).toBeUndefined();
    expect(
      tokenGrant({ ...usdcPermit, message: { ...usdcPermit.message, spender: 'nobody' } }),
    ).toBeUndefined();
    expect(tokenGrant({ ...usdcPermit, domain: { name: 'USD Coin' } })).toBeUndefined();
  });
});
