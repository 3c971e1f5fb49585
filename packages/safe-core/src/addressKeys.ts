import { isAddress } from 'viem';

/**
 * Tables of canonical contracts keyed by the address in lower case. A checksum costs a keccak per
 * address, and these tables load with the first page, where some sixty checksums took about 9 ms of
 * its start on a 2-core machine; a lower-case key needs none, and a lookup accepts any case.
 */
export type AddressKey = Lowercase<string>;

export const addressTable = <T>(entries: readonly (readonly [string, T])[]): ReadonlyMap<AddressKey, T> =>
  new Map(entries.map(([address, value]) => [address.toLowerCase() as AddressKey, value]));

/** The entry for `address` in any case, or null for an address not in the table or not an address. */
export function lookUpAddress<T>(table: ReadonlyMap<AddressKey, T>, address: string): T | null {
  if (!isAddress(address, { strict: false })) return null;
  return table.get(address.toLowerCase() as AddressKey) ?? null;
}
