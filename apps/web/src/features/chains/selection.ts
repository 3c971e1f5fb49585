import { useMemo } from 'react';
import * as z from 'zod/mini';
import { storedState, useStoredState } from '../../lib/storedState';
import { gatewayDownAtLastTry, useChains } from './queries';
import { isGatewayDown } from '../../lib/gatewayErrors';
import { configuredChains } from './configuredChains';
import { pickChain } from './selectedChain';

/** The chosen chain's id, as bare text (as it was always kept); null until one is chosen. */
const chosenChainId = storedState<string | null>('countersign.chainId', {
  fallback: null,
  parse: z.string(),
  text: true,
});

/** Remembers the chosen chain across reloads (and tabs). */
export function rememberChainId(chainId: string): void {
  if (chosenChainId.get() !== chainId) chosenChainId.set(chainId);
}

/**
 * The chains list and the chosen chain: the remembered one, else the first. While the gateway does
 * not answer (and has never answered this browser), the chains the operator configured stand in
 * (`withoutGateway`), so that a Safe still opens from the chain.
 */
export function useSelectedChain() {
  const storedChainId = useStoredState(chosenChainId);
  const query = useChains();
  const down =
    query.data === undefined && (query.isError ? isGatewayDown(query.error) : gatewayDownAtLastTry());
  const fallback = useMemo(() => (down ? configuredChains() : []), [down]);
  const chains = query.data ?? (fallback.length > 0 ? fallback : undefined);
  return {
    query,
    chains,
    chain: pickChain(chains, storedChainId),
    withoutGateway: query.data === undefined && fallback.length > 0,
  };
}
