import type { Address } from 'viem';
import { ADDRESS_INPUT_TEXTS, checksumAddress, readAddressText } from '../../lib/address';
import { splitSafeId } from './paths';

export type SafeIdResult =
  { ok: true; shortName: string | undefined; address: Address } | { ok: false; error: string };

/** Chain short names as the chain registry writes them: eth, gno, arb1, base-sep, zksync… */
const SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_ECHO = 64;

/** The input as it is quoted back in a message: trimmed and never longer than a line. */
function echo(input: string): string {
  return input.length > MAX_ECHO ? `${input.slice(0, MAX_ECHO - 1)}…` : input;
}

export function invalidAddressMessage(input: string): string {
  return `"${echo(input)}" is not a valid address. Enter a 0x address of 40 hex characters, optionally prefixed with a chain short name like eth:0x….`;
}

/**
 * Reads what the user typed or what the URL holds: `0x…` (40 hex digits) or `shortName:0x…`. The
 * address comes back checksummed. Typed, a mixed-case address must carry a valid checksum, as in
 * every address field; a link's letter case is not held against it.
 */
export function parseSafeId(input: string, source: 'typed' | 'link' = 'link'): SafeIdResult {
  const value = input.trim();
  if (value === '') {
    return { ok: false, error: 'Enter a Safe address, e.g. 0x… or eth:0x….' };
  }
  const { shortName, addressPart } = splitSafeId(value);
  if (shortName !== undefined && !SHORT_NAME.test(shortName)) {
    return {
      ok: false,
      error:
        shortName === ''
          ? `"${echo(value)}" has an empty chain short name. Write it like eth:0x…, or leave the prefix out.`
          : invalidAddressMessage(value),
    };
  }
  const address = readAddressText(addressPart);
  if (address.ok) return { ok: true, shortName, address: address.value };
  if (address.problem === 'format') return { ok: false, error: invalidAddressMessage(value) };
  return source === 'typed'
    ? { ok: false, error: ADDRESS_INPUT_TEXTS.checksum }
    : { ok: true, shortName, address: checksumAddress(addressPart as Address) };
}
