import { getAddress, isAddress, isHash, type Address, type Hash } from 'viem';

export type ParamResult<T> = { ok: true; value: T } | { ok: false; error: string };

const MAX_ECHO = 70;

/** The URL's text as it is quoted back in a message: never longer than a line. */
function quoted(input: string): string {
  return `"${input.length > MAX_ECHO ? `${input.slice(0, MAX_ECHO - 1)}…` : input}"`;
}

/** An address from the URL, in any letter case; it comes back checksummed. */
export function parseAddressParam(raw: string): ParamResult<Address> {
  const value = raw.trim();
  if (!isAddress(value, { strict: false })) {
    return {
      ok: false,
      error: `${quoted(value)} is not a valid address: an address is 0x followed by 40 hexadecimal characters.`,
    };
  }
  return { ok: true, value: getAddress(value) };
}

/** A transaction hash from the URL, in any letter case; it comes back in lower case. */
export function parseTxHashParam(raw: string): ParamResult<Hash> {
  const value = raw.trim();
  if (!isHash(value)) {
    return {
      ok: false,
      error: `${quoted(value)} is not a valid transaction hash: a hash is 0x followed by 64 hexadecimal characters.`,
    };
  }
  return { ok: true, value: value.toLowerCase() as Hash };
}
