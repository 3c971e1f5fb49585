/**
 * Address poisoning: an attacker makes an address whose first and last hex digits, the ones wallets
 * and explorers show, are those of an address the victim uses, and plants it where the victim copies
 * addresses from (the history, a dapp, a chat). The one detector of such look-alikes: the gateway
 * flags incoming transfers with it, the web app warns with it as an address is typed or pasted.
 *
 * How much an attacker copies: the real gateway's defaults, 3 hex digits after `0x` and 4 at the
 * end. Copying 3 + 4 costs about 2^28 tries; every address that copies more (wallets show 4 + 4)
 * matches too.
 */
export const LOOKALIKE_PREFIX_LENGTH = 3;
export const LOOKALIKE_SUFFIX_LENGTH = 4;

/** The part of an address a look-alike copies, in lower case: the key to group addresses by. */
export function vanityOf(address: string): string {
  const hex = address.slice(2).toLowerCase();
  return `${hex.slice(0, LOOKALIKE_PREFIX_LENGTH)}${hex.slice(-LOOKALIKE_SUFFIX_LENGTH)}`;
}

/** Whether `a` and `b` share their first and last digits without being the same address (any case). */
export function looksAlike(a: string, b: string): boolean {
  return a.toLowerCase() !== b.toLowerCase() && vanityOf(a) === vanityOf(b);
}

/** The first of `known` that `address` looks like without being it, if any. */
export function findLookalike<Known extends { address: string }>(
  address: string,
  known: Iterable<Known>,
): Known | undefined {
  for (const entry of known) if (looksAlike(address, entry.address)) return entry;
  return undefined;
}
