import { useCallback, useMemo } from 'react';
import { storedState, useStoredState } from '../../lib/storedState';

/**
 * The tokens a user hid, per Safe: `{ "<chainId>:<safe address, lower case>": ["0x…token", …] }` in
 * localStorage. Token addresses are kept in lower case (the native token is 0x0…0).
 */
type HiddenBySafe = Record<string, string[]>;

const STORAGE_KEY = 'countersign.hidden-tokens';
const tokenPattern = /^0x[0-9a-f]{40}$/;

export const safeHiddenKey = (chainId: string, safeAddress: string) =>
  `${chainId}:${safeAddress.toLowerCase()}`;

export function parseHiddenTokens(stored: unknown): HiddenBySafe | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const result: HiddenBySafe = {};
  for (const [safe, tokens] of Object.entries(stored as Record<string, unknown>)) {
    if (!Array.isArray(tokens)) continue;
    const valid = tokens
      .filter((token): token is string => typeof token === 'string')
      .map((token) => token.toLowerCase())
      .filter((token) => tokenPattern.test(token));
    if (valid.length > 0) result[safe] = [...new Set(valid)];
  }
  return result;
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

const setting = storedState<HiddenBySafe>(STORAGE_KEY, { fallback: {}, parse: parseHiddenTokens });

const none: readonly string[] = [];

/** The tokens hidden for one Safe, and how to hide or show one; shared by every view of that Safe. */
export function useHiddenTokens(chainId: string, safeAddress: string) {
  const safe = safeHiddenKey(chainId, safeAddress);
  const list = useStoredState(setting, (bySafe) => bySafe[safe] ?? none);
  const hidden = useMemo(() => new Set(list), [list]);
  const setHidden = useCallback(
    (token: string, hide: boolean) => setting.update((stored) => withTokenHidden(stored, safe, token, hide)),
    [safe],
  );
  return { hidden, setHidden };
}
