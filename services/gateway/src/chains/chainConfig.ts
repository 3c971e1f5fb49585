import { z } from 'zod';
import { addressSchema } from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';

/** What the gateway needs to know about a chain it serves; the ChainInfo answer is built from it. */
export const chainConfigSchema = z.object({
  chainId: z.string().regex(/^\d+$/),
  chainName: z.string().min(1),
  shortName: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string().default(''),
  rpcUrl: z.string().url(),
  /** The RPC URL handed to browsers and Safe Apps; defaults to rpcUrl. */
  publicRpcUrl: z.string().url().optional(),
  l2: z.boolean().default(false),
  isTestnet: z.boolean().default(true),
  nativeCurrency: z
    .object({
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int(),
      logoUri: z.string().nullable(),
    })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null }),
  /** Explorer templates with {{address}}, {{txHash}}, {{module}}, {{action}}, {{apiKey}} placeholders. */
  blockExplorerUriTemplate: z.object({ address: z.string(), txHash: z.string(), api: z.string() }),
  ensRegistryAddress: z.nullable(addressSchema).default(null),
  features: z.array(z.string()),
  recommendedMasterCopyVersion: z.string().nullable(),
  /** The singletons this gateway recognises as Safe implementations (the master copies). */
  masterCopies: z.array(z.object({ address: addressSchema, version: z.string() })),
  theme: z
    .object({ textColor: z.string(), backgroundColor: z.string() })
    .default({ textColor: '#ffffff', backgroundColor: '#1d4ed8' }),
  /** How the gateway follows this chain into its store. */
  indexer: z
    .object({
      startBlock: z.number().int().nonnegative().default(0),
      pollIntervalMs: z.number().int().positive().default(1_000),
      /** Proxy factories whose Safes are discovered; the canonical 1.4.1 one by default. */
      factories: z.array(addressSchema).default([safe141.safeProxyFactory]),
      /**
       * The most blocks one log query asks for (2,000 by default). The indexer shrinks its reads on
       * its own when a provider refuses a range, and tries larger ones again later; a provider's
       * known cap set here spares those refusals.
       */
      maxBlocksPerQuery: z.number().int().positive().optional(),
    })
    .default({ startBlock: 0, pollIntervalMs: 1_000, factories: [safe141.safeProxyFactory] }),
  /** Tokens whose transfers count as trusted (shown by default in history). */
  trustedTokens: z.array(addressSchema).default([]),
  /**
   * Fixed USD prices the operator stands behind ("native" for the chain's currency, else token
   * addresses): they come before any feed, for a token pegged by its issuer, say.
   */
  usdPrices: z.record(z.string(), z.string().regex(/^\d+(\.\d+)?$/)).default({}),
  /**
   * On-chain USD price feeds with Chainlink's AggregatorV3 interface ("native" or a token address →
   * the feed's address on this chain), read through the chain's RPC.
   */
  priceFeeds: z.record(z.string(), addressSchema).default({}),
  /** A feed whose last update is older than this is not used: the price shows as unknown. */
  priceFeedMaxAgeSeconds: z.number().int().positive().default(86_400),
  /**
   * How the price API (GATEWAY_PRICE_API_URL), if any, names this chain: its platform id for token
   * prices (CoinGecko's "ethereum", "polygon-pos", …) and the id of its native coin ("ethereum").
   * Asked only for what neither usdPrices nor priceFeeds price.
   */
  priceApi: z
    .object({
      platform: z.string().regex(/^[a-z0-9-]{1,64}$/),
      nativeCoinId: z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/)
        .optional(),
    })
    .optional(),
});
export type ChainConfig = z.infer<typeof chainConfigSchema>;
