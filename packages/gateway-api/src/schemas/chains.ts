import { z } from 'zod';
import { addressSchema } from './primitives';

export const rpcAuthenticationSchema = z.enum(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN']);

export const rpcUriSchema = z.object({
  authentication: rpcAuthenticationSchema,
  value: z.string(),
});
export type RpcUri = z.infer<typeof rpcUriSchema>;

/** The server sends gas price types in lower case; older clients and docs use upper case. Accept both. */
const gasPriceType = <T extends string>(type: T) =>
  z
    .string()
    .refine((value) => value.toLowerCase() === type)
    .transform(() => type);

export const gasPriceSchema = z.union([
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
  z.object({ type: gasPriceType('unknown') }),
]);
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

export const nativeCurrencySchema = z.object({
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int().nonnegative(),
  logoUri: z.string().nullable(),
});

export const blockExplorerUriTemplateSchema = z.object({
  address: z.string(),
  txHash: z.string(),
  api: z.string(),
});

export const chainInfoSchema = z.object({
  chainId: z.string().regex(/^\d+$/),
  chainName: z.string(),
  description: z.string(),
  chainLogoUri: z.string().nullable(),
  l2: z.boolean(),
  isTestnet: z.boolean(),
  zk: z.boolean().optional(),
  shortName: z.string().min(1),
  nativeCurrency: nativeCurrencySchema,
  transactionService: z.string(),
  blockExplorerUriTemplate: blockExplorerUriTemplateSchema,
  beaconChainExplorerUriTemplate: z.object({ publicKey: z.string().nullable() }).optional(),
  disabledWallets: z.array(z.string()),
  ensRegistryAddress: addressSchema.nullable(),
  balancesProvider: z.object({ chainName: z.string().nullable(), enabled: z.boolean() }),
  features: z.array(z.string()),
  gasPrice: z.array(gasPriceSchema),
  rpcUri: rpcUriSchema,
  safeAppsRpcUri: rpcUriSchema,
  publicRpcUri: rpcUriSchema,
  theme: z.object({ textColor: z.string(), backgroundColor: z.string() }),
  recommendedMasterCopyVersion: z.string().nullable(),
  relayer: z
    .object({
      type: z.string().nullable(),
      safeCreationSponsored: z.boolean(),
      safeTransactionSponsored: z.boolean(),
      enableTenderlySimulationBeforeRelay: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type ChainInfo = z.infer<typeof chainInfoSchema>;
