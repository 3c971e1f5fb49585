import * as z from 'zod/mini';
import { err, ok, type Result } from './result';
import { hasProtocol, isHttpUrl } from '../lib/urls';

// zod/mini keeps classic zod out of the bundle but sets no language for its messages: English, as
// classic zod does, unless one is set already (@countersign/gateway-api sets the same).
if (!z.core.globalConfig.localeError) z.config(z.locales.en());

/**
 * The runtime configuration: /config.js sets `window.__COUNTERSIGN_CONFIG__` before the app starts,
 * so one prebuilt bundle can point at any gateway (production: https://safe-client.safe.global).
 */
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
/** The local devnet's dev accounts, which anvil signs for: no key ever reaches the browser. */
export type DevnetWalletConfig = NonNullable<RuntimeConfig['devnet']>;
/** A chain as the operator describes it (RuntimeConfig['chains']). */
export type ConfiguredChain = NonNullable<RuntimeConfig['chains']>[number];

/** A setting that may be left out or blank: either way it is unset. */
const optionalText = z.pipe(
  z.optional(z.string().check(z.trim())),
  z.transform((value: string | undefined) => value || undefined),
);

/** An http(s) origin as a browser writes one (`https://app.safe.global`): what a frame's parent is. */
const isOrigin = (value: string) => isHttpUrl(value) && new URL(value).origin === value;

const runtimeConfigSchema = z.object({
  gatewayUrl: z.pipe(
    z.string({ error: 'gatewayUrl is missing' }).check(
      z.trim(),
      z.refine(isHttpUrl, {
        error: (issue) => `gatewayUrl must be an http(s) URL, got ${JSON.stringify(issue.input)}`,
      }),
    ),
    z.transform((value: string) => value.replace(/\/+$/, '')),
  ),
  /** WalletConnect-based wallets and QR codes are offered only with a project id. */
  walletConnectProjectId: optionalText,
  /** A self-hosted WalletConnect relay; WalletConnect's public relay when absent. */
  walletConnectRelayUrl: optionalText.check(
    z.refine((value: string | undefined) => value === undefined || hasProtocol(value, ['ws:', 'wss:']), {
      error: (issue) => `walletConnectRelayUrl must be a ws(s) URL, got ${JSON.stringify(issue.input)}`,
    }),
  ),
  /**
   * Whether WalletConnect's Verify server is asked what it knows of a dapp's domain (WALLETCONNECT_VERIFY).
   * Unset: asked with WalletConnect's public relay, not with a relay of the operator's own.
   */
  walletConnectVerify: z.optional(z.boolean()),
  /**
   * The Safe wallets' origins that may frame the app (the web server's FRAME_ANCESTORS): the only
   * parents the Safe connector answers. Absent is none.
   */
  frameAncestors: z.optional(
    z.array(
      z.string().check(
        z.refine(isOrigin, {
          error: (issue) =>
            `frameAncestors must list origins (scheme://host[:port]), got ${JSON.stringify(issue.input)}`,
        }),
      ),
    ),
  ),
  /**
   * The operator's RPC per chain id (the web server's CHAIN_RPC_URLS): the browser reads those chains
   * there, not where the gateway's chain list points (lib/rpcSources.ts).
   */
  rpcUrls: z.optional(
    z.record(
      z.string().check(z.regex(/^\d{1,20}$/, { error: 'rpcUrls must be keyed by decimal chain ids' })),
      z.string().check(
        z.refine(isHttpUrl, {
          error: (issue) => `rpcUrls must name http(s) URLs, got ${JSON.stringify(issue.input)}`,
        }),
      ),
    ),
  ),
  /**
   * The operator's own description of chains it names an RPC for (the local stack's devnets): what the
   * app needs to open a Safe from the chain alone while the gateway does not answer. Chains in
   * `rpcUrls` that the app knows by id (Ethereum, Sepolia, the large L2s) need none.
   */
  chains: z.optional(
    z
      .array(
        z.object({
          chainId: z.string().check(z.regex(/^\d{1,20}$/, { error: 'chains: chainId must be a decimal id' })),
          chainName: z.string().check(z.minLength(1), z.maxLength(80)),
          shortName: z.string().check(z.regex(/^[a-z0-9-]{1,20}$/i, { error: 'chains: invalid shortName' })),
          nativeCurrency: z.object({
            name: z.string().check(z.maxLength(40)),
            symbol: z.string().check(z.minLength(1), z.maxLength(12)),
            decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
          }),
          l2: z.boolean(),
        }),
      )
      .check(z.maxLength(64)),
  ),
  /** Present only when the app serves the local devnet: its chains and the devnet wallet's accounts. */
  devnet: z.optional(
    z.object({
      /** The main devnet chain first, then any other (DEVNET_SECOND_CHAIN). */
      chainIds: z
        .array(z.string().check(z.regex(/^\d+$/, { error: 'devnet.chainIds must be decimal chain ids' })))
        .check(z.minLength(1, { error: 'devnet.chainIds names no chain' })),
      accounts: z
        .array(
          z.object({
            address: z
              .string()
              .check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'devnet.accounts: invalid address' })),
            label: z.string(),
          }),
        )
        .check(z.minLength(1)),
    }),
  ),
});

/**
 * The configuration as the app will read it, or each of its problems in one sentence. The web server
 * checks what it is about to serve with this too, so a bad setting stops the server, not the page.
 */
export function checkRuntimeConfig(raw: unknown): Result<RuntimeConfig, string[]> {
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (parsed.success) return ok(parsed.data);
  return err(
    parsed.error.issues.map((issue) =>
      issue.code === 'invalid_type' && issue.path.length === 0
        ? 'window.__COUNTERSIGN_CONFIG__ must be an object'
        : issue.message,
    ),
  );
}

export function parseRuntimeConfig(raw: unknown): Result<RuntimeConfig> {
  if (raw === undefined || raw === null) {
    return err(
      'The runtime configuration is missing: /config.js did not set window.__COUNTERSIGN_CONFIG__ = { gatewayUrl: "https://…" }.',
    );
  }
  const checked = checkRuntimeConfig(raw);
  if (!checked.ok) {
    return err(`The runtime configuration in /config.js is invalid: ${checked.error.join('; ')}.`);
  }
  return checked;
}

export function readRuntimeConfig(): Result<RuntimeConfig> {
  // globalThis is the page's window; outside a page (the web server imports this module) it is unset.
  return parseRuntimeConfig((globalThis as { __COUNTERSIGN_CONFIG__?: unknown }).__COUNTERSIGN_CONFIG__);
}
