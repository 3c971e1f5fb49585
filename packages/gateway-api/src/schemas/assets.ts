import * as z from 'zod/mini';
import { deferred } from './deferred';
import { pageSchema } from './common';
import { openEnum, orNull } from './lenient';
import { addressSchema } from './primitives';

/** Unknown token types read as UNKNOWN. */
export const tokenTypeSchema = deferred(() =>
  openEnum(['NATIVE_TOKEN', 'ERC20', 'ERC721', 'UNKNOWN'], 'UNKNOWN'),
);

/** A token as balances, gasTokenInfo and tokenInfoIndex show it. The native token has address 0x0…0. */
export const tokenInfoSchema = deferred(() =>
  z.object({
    type: tokenTypeSchema,
    address: addressSchema,
    decimals: orNull(z.number().check(z.int())),
    symbol: z.string(),
    name: z.string(),
    /** Always a URL on current gateways (a generated icon where no logo is known); older ones sent null. */
    logoUri: orNull(z.string()),
    /** Sent in tokenInfoIndex and swap infos. */
    trusted: z.optional(z.boolean()),
  }),
);
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** Fiat amounts are decimal strings: no grouping, no exponent. */
const decimalString = deferred(() => z.string().check(z.regex(/^-?\d+(\.\d+)?$/)));

export const balanceSchema = deferred(() =>
  z.object({
    tokenInfo: tokenInfoSchema,
    balance: z.string().check(z.regex(/^\d+$/)),
    /** Null where no price is known: Countersign's gateway says so rather than answer zero. */
    fiatBalance: orNull(decimalString),
    fiatConversion: orNull(decimalString),
    fiatBalance24hChange: orNull(z.string()),
  }),
);
export type Balance = z.infer<typeof balanceSchema>;

/** `GET /v1/chains/{c}/safes/{safe}/balances/{currency}`. */
export const balancesSchema = deferred(() =>
  z.object({
    fiatTotal: decimalString,
    items: z.array(balanceSchema),
    /**
     * Countersign only: tokens the Safe received that were not read, past the gateway's bound
     * (trusted tokens and those it met first are read). The real gateway sends none.
     */
    tokensNotRead: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
);
export type Balances = z.infer<typeof balancesSchema>;

/** `GET /v1/balances/supported-fiat-codes`: upper-case codes such as USD, EUR, ETH. */
export const fiatCodesSchema = deferred(() => z.array(z.string()));
export type FiatCodes = z.infer<typeof fiatCodesSchema>;

export const collectibleSchema = deferred(() =>
  z.object({
    address: addressSchema,
    tokenName: z.string(),
    tokenSymbol: z.string(),
    logoUri: z.string(),
    id: z.string(),
    uri: orNull(z.string()),
    name: orNull(z.string()),
    description: orNull(z.string()),
    imageUri: orNull(z.string()),
    metadata: orNull(z.record(z.string(), z.unknown())),
  }),
);
export type Collectible = z.infer<typeof collectibleSchema>;

/** `GET /v1/…/collectibles`: every collectible, unpaged (not served by the NestJS gateway). */
export const collectiblesSchema = deferred(() => z.array(collectibleSchema));

/** `GET /v2/…/collectibles`: a page of collectibles. */
export const collectiblePageSchema = deferred(() => pageSchema(collectibleSchema));
export type CollectiblePage = z.infer<typeof collectiblePageSchema>;

/** `GET /v1/chains/{c}/owners/{owner}/safes`. */
export const ownedSafesSchema = deferred(() => z.object({ safes: z.array(addressSchema) }));
export type OwnedSafes = z.infer<typeof ownedSafesSchema>;
