import { readStoredString, writeStoredString } from '../../lib/storage';

/**
 * One setting kept in localStorage under `key`, shared by every view of this tab and followed across
 * tabs (the `storage` event). `parse` turns what storage holds (null when nothing) into the value,
 * whatever another version of the app or a user left there.
 */
export function localSetting<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string,
) {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T } | undefined;

  function get(): T {
    const raw = readStoredString(key);
    if (cache === undefined || cache.raw !== raw) cache = { raw, value: parse(raw) };
    return cache.value;
  }

  function set(value: T): void {
    writeStoredString(key, serialize(value));
    // Where storage refuses the write, the choice still holds in this tab until it is reloaded.
    const raw = readStoredString(key);
    cache = { raw, value: raw === serialize(value) ? parse(raw) : value };
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return { get, set, subscribe };
}
