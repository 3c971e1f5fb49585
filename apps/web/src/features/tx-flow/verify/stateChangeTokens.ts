import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatUnits, getAddress, type Address } from 'viem';
import type { Balances, ChainInfo, Collectible } from '@countersign/gateway-api';
import type { AssetRef, StateChangesOutcome } from '@countersign/safe-core';
import { useGateway } from '../../../lib/ServicesProvider';
import { balancesQueryOptions, collectiblesQueryOptions, useFiatCurrency } from '../../assets';
import {
  cleanTokenText,
  collectionFactsQueryOptions,
  tokenFactsQueryOptions,
  type CollectionFacts,
} from './tokenFacts';

/** The ERC-20 tokens whose amounts the changes show: moved, or approved (directly or through Permit2). */
export function tokensOfStateChanges(outcome: StateChangesOutcome | undefined): Address[] {
  if (outcome?.status !== 'done') return [];
  const found = new Set<Address>();
  for (const change of outcome.changes.balanceChanges) {
    if (change.asset.kind === 'erc20') found.add(getAddress(change.asset.address));
  }
  for (const approval of outcome.changes.approvals) {
    if (approval.kind === 'erc20' || approval.kind === 'permit2') found.add(getAddress(approval.token));
  }
  return [...found].sort();
}

/** The NFT collections (ERC-721, ERC-1155) the changes move tokens of, approve one of, or grant an operator for. */
export function collectionsOfStateChanges(outcome: StateChangesOutcome | undefined): Address[] {
  if (outcome?.status !== 'done') return [];
  const found = new Set<Address>();
  for (const { asset } of outcome.changes.balanceChanges) {
    if (asset.kind === 'erc721' || asset.kind === 'erc1155') found.add(getAddress(asset.address));
  }
  for (const approval of outcome.changes.approvals) {
    if (approval.kind === 'erc721' || approval.kind === 'approvalForAll')
      found.add(getAddress(approval.token));
  }
  return [...found].sort();
}

/**
 * The names of collections their contracts did not give, as the gateway's collectibles of this Safe
 * name them (the Safe's own collectibles only: a collection it does not hold stays unnamed).
 */
export function gatewayCollectionNames(
  collectibles: readonly Collectible[],
  unnamed: readonly Address[],
): Map<string, CollectionFacts> {
  const names = new Map<string, CollectionFacts>();
  for (const collection of unnamed) {
    const item = collectibles.find(
      (collectible) => collectible.address.toLowerCase() === collection.toLowerCase(),
    );
    if (!item) continue;
    const symbol = cleanTokenText(item.tokenSymbol, 'symbol') || null;
    const name = cleanTokenText(item.tokenName, 'name') || symbol;
    if (name) names.set(collection.toLowerCase(), { name, symbol, source: 'gateway' });
  }
  return names;
}

/** The gateway's price of one whole coin or token, by `native` or lower-case token address: a claim. */
export type Prices = { currency: string; perToken: ReadonlyMap<string, string> };

/** The prices the gateway gives with the Safe's balances (the native coin, ERC-20 tokens). */
export function pricesOfBalances(balances: Balances, currency: string): Prices {
  const perToken = new Map<string, string>();
  for (const { tokenInfo, fiatConversion } of balances.items) {
    if (fiatConversion === null) continue;
    if (tokenInfo.type === 'NATIVE_TOKEN') perToken.set('native', fiatConversion);
    else if (tokenInfo.type === 'ERC20') perToken.set(tokenInfo.address.toLowerCase(), fiatConversion);
  }
  return { currency, perToken };
}

/**
 * What `amount` of a coin or token is worth at the gateway's price, in decimals the chain gave
 * (the token contract's own); undefined without both, for NFTs, and for a price of 0 (unknown).
 */
export function fiatValueOf(
  asset: AssetRef,
  amount: bigint,
  decimals: number | undefined,
  prices: Prices | undefined,
): number | undefined {
  if (decimals === undefined || prices === undefined) return undefined;
  const key =
    asset.kind === 'native' ? 'native' : asset.kind === 'erc20' ? asset.address.toLowerCase() : null;
  const price = key === null ? undefined : Number(prices.perToken.get(key));
  if (price === undefined || !Number.isFinite(price) || price <= 0) return undefined;
  return Number(formatUnits(amount, decimals)) * price;
}

const movesCoins = (outcome: StateChangesOutcome | undefined) =>
  outcome?.status === 'done' &&
  outcome.changes.balanceChanges.some(({ asset }) => asset.kind === 'native' || asset.kind === 'erc20');

/**
 * What the changes' tokens are called: ERC-20 symbols and decimals, and collection names, each as
 * its contract answers (the review's own token reads); a collection whose contract gives no name
 * (ERC-1155 has none by standard) is named by the gateway's collectibles if they list it; and, for
 * coin and token moves, the gateway's prices in the user's currency (asked only when some move).
 */
export function useStateChangeTokens(
  chain: ChainInfo,
  address: Address,
  outcome: StateChangesOutcome | undefined,
) {
  const gateway = useGateway();
  const tokens = tokensOfStateChanges(outcome);
  const collections = collectionsOfStateChanges(outcome);
  const fungible = useQuery({
    ...tokenFactsQueryOptions(chain, address, tokens),
    enabled: tokens.length > 0,
  });
  const named = useQuery({
    ...collectionFactsQueryOptions(chain, address, collections),
    enabled: collections.length > 0,
  });
  const unnamed = named.isFetched
    ? collections.filter((collection) => !named.data?.has(collection.toLowerCase()))
    : [];
  const held = useInfiniteQuery({
    ...collectiblesQueryOptions(gateway, chain.chainId, address),
    enabled: unnamed.length > 0,
  });
  const fromGateway = gatewayCollectionNames(held.data?.pages.flatMap((page) => page.results) ?? [], unnamed);
  const [currency] = useFiatCurrency();
  const balances = useQuery({
    ...balancesQueryOptions(gateway, chain.chainId, address, currency),
    enabled: movesCoins(outcome),
  });
  return {
    tokens: fungible.data,
    collections:
      named.data || fromGateway.size > 0 ? new Map([...fromGateway, ...(named.data ?? [])]) : undefined,
    prices: balances.data ? pricesOfBalances(balances.data, currency) : undefined,
  };
}
