import { useQuery } from '@tanstack/react-query';
import { getAddress, type Address } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import type { StateChangesOutcome } from '@countersign/safe-core';
import { tokenFactsQueryOptions } from './tokenFacts';

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

/** Symbols and decimals of those tokens, as their contracts answer (the review's own token reads). */
export function useStateChangeTokens(
  chain: ChainInfo,
  address: Address,
  outcome: StateChangesOutcome | undefined,
) {
  const tokens = tokensOfStateChanges(outcome);
  return useQuery({ ...tokenFactsQueryOptions(chain, address, tokens), enabled: tokens.length > 0 });
}
