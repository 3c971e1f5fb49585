import { createContext, useContext } from 'react';
import type { Address } from 'viem';
import type { ChainInfo, SafeInfo } from '@countersign/gateway-api';
import type { SafePaths } from './paths';

/** The Safe on screen, resolved once by the Safe layout route; every Safe page reads it with useSafe(). */
export type SafeContextValue = {
  chain: ChainInfo;
  /** Checksummed. */
  address: Address;
  /** `shortName:address`, as in the URL. */
  safeId: string;
  /**
   * The Safe as every page shows it: the gateway's SafeInfo, with the owners, threshold, nonce,
   * modules, guard and version the Safe contract answers once they are read (withChainTruth).
   */
  safe: SafeInfo;
  /** The SafeInfo as the gateway served it: a claim, compared with the chain (useChainSafeState). */
  gatewaySafe: SafeInfo;
  /**
   * The SafeInfo query's state. Only what changes with the data or an error is here, so a poll
   * that brings nothing new does not re-render every page.
   */
  query: { isError: boolean; error: unknown; refetch: () => void };
  paths: SafePaths;
  /**
   * The gateway does not answer: `safe` and `gatewaySafe` are the contract's answer alone
   * (safeInfoFromChain), and what only the gateway serves is missing.
   */
  withoutGateway?: boolean;
};

export const SafeContext = createContext<SafeContextValue | undefined>(undefined);

export function useSafe(): SafeContextValue {
  const value = useContext(SafeContext);
  if (value === undefined)
    throw new Error('useSafe() is only available on a Safe page (inside the Safe layout route).');
  return value;
}

/** The Safe on screen, or undefined outside a Safe's pages (the app header, the start page). */
export function useOptionalSafe(): SafeContextValue | undefined {
  return useContext(SafeContext);
}
