import * as z from 'zod/mini';
import type { SafeInfo } from '@countersign/gateway-api';
import { parseAddress } from '../../lib/address';
import { storedState, useStoredState } from '../../lib/storedState';

// zod/mini sets no language for its messages: English, as classic zod does, unless one is set already.
if (!z.core.globalConfig.localeError) z.config(z.locales.en());

/**
 * My Safes: the Safes the user added by address or created here, kept in this browser
 * (localStorage) and shared by every tab. An entry is one Safe on one chain: its chain id (stable),
 * the chain's short name (for links), the checksummed address and the user's name for it.
 */
export type MySafe = {
  chainId: string;
  shortName: string;
  address: `0x${string}`;
  /** The user's name for it; empty when none was given. */
  name: string;
  /** Added by address, or created with Countersign. */
  origin: 'added' | 'created';
  /** When it was put on the list (ms since 1970). */
  addedAt: number;
};

export const MY_SAFES_STORAGE_KEY = 'countersign.my-safes';
export const MY_SAFE_NAME_MAX = 50;
/** More than anyone keeps by hand; a bound on what a page renders and polls. */
export const MY_SAFES_MAX = 200;

/** A name as it is kept: one line, trimmed, at most MY_SAFE_NAME_MAX characters. */
export function cleanSafeName(name: string): string {
  return name
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MY_SAFE_NAME_MAX);
}

/** Chain short names as the chain registry writes them (the same rule as Safe ids in URLs). */
const SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const storedSafeSchema = z.object({
  chainId: z.string().check(z.regex(/^[1-9][0-9]*$/)),
  shortName: z.string().check(z.maxLength(64), z.regex(SHORT_NAME)),
  address: z.pipe(
    z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
    z.transform((value: string) => parseAddress(value) ?? (value as `0x${string}`)),
  ),
  name: z.catch(z.pipe(z.string(), z.transform(cleanSafeName)), ''),
  origin: z.catch(z.enum(['added', 'created']), 'added'),
  addedAt: z.catch(z.number().check(z.nonnegative()), 0),
});

/** The stored envelope; each entry is then checked on its own, so one bad entry loses only itself. */
const storedListSchema = z.object({ version: z.literal(1), safes: z.array(z.unknown()) });

const sameSafe = (a: Pick<MySafe, 'chainId' | 'address'>, b: Pick<MySafe, 'chainId' | 'address'>) =>
  a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase();

/** Reads what localStorage holds: anything malformed is left out, never trusted or thrown. */
export function parseMySafes(stored: unknown): MySafe[] {
  const list = storedListSchema.safeParse(stored);
  if (!list.success) return [];
  const safes: MySafe[] = [];
  for (const item of list.data.safes) {
    const entry = storedSafeSchema.safeParse(item);
    if (!entry.success || safes.some((safe) => sameSafe(safe, entry.data))) continue;
    safes.push(entry.data);
    if (safes.length === MY_SAFES_MAX) break;
  }
  return safes;
}

export const storedMySafes = (safes: readonly MySafe[]) => ({ version: 1, safes });

const mySafes = storedState<MySafe[]>(MY_SAFES_STORAGE_KEY, {
  fallback: [],
  parse: parseMySafes,
  serialize: storedMySafes,
});

export const readMySafes = (): MySafe[] => mySafes.get();

/** My Safes, newest first; re-renders when the list changes (in any tab). */
export function useMySafes(): readonly MySafe[] {
  return useStoredState(mySafes);
}

/** A Safe to put on the list; its address in any letter case (it is kept checksummed). */
export type NewMySafe = Pick<MySafe, 'chainId' | 'shortName' | 'name' | 'origin'> & { address: string };

export type AddMySafeResult = {
  /** Already on the list: its name (when a new one was given) and short name were updated. */
  existed: boolean;
  /** False when the browser would not store it: it stays on the list in this tab only. */
  stored: boolean;
};

/** Puts a Safe on the list (at the top), or updates the entry it already has. */
export function addMySafe(safe: NewMySafe, now: number = Date.now()): AddMySafeResult {
  const address = parseAddress(safe.address);
  if (address === undefined) throw new Error(`Not an address: ${safe.address}`);
  const current = readMySafes();
  const existing = current.find((entry) => sameSafe(entry, { chainId: safe.chainId, address }));
  const name = cleanSafeName(safe.name);
  const entry: MySafe = existing
    ? { ...existing, shortName: safe.shortName, name: name || existing.name }
    : { chainId: safe.chainId, shortName: safe.shortName, address, name, origin: safe.origin, addedAt: now };
  const others = current.filter((other) => other !== existing);
  const next = existing
    ? current.map((other) => (other === existing ? entry : other))
    : [entry, ...others].slice(0, MY_SAFES_MAX);
  return { existed: existing !== undefined, stored: mySafes.set(next) };
}

export function removeMySafe(chainId: string, address: string): boolean {
  return mySafes.update((safes) =>
    safes.filter((entry) => !sameSafe(entry, { chainId, address: address as `0x${string}` })),
  );
}

export function isMySafe(safes: readonly MySafe[], chainId: string, address: string): boolean {
  return safes.some((entry) => sameSafe(entry, { chainId, address: address as `0x${string}` }));
}

/**
 * What the connected account may do with a Safe: `owner` once its SafeInfo is loaded and lists the
 * account among the owners; `read-only` otherwise (no account, another account, or not known yet).
 */
export function safeAccess(info: Pick<SafeInfo, 'owners'> | undefined, account: string | undefined) {
  if (info === undefined || account === undefined) return 'read-only';
  const lower = account.toLowerCase();
  return info.owners.some((owner) => owner.value.toLowerCase() === lower) ? 'owner' : 'read-only';
}
