import { useSyncExternalStore } from 'react';
import { readStoredString, writeStoredString } from '../../lib/storage';
import { useChains } from './queries';
import { pickChain } from './selectedChain';

const STORAGE_KEY = 'countersign.chainId';
const listeners = new Set<() => void>();
/** The choice made in this tab; also the fallback when localStorage is unavailable. */
let chosenChainId: string | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    chosenChainId = event.newValue;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const readChainId = () => chosenChainId ?? readStoredString(STORAGE_KEY);

/** Remembers the chosen chain across reloads (and tabs). */
export function rememberChainId(chainId: string): void {
  if (readChainId() === chainId) return;
  chosenChainId = chainId;
  writeStoredString(STORAGE_KEY, chainId);
  for (const listener of listeners) listener();
}

/** The chains list and the chosen chain: the remembered one, else the first. */
export function useSelectedChain() {
  const storedChainId = useSyncExternalStore(subscribe, readChainId, () => null);
  const query = useChains();
  return { query, chains: query.data, chain: pickChain(query.data, storedChainId) };
}
