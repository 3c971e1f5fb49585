import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Addresses on the first screen: a 20-byte hex string in any letter case, written back with its
 * EIP-55 checksum. The keccak of the standard @noble/hashes (the one viem itself uses) is all that
 * takes, which keeps viem out of the first JavaScript a Safe page loads; protocol code in the
 * views' own chunks uses viem.
 */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isAddressText(value: string): value is `0x${string}` {
  return ADDRESS.test(value);
}

const cache = new Map<string, `0x${string}`>();

/** The EIP-55 checksummed form of an address (in any letter case). */
export function checksumAddress(address: `0x${string}`): `0x${string}` {
  const lower = address.slice(2).toLowerCase();
  const hit = cache.get(lower);
  if (hit) return hit;
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  // A letter is upper-cased where the hash's nibble at its position is 8 or more (EIP-55).
  let result = '0x';
  [...lower].forEach((char, i) => {
    result += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  });
  if (cache.size > 1000) cache.clear();
  cache.set(lower, result as `0x${string}`);
  return result as `0x${string}`;
}

/** The checksummed address, or undefined when `value` is not a 20-byte hex address. */
export function parseAddress(value: string): `0x${string}` | undefined {
  return isAddressText(value) ? checksumAddress(value) : undefined;
}

/** What every address field says; each field may word `empty` and `format` in its own terms. */
export const ADDRESS_INPUT_TEXTS = {
  empty: 'Enter an address.',
  format: 'Not a valid address: 0x followed by 40 hexadecimal characters.',
  checksum:
    'The address’s checksum (its mix of upper and lower case) is wrong: check it was copied whole. All lower case is accepted.',
} as const;

/**
 * A 20-byte hex address as text, strict about its letter case: all lower or all upper case (after
 * 0x) reads as is, a mixed-case one must be its EIP-55 checksum, since a wrong mix means a mistyped
 * or truncated copy.
 */
export function readAddressText(
  text: string,
): { ok: true; value: `0x${string}` } | { ok: false; problem: 'format' | 'checksum' } {
  if (!isAddressText(text)) return { ok: false, problem: 'format' };
  const value = checksumAddress(text);
  const digits = text.slice(2);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  return oneCase || text === value ? { ok: true, value } : { ok: false, problem: 'checksum' };
}

/** Whether two addresses are one, however each is cased; a missing one matches nothing. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
