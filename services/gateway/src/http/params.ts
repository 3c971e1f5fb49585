import { addressSchema } from '@countersign/gateway-api';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { invalidParam } from './errors';

/** Any letter case is accepted; the checksummed form is what the gateway works with and answers. */
export function parseAddressParam(value: string, name: string): Address {
  if (!isAddress(value, { strict: false })) throw invalidParam(name, 'Invalid address');
  return getAddress(value);
}

/** An address parameter in any letter case, read checksummed (see parseAddressParam). */
export const addressParam = z.pipe(
  addressSchema,
  z.transform((value) => getAddress(value)),
);

/** A 32-byte hash parameter in any letter case; `message` names it when it is not one. */
export const hashParam = (message: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, message)
    .transform((value) => value as Hex);
