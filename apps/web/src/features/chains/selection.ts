import * as z from 'zod/mini';
import { storedState, useStoredState } from '../../lib/storedState';
import { useChains } from './queries';
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

/** The chains list and the chosen chain: the remembered one, else the first. */
export function useSelectedChain() {
  const storedChainId = useStoredState(chosenChainId);
  const query = useChains();
  return { query, chains: query.data, chain: pickChain(query.data, storedChainId) };
}
