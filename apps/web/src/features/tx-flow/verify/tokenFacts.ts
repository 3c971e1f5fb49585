import { queryOptions, useQuery } from '@tanstack/react-query';
import { erc20Abi, erc721Abi, getAddress, size, type Address, type Client } from 'viem';
import { readContract } from 'viem/actions';
import type { ChainInfo } from '@countersign/gateway-api';
import { decodeCall, type SafeTx } from '@countersign/safe-core';
import { safeKey } from '../../safe';
import { chainClient } from '../../../lib/chainReader';

export type TokenFacts = { symbol: string; decimals: number };

/**
 * What an NFT collection (ERC-721 or ERC-1155) is called: its contract's `name()` and `symbol()`
 * (`source: 'contract'`), else the name the gateway's collectibles give it (`'gateway'`, a claim).
 */
export type CollectionFacts = { name: string; symbol: string | null; source: 'contract' | 'gateway' };

/** Symbols and names longer than this are cut: a token names itself, and a long name is a way to mislead. */
const MAX_SYMBOL = 12;
const MAX_NAME = 40;

/**
 * A token's own words about itself, kept to letters, digits and a few marks (no control, bidi or
 * zero-width characters) and cut short; empty when nothing is left.
 */
export function cleanTokenText(text: string, kind: 'symbol' | 'name'): string {
  if (kind === 'symbol') return text.replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, MAX_SYMBOL);
  return text
    .replace(/[^\p{L}\p{N} ._'&-]/gu, '')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, MAX_NAME)
    .trim();
}

/** ERC-20 methods whose amount is in the token's base units. */
const amountMethods = new Set(['transfer', 'transferFrom', 'approve']);

/** The token contracts a set of calls moves amounts of (ERC-20 transfers and approvals). */
export function tokensOfCalls(calls: readonly Pick<SafeTx, 'to' | 'data'>[]): Address[] {
  const found = new Set<Address>();
  for (const call of calls) {
    if (size(call.data) === 0) continue;
    const method = decodeCall(call.data)?.method;
    if (method && amountMethods.has(method)) found.add(getAddress(call.to));
  }
  return [...found].sort();
}

/**
 * Each token's symbol and decimals as its own contract answers (not the gateway's token list): the
 * amount an owner reads is the one the contract will move. A contract that does not answer both is
 * left out, and its amounts stay in base units.
 */
export async function readTokenFacts(
  client: Client,
  tokens: readonly Address[],
): Promise<Map<string, TokenFacts>> {
  const answers = await Promise.all(
    tokens.map(async (token) => {
      try {
        const [symbol, decimals] = await Promise.all([
          readContract(client, { address: token, abi: erc20Abi, functionName: 'symbol' }),
          readContract(client, { address: token, abi: erc20Abi, functionName: 'decimals' }),
        ]);
        if (decimals > 77) return undefined;
        return [
          token.toLowerCase(),
          { symbol: cleanTokenText(symbol, 'symbol') || 'tokens', decimals },
        ] as const;
      } catch {
        return undefined;
      }
    }),
  );
  return new Map(answers.filter((answer) => answer !== undefined));
}

/**
 * Each collection's name and symbol as its own contract answers, read as ERC-20 symbols are: ERC-721
 * has both; ERC-1155 has no standard name, so a contract that answers neither is left out (the
 * caller may ask the gateway). A contract answering only one is named by it.
 */
export async function readCollectionFacts(
  client: Client,
  collections: readonly Address[],
): Promise<Map<string, CollectionFacts>> {
  const read = (address: Address, functionName: 'name' | 'symbol') =>
    readContract(client, { address, abi: erc721Abi, functionName }).then(
      (text) => cleanTokenText(text, functionName) || null,
      () => null,
    );
  const answers = await Promise.all(
    collections.map(async (collection) => {
      const [name, symbol] = await Promise.all([read(collection, 'name'), read(collection, 'symbol')]);
      const called = name ?? symbol;
      if (called === null) return undefined;
      const facts: CollectionFacts = { name: called, symbol, source: 'contract' };
      return [collection.toLowerCase(), facts] as const;
    }),
  );
  return new Map(answers.filter((answer) => answer !== undefined));
}

export const tokenFactsQueryOptions = (chain: ChainInfo, address: Address, tokens: readonly Address[]) =>
  queryOptions({
    queryKey: safeKey(chain.chainId, address, 'review', 'token-facts', ...tokens),
    queryFn: () => readTokenFacts(chainClient(chain), tokens),
    staleTime: Infinity,
    retry: 1,
  });

/** Symbols and decimals of the tokens the calls move, read from the token contracts. */
export function useTokenFacts(
  chain: ChainInfo,
  address: Address,
  calls: readonly Pick<SafeTx, 'to' | 'data'>[],
) {
  const tokens = tokensOfCalls(calls);
  return useQuery({ ...tokenFactsQueryOptions(chain, address, tokens), enabled: tokens.length > 0 });
}

export const collectionFactsQueryOptions = (
  chain: ChainInfo,
  address: Address,
  collections: readonly Address[],
) =>
  queryOptions({
    queryKey: safeKey(chain.chainId, address, 'review', 'collection-facts', ...collections),
    queryFn: () => readCollectionFacts(chainClient(chain), collections),
    staleTime: Infinity,
    retry: 1,
  });
