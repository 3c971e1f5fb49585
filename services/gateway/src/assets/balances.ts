import type { Balances, TokenInfo } from '@countersign/gateway-api';
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { ChainConfig } from '../chains/chainConfig';
import { logoUrls, nativeTokenAddress } from './icons';
import type { Queryable } from '../store';
import { heldErc20Addresses, loadTokens, type Token } from './store';
import { formatDecimal, fromUnits, multiply, parseDecimal } from './decimal';
import type { PriceSource } from './prices';

/**
 * The most ERC20 tokens one balances answer reads from the chain (a call each): anyone can send a
 * Safe tokens, so the list a Safe "received" has no end of its own. Trusted tokens come first.
 */
export const maxBalanceTokens = 300;

/**
 * The Safe's native and ERC20 balances, read from the chain for every token it ever received, with
 * fiat values from the price source (null where the price is unknown; the total counts the known ones).
 * Sorted by fiat value, highest first, unpriced tokens last.
 */
export async function readBalances(params: {
  db: Queryable;
  client: PublicClient;
  chain: ChainConfig;
  safe: Address;
  /** Units of the chosen currency per USD, as the caller checked it is offered. */
  fiatPerUsd: string;
  prices: PriceSource;
  trustedOnly: boolean;
  /** The gateway's public origin: tokens without a logo get its generated icon. */
  publicOrigin: string;
}): Promise<Balances> {
  const { db, client, chain, safe, prices } = params;
  const logos = logoUrls(params.publicOrigin, chain.chainId);
  const held = await heldErc20Addresses(db, chain.chainId, safe, {
    trustedOnly: params.trustedOnly,
    limit: maxBalanceTokens,
  });
  const tokens = await loadTokens(db, chain.chainId, held.addresses);
  const erc20 = held.addresses
    .map((address) => tokens.get(address))
    // heldErc20Addresses already kept only trusted tokens when asked to.
    .filter((token): token is Token => token !== undefined);
  const [native, ...amounts] = await Promise.all([
    client.getBalance({ address: safe }),
    ...erc20.map((token) =>
      client
        .readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [safe] })
        .catch(() => 0n),
    ),
  ]);
  const usd = await prices.usdPrices(chain.chainId, [null, ...erc20.map((token) => token.address)]);
  const fiatPerUsd = parseDecimal(params.fiatPerUsd);
  const entries: { tokenInfo: TokenInfo; amount: bigint; decimals: number; usd: string | null }[] = [
    {
      tokenInfo: {
        type: 'NATIVE_TOKEN',
        address: nativeTokenAddress,
        decimals: chain.nativeCurrency.decimals,
        symbol: chain.nativeCurrency.symbol,
        name: chain.nativeCurrency.name,
        logoUri: logos.of(nativeTokenAddress, chain.nativeCurrency.logoUri),
      },
      amount: native,
      decimals: chain.nativeCurrency.decimals,
      usd: usd[0] ?? null,
    },
    ...erc20.map((token, i) => ({
      tokenInfo: {
        type: 'ERC20' as const,
        address: token.address,
        decimals: token.decimals ?? 0,
        symbol: token.symbol ?? '',
        name: token.name ?? '',
        logoUri: logos.of(token.address, token.logoUri),
      },
      amount: amounts[i] ?? 0n,
      decimals: token.decimals ?? 0,
      usd: usd[i + 1] ?? null,
    })),
  ];
  const items = entries
    .filter((entry) => entry.amount > 0n || entry.tokenInfo.type === 'NATIVE_TOKEN')
    .map((entry) => {
      // An unknown price stays unknown (null), never a value of zero.
      const conversion = entry.usd === null ? null : multiply(parseDecimal(entry.usd), fiatPerUsd);
      const fiat = conversion === null ? null : multiply(fromUnits(entry.amount, entry.decimals), conversion);
      return { entry, conversion, fiat };
    })
    // Highest value first; tokens without a price after every priced one.
    .sort((a, b) =>
      a.fiat === b.fiat ? 0 : a.fiat === null ? 1 : b.fiat === null ? -1 : a.fiat > b.fiat ? -1 : 1,
    );
  const total = items.reduce((sum, item) => sum + (item.fiat ?? 0n), 0n);
  return {
    fiatTotal: formatDecimal(total),
    ...(held.total > held.addresses.length ? { tokensNotRead: held.total - held.addresses.length } : {}),
    items: items.map(({ entry, conversion, fiat }) => ({
      tokenInfo: entry.tokenInfo,
      balance: entry.amount.toString(),
      fiatBalance: fiat === null ? null : formatDecimal(fiat),
      fiatConversion: conversion === null ? null : formatDecimal(conversion),
      fiatBalance24hChange: null,
    })),
  };
}
