import * as z from 'zod/mini';
import { deferred } from './deferred';
import { pageSchema } from './common';
import { openEnum, orNull } from './lenient';
import { addressSchema } from './primitives';

/** Unknown authentication kinds read as UNKNOWN. */
export const rpcAuthenticationSchema = deferred(() =>
  openEnum(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN'], 'UNKNOWN'),
);

export const rpcUriSchema = deferred(() =>
  z.object({
    authentication: rpcAuthenticationSchema,
    value: z.string(),
  }),
);
export type RpcUri = z.infer<typeof rpcUriSchema>;

/** The server sends gas price types in lower case; older clients and docs use upper case. Accept both. */
const gasPriceType = <T extends string>(type: T) =>
  z.pipe(
    z.string().check(z.refine((value: string) => value.toLowerCase() === type)),
    z.transform(() => type),
  );

/** A gas price source; one of a kind this client does not know (or cannot read) is `{type: 'unknown'}`. */
export const gasPriceSchema = deferred(() =>
  z.union([
    z.object({
      type: gasPriceType('oracle'),
      uri: z.string(),
      gasParameter: z.string(),
      gweiFactor: z.string(),
    }),
    z.object({ type: gasPriceType('fixed'), weiValue: z.string() }),
    z.object({
      type: gasPriceType('fixed1559'),
      maxFeePerGas: z.string(),
      maxPriorityFeePerGas: z.string(),
    }),
    z.pipe(
      z.looseObject({ type: z.string() }),
      z.transform(() => ({ type: 'unknown' as const })),
    ),
  ]),
);
export type GasPrice = z.infer<typeof gasPriceSchema>;

/** The specification's chain features; the list is open, so others are kept as plain strings. */
export const knownChainFeatures = [
  'ERC721',
  'SAFE_APPS',
  'CONTRACT_INTERACTION',
  'DOMAIN_LOOKUP',
  'SPENDING_LIMIT',
  'EIP1559',
  'SAFE_TX_GAS_OPTIONAL',
  'TX_SIMULATION',
  'EIP1271',
] as const;
export type ChainFeature = (typeof knownChainFeatures)[number];

export const nativeCurrencySchema = deferred(() =>
  z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.nonnegative()),
    /** Always a URL on current gateways; older ones sent null. */
    logoUri: orNull(z.string()),
  }),
);
export type NativeCurrency = z.infer<typeof nativeCurrencySchema>;

export const blockExplorerUriTemplateSchema = deferred(() =>
  z.object({
    address: z.string(),
    txHash: z.string(),
    api: z.string(),
  }),
);

export const chainInfoSchema = deferred(() =>
  z.object({
    chainId: z.string().check(z.regex(/^\d+$/)),
    chainName: z.string(),
    description: z._default(z.string(), ''),
    chainLogoUri: orNull(z.string()),
    l2: z.boolean(),
    isTestnet: z.boolean(),
    zk: z.optional(z.boolean()),
    shortName: z.string().check(z.minLength(1)),
    nativeCurrency: nativeCurrencySchema,
    transactionService: z.string(),
    blockExplorerUriTemplate: blockExplorerUriTemplateSchema,
    beaconChainExplorerUriTemplate: z.optional(z.looseObject({ publicKey: z.nullish(z.string()) })),
    disabledWallets: z._default(z.array(z.string()), []),
    ensRegistryAddress: orNull(addressSchema),
    balancesProvider: z.object({ chainName: orNull(z.string()), enabled: z.boolean() }),
    /** Open list: features this client does not know are kept as they are. */
    features: z.array(z.string()),
    gasPrice: z.array(gasPriceSchema),
    rpcUri: rpcUriSchema,
    safeAppsRpcUri: rpcUriSchema,
    publicRpcUri: rpcUriSchema,
    theme: z.object({ textColor: z.string(), backgroundColor: z.string() }),
    recommendedMasterCopyVersion: orNull(z.string()),
    relayer: z.optional(
      z.nullable(
        z.object({
          type: orNull(z.string()),
          safeCreationSponsored: z.boolean(),
          safeTransactionSponsored: z.boolean(),
          enableTenderlySimulationBeforeRelay: z.boolean(),
        }),
      ),
    ),
  }),
);
export type ChainInfo = z.infer<typeof chainInfoSchema>;

/** `GET /v1/chains`. */
export const chainPageSchema = deferred(() => pageSchema(chainInfoSchema));
export type ChainPage = z.infer<typeof chainPageSchema>;
