import { getAddress, type Address } from 'viem';

/** `address` with one of its middle hex digits changed: same first 3 and last 4 digits, another address. */
export function lookalike(address: Address, position: number): Address {
  const hex = address.slice(2).toLowerCase();
  const digit = hex[position] === 'a' ? 'b' : 'a';
  return getAddress(`0x${hex.slice(0, position)}${digit}${hex.slice(position + 1)}`);
}
