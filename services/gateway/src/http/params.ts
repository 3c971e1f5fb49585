import { getAddress, isAddress, type Address } from 'viem';
import { invalidParam } from './errors';

/** Any letter case is accepted; the checksummed form is what the gateway works with and answers. */
export function parseAddressParam(value: string, name: string): Address {
  if (!isAddress(value, { strict: false })) throw invalidParam(name, 'Invalid address');
  return getAddress(value);
}
