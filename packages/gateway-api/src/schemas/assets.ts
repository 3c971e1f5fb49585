import { z } from 'zod';
import { addressSchema } from './primitives';

export const tokenInfoSchema = z.object({
  type: z.enum(['NATIVE_TOKEN', 'ERC20', 'ERC721', 'UNKNOWN']),
  address: addressSchema,
  decimals: z.number().int().nullable(),
  symbol: z.string(),
  name: z.string(),
  logoUri: z.string().nullable(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** Fiat amounts are decimal strings: no grouping, no exponent. */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const balancesSchema = z.object({
  fiatTotal: decimalString,
  items: z.array(
    z.object({
      tokenInfo: tokenInfoSchema,
      balance: z.string().regex(/^\d+$/),
      fiatBalance: decimalString,
      fiatConversion: decimalString,
      fiatBalance24hChange: z.string().nullable().optional(),
    }),
  ),
});
export type Balances = z.infer<typeof balancesSchema>;

export const fiatCodesSchema = z.array(z.string().regex(/^[A-Z]{3,5}$/));

export const collectibleSchema = z.object({
  address: addressSchema,
  tokenName: z.string(),
  tokenSymbol: z.string(),
  logoUri: z.string(),
  id: z.string(),
  uri: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  imageUri: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type Collectible = z.infer<typeof collectibleSchema>;

export const ownedSafesSchema = z.object({ safes: z.array(addressSchema) });
