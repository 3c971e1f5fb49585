import { getAddress, isAddress, isHash, type Address, type Hash } from 'viem';
import { err, ok, type Result } from '../../lib/result';

const MAX_ECHO = 70;

/** The URL's text as it is quoted back in a message: never longer than a line. */
function quoted(input: string): string {
  return `"${input.length > MAX_ECHO ? `${input.slice(0, MAX_ECHO - 1)}…` : input}"`;
}

/** An address from the URL, in any letter case; it comes back checksummed. */
export function parseAddressParam(raw: string): Result<Address> {
  const value = raw.trim();
  if (!isAddress(value, { strict: false })) {
    return err(
      `${quoted(value)} is not a valid address: an address is 0x followed by 40 hexadecimal characters.`,
    );
  }
  return ok(getAddress(value));
}

/** A transaction hash from the URL, in any letter case; it comes back in lower case. */
export function parseTxHashParam(raw: string): Result<Hash> {
  const value = raw.trim();
  if (!isHash(value)) {
    return err(
      `${quoted(value)} is not a valid transaction hash: a hash is 0x followed by 64 hexadecimal characters.`,
    );
  }
  return ok(value.toLowerCase() as Hash);
}
