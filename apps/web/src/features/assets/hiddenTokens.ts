import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { localSetting } from './localSetting';

/**
 * The tokens a user hid, per Safe: `{ "<chainId>:<safe address, lower case>": ["0x…token", …] }` in
 * localStorage. Token addresses are kept in lower case (the native token is 0x0…0).
 */
type HiddenBySafe = Record<string, string[]>;

const STORAGE_KEY = 'countersign.hidden-tokens';
const tokenPattern = /^0x[0-9a-f]{40}$/;

export const safeHiddenKey = (chainId: string, safeAddress: string) =>
  `${chainId}:${safeAddress.toLowerCase()}`;

export function parseHiddenTokens(raw: string | null): HiddenBySafe {
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const result: HiddenBySafe = {};
    for (const [safe, tokens] of Object.entries(value as Record<string, unknown>)) {
      if (!Array.isArray(tokens)) continue;
      const valid = tokens
        .filter((token): token is string => typeof token === 'string')
        .map((token) => token.toLowerCase())
        .filter((token) => tokenPattern.test(token));
      if (valid.length > 0) result[safe] = [...new Set(valid)];
    }
    return result;
  } catch {
    return {};
  }
}

/** The stored map with `token` hidden or shown again for one Safe. */
export function withTokenHidden(
  stored: HiddenBySafe,
  safe: string,
  token: string,
  hidden: boolean,
): HiddenBySafe {
  const id = token.toLowerCase();
  const rest = (stored[safe] ?? []).filter((entry) => entry !== id);
  const next = hidden ? [...rest, id] : rest;
  const { [safe]: _previous, ...others } = stored;
  return next.length > 0 ? { ...others, [safe]: next } : others;
}

const setting = localSetting(STORAGE_KEY, parseHiddenTokens, (value) => JSON.stringify(value));

const none: readonly string[] = [];

/** The tokens hidden for one Safe, and how to hide or show one; shared by every view of that Safe. */
export function useHiddenTokens(chainId: string, safeAddress: string) {
  const safe = safeHiddenKey(chainId, safeAddress);
  const list = useSyncExternalStore(
    setting.subscribe,
    () => setting.get()[safe] ?? none,
    () => none,
  );
  const hidden = useMemo(() => new Set(list), [list]);
  const setHidden = useCallback(
    (token: string, hide: boolean) => setting.set(withTokenHidden(setting.get(), safe, token, hide)),
    [safe],
  );
  return { hidden, setHidden };
}
