import { queryOptions, useQuery } from '@tanstack/react-query';
import { erc20Abi, getAddress, size, type Address, type Client } from 'viem';
import { readContract } from 'viem/actions';
import type { ChainInfo } from '@countersign/gateway-api';
import { decodeCall, type SafeTx } from '@countersign/safe-core';
import { safeKey } from '../../safe';
import { chainClient } from '../../../lib/chainReader';

export type TokenFacts = { symbol: string; decimals: number };

/** Symbols longer than this are cut: a token names itself, and a long name is a way to mislead. */
const MAX_SYMBOL = 12;

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
        const clean = symbol.replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, MAX_SYMBOL);
        return [token.toLowerCase(), { symbol: clean || 'tokens', decimals }] as const;
      } catch {
        return undefined;
      }
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
