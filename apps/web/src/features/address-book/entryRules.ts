import { parseAddressInput } from '../../lib/addressInput';
import type { Result } from '../../lib/result';
import { MAX_NAME_LENGTH } from './store';

/**
 * What an address-book entry may hold, for the form and the CSV import alike. Messages say what is
 * wrong without assuming where the value came from.
 */
export type Checked = Result<string>;

const ADDRESS_TEXTS = {
  empty: 'The address is empty.',
  format: 'Not a valid address (0x followed by 40 hexadecimal characters).',
};

/** An address as a file holds it (see `parseAddressInput`), without a chain prefix. */
export function checkAddress(input: string): Checked {
  const parsed = parseAddressInput(input, { ...ADDRESS_TEXTS, prefixed: false });
  return parsed.ok ? parsed : { ok: false, error: parsed.error };
}

/** An address as typed in the form: also `shortName:0x…` when the short name is this chain's. */
export function checkTypedAddress(input: string, shortName: string): Checked {
  const parsed = parseAddressInput(input, { ...ADDRESS_TEXTS, shortName });
  return parsed.ok ? parsed : { ok: false, error: parsed.error };
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
