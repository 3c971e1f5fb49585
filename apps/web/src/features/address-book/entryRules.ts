import { parseAddress } from '../../lib/address';
import { MAX_NAME_LENGTH } from './store';

/**
 * What an address-book entry may hold, for the form and the CSV import alike. Messages say what is
 * wrong without assuming where the value came from.
 */
export type Checked = { ok: true; value: string } | { ok: false; error: string };

/** An address in any letter case (a wrong checksum is not refused: it is recomputed), checksummed. */
export function checkAddress(input: string): Checked {
  const value = input.trim();
  if (value === '') return { ok: false, error: 'The address is empty.' };
  const address = parseAddress(value);
  if (address === undefined)
    return { ok: false, error: 'Not a valid address (0x followed by 40 hexadecimal characters).' };
  return { ok: true, value: address };
}

/**
 * An address as typed in the form: also `shortName:0x…` as Safe links write it, when the short name
 * is this chain's.
 */
export function checkTypedAddress(input: string, shortName: string): Checked {
  const value = input.trim();
  const prefixed = /^([A-Za-z0-9-]+):(.*)$/.exec(value);
  if (prefixed === null) return checkAddress(value);
  const [, prefix = '', rest = ''] = prefixed;
  if (prefix.toLowerCase() !== shortName.toLowerCase())
    return { ok: false, error: `This address is for the chain "${prefix}", not ${shortName}.` };
  return checkAddress(rest);
}

/** A name of 1–50 characters once trimmed, on one line. */
export function checkName(input: string): Checked {
  const value = input.trim();
  if (value === '') return { ok: false, error: 'The name is empty.' };
  if (value.length > MAX_NAME_LENGTH)
    return {
      ok: false,
      error: `The name is longer than ${MAX_NAME_LENGTH} characters (${value.length}).`,
    };
  if (/\p{Cc}/u.test(value))
    return { ok: false, error: 'The name holds a line break, a tab or another control character.' };
  return { ok: true, value };
}

/** A chain id as written in a file: a positive decimal integer, without leading zeros. */
export function checkChainId(input: string): Checked {
  const value = input.trim();
  if (value === '') return { ok: false, error: 'The chain id is empty.' };
  if (!/^[1-9][0-9]*$/.test(value))
    return { ok: false, error: 'The chain id must be a positive decimal integer (such as 1 or 137).' };
  return { ok: true, value };
}
