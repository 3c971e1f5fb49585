import type { SignClientTypes } from '@walletconnect/types';

/**
 * WalletConnect clients played in Node by the tests (a phone wallet, a dapp). The SDK keeps one Core
 * per process and hands it to every client made after the first: a later test's client would then
 * talk through an earlier test's relay, long closed, and its subscriptions time out. Each client
 * gets a Core of its own.
 */
process.env.DISABLE_GLOBAL_CORE = 'true';

type Storage = NonNullable<SignClientTypes.Options['storage']>;

/** The SDK's key-value store kept in memory: nothing is written beside the tests. */
export function memoryStorage(): Storage {
  const items = new Map<string, unknown>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async (key, value) => void items.set(key, value),
    removeItem: async (key) => void items.delete(key),
  };
}
