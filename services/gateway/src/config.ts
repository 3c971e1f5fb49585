import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { PriceApiOptions } from './assets/priceApi';
import { readManifest } from '@countersign/devnet/manifest';
import { chainConfigSchema, type ChainConfig } from './chains/chainConfig';
import { devnetChainConfig } from './chains/devnetChain';
import { defaultMaxBodyBytes } from './http/bodyLimit';
import { defaultIpv6PrefixBits } from './http/clientNetwork';
import { defaultShutdownGraceMs } from './ops/closeServer';
import { defaultRateLimits, type RateLimit, type RateLimits } from './http/rateLimit';
import type { LogFormat } from './ops/log';
import { defaultMaxConcurrentRequests } from './http/concurrency';
import { defaultRequestLimits, type RequestLimits } from './http/requestScope';
import type { StoreOptions } from './store';

export const defaultGatewayPort = 8787;
export const defaultWebPort = 5173;

const portSchema = z.coerce.number().int().min(0).max(65535);

export type GatewayConfig = {
  host: string;
  port: number;
  corsOrigins: string[];
  chains: ChainConfig[];
  store: StoreOptions;
  sessionSecret?: string;
  maxBodyBytes?: number;
  rateLimits?: RateLimits;
  trustedProxies?: string[];
  rateLimitIpv6Prefix?: number;
  secureCookies?: boolean;
  requestLimits?: RequestLimits;
  maxConcurrentRequests?: number;
  metrics?: boolean;
  logFormat?: LogFormat;
  shutdownGraceMs?: number;
  /** Units of each fiat currency per USD (see GatewayOptions.fiatPerUsd). */
  fiatPerUsd?: Record<string, string>;
  priceApi?: PriceApiOptions;
};

const countSchema = z.coerce.number().int().min(0);
const positiveSchema = z.coerce.number().int().min(1);

/**
 * Reads one setting; a failure becomes one line naming it, its value (a URL without its user and
 * password) and what to do, so that a bad setting is not a stack trace.
 */
function setting<T>(env: NodeJS.ProcessEnv, name: string, hint: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const issue = error instanceof z.ZodError ? error.issues[0] : undefined;
    const reason = issue
      ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`
      : error instanceof Error
        ? error.message.split('\n')[0]
        : String(error);
    const value = (env[name] ?? '').replace(/\/\/[^/@]*@/, '//***@');
    throw new Error(`${name}=${JSON.stringify(value)} is refused (${reason}): ${hint}`, { cause: error });
  }
}

/** A path setting relative to where the command was run (npm's INIT_CWD), not the package's folder. */
const pathSetting = (env: NodeJS.ProcessEnv, value: string) => resolve(env.INIT_CWD ?? process.cwd(), value);

/** A per-minute limit from the environment: unset keeps the default, 0 turns the limit off. */
function perMinute(value: string | undefined, fallback: RateLimit): RateLimit | null {
  if (value === undefined || value === '') return fallback;
  const limit = countSchema.parse(value);
  return limit === 0 ? null : { limit, windowMs: 60_000 };
}

/**
 * The gateway's configuration from the environment:
 * - GATEWAY_HOST (127.0.0.1), GATEWAY_PORT (8787);
 * - GATEWAY_CORS_ORIGINS: comma-separated origins allowed with credentials (the web app's);
 * - chains: GATEWAY_CHAINS_FILE (a JSON array of chain configurations) and/or DEVNET_MANIFEST (the
 *   devnet's manifest.json), with EXPLORER_URL for the devnet's explorer links;
 * - data: DATABASE_URL (PostgreSQL, with DATABASE_SCHEMA to keep the tables in a schema of their own)
 *   or GATEWAY_DATA_DIR (the embedded database's folder;
 *   `.countersign/gateway` by default);
 * - GATEWAY_SESSION_SECRET: the key for session cookies (made once and kept in the database if unset);
 * - GATEWAY_SECURE_COOKIES=1: the session cookie is marked Secure (a TLS proxy stands in front);
 * - GATEWAY_MAX_BODY_BYTES: the largest request body accepted (64 KiB);
 * - GATEWAY_RATE_LIMIT_WRITES, GATEWAY_RATE_LIMIT_NONCES: writes (POST, PUT, DELETE) and SIWE nonces
 *   a client may make per minute (600 and 120; 0 turns the limit off), across all replicas on one
 *   PostgreSQL; GATEWAY_RATE_LIMIT_READS: other GETs per minute, per replica (6000);
 * - GATEWAY_REQUEST_DEADLINE_MS: how long one request may run before it is answered 504 (5000);
 *   GATEWAY_CALL_GAS_CAP, GATEWAY_CALL_TIMEOUT_MS: the gas and time one chain call made for a request
 *   may take (1000000, 2000); GATEWAY_CALL_BUDGET: calls into contracts a client names (EIP-1271
 *   wallets, estimates) per minute (120; 0: no limit); GATEWAY_MAX_CONCURRENT_REQUESTS: requests one
 *   replica answers at once before it answers 503 (256);
 * - GATEWAY_TRUSTED_PROXIES: comma-separated addresses of proxies whose X-Forwarded-For is believed;
 * - GATEWAY_METRICS=off: no GET /metrics (Prometheus; served by default, on the API's port);
 * - LOG_FORMAT=json: one JSON line per request and JSON log lines on stdout (`text` by default);
 * - GATEWAY_SHUTDOWN_GRACE_MS: how long SIGTERM/SIGINT let requests in flight finish (10000);
 * - GATEWAY_FIAT_PER_USD: the exchange rates, a JSON object of fiat code → units per USD
 *   (`{"USD":"1","EUR":"0.86"}`); the currencies offered are its keys. Without it, the price API's
 *   rates; without either, USD alone for real chains (a chains file) and example rates on the devnet;
 * - GATEWAY_PRICE_API_URL: a CoinGecko-compatible price API (see assets/priceApi.ts), asked for the
 *   prices of tokens no fixed price or feed prices, on chains whose configuration names them there
 *   (`priceApi`); GATEWAY_PRICE_API_KEY, sent in the header GATEWAY_PRICE_API_KEY_HEADER
 *   (`x-cg-pro-api-key` by default).
 * GET /livez and GET /readyz are always served (see ops/readiness.ts). Paths are relative to the
 * directory the command was run from. A refused setting throws one line naming it; read from the
 * process's own environment (the standalone gateway), that line is printed and the process exits 1.
 */
export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  try {
    return readGatewayConfig(env);
  } catch (error) {
    if (env !== process.env) throw error;
    console.error(`gateway: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function readGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  const port = setting(env, 'GATEWAY_PORT', 'set a port number 0-65535', () =>
    portSchema.parse(env.GATEWAY_PORT ?? defaultGatewayPort),
  );
  const fiatPerUsd = env.GATEWAY_FIAT_PER_USD
    ? setting(env, 'GATEWAY_FIAT_PER_USD', 'set a JSON object of fiat code → units per USD', () =>
        fiatPerUsdSchema.parse(JSON.parse(env.GATEWAY_FIAT_PER_USD ?? '')),
      )
    : undefined;
  const priceApi: PriceApiOptions | undefined = env.GATEWAY_PRICE_API_URL
    ? {
        url: setting(env, 'GATEWAY_PRICE_API_URL', 'set the http(s) URL of a CoinGecko-compatible API', () =>
          z
            .string()
            .url()
            .regex(/^https?:\/\//)
            .parse(env.GATEWAY_PRICE_API_URL),
        ),
        apiKey: env.GATEWAY_PRICE_API_KEY || undefined,
        apiKeyHeader: env.GATEWAY_PRICE_API_KEY_HEADER
          ? setting(env, 'GATEWAY_PRICE_API_KEY_HEADER', 'set an HTTP header name', () =>
              z
                .string()
                .regex(/^[A-Za-z0-9-]{1,64}$/)
                .parse(env.GATEWAY_PRICE_API_KEY_HEADER),
            )
          : undefined,
      }
    : undefined;
  const webOrigin = `http://127.0.0.1:${env.WEB_PORT ?? defaultWebPort}`;
  const corsOrigins = (
    env.GATEWAY_CORS_ORIGINS ?? `${webOrigin},http://localhost:${env.WEB_PORT ?? defaultWebPort}`
  )
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const chains: ChainConfig[] = [];
  const { GATEWAY_CHAINS_FILE: chainsFile, DEVNET_MANIFEST: manifestFile } = env;
  if (chainsFile) {
    chains.push(
      ...setting(env, 'GATEWAY_CHAINS_FILE', 'point it at a JSON array of chain configurations', () =>
        z.array(chainConfigSchema).parse(JSON.parse(readFileSync(pathSetting(env, chainsFile), 'utf8'))),
      ),
    );
  }
  if (manifestFile) {
    const manifest = setting(env, 'DEVNET_MANIFEST', "point it at the devnet's manifest.json", () =>
      readManifest(pathSetting(env, manifestFile)),
    );
    chains.push(devnetChainConfig(manifest, { explorerUrl: env.EXPLORER_URL ?? `${webOrigin}/explorer` }));
  }
  if (chains.length === 0)
    throw new Error('No chains configured: set DEVNET_MANIFEST or GATEWAY_CHAINS_FILE');
  const store: StoreOptions = env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA || undefined }
    : { dataDir: dataDirOf(env) };
  return {
    host: env.GATEWAY_HOST ?? '127.0.0.1',
    port,
    corsOrigins,
    chains,
    store,
    sessionSecret: env.GATEWAY_SESSION_SECRET || undefined,
    shutdownGraceMs: setting(env, 'GATEWAY_SHUTDOWN_GRACE_MS', 'set a whole number of milliseconds', () =>
      countSchema.parse(env.GATEWAY_SHUTDOWN_GRACE_MS || defaultShutdownGraceMs),
    ),
    // Rates a deployment stands behind, or USD alone: the devnet's examples never reach a real chain.
    fiatPerUsd: fiatPerUsd ?? (chainsFile && !priceApi ? { USD: '1' } : undefined),
    ...(priceApi ? { priceApi } : {}),
    ...gatewayLimitsFromEnv(env),
  };
}

const fiatPerUsdSchema = z
  .record(z.string().regex(/^[A-Za-z]{3,5}$/), z.string().regex(/^\d+(\.\d+)?$/))
  .refine((rates) => Object.keys(rates).length > 0, 'name at least one currency');

/**
 * The embedded database's folder: GATEWAY_DATA_DIR, or the repository's `.countersign/gateway`
 * (found from this module's place, services/gateway/src), with its parents created.
 */
function dataDirOf(env: NodeJS.ProcessEnv): string {
  const dataDir = env.GATEWAY_DATA_DIR
    ? pathSetting(env, env.GATEWAY_DATA_DIR)
    : resolve(import.meta.dirname, '../../../.countersign/gateway');
  mkdirSync(dirname(dataDir), { recursive: true });
  return dataDir;
}

export type GatewayLimits = Pick<
  GatewayConfig,
  | 'maxBodyBytes'
  | 'rateLimits'
  | 'trustedProxies'
  | 'rateLimitIpv6Prefix'
  | 'secureCookies'
  | 'metrics'
  | 'logFormat'
  | 'requestLimits'
  | 'maxConcurrentRequests'
>;

const logFormatSchema = z.enum(['text', 'json']);

/**
 * What bounds, secures and observes the gateway's requests, from the environment (the standalone
 * gateway and `npm start` read it alike): GATEWAY_MAX_BODY_BYTES, GATEWAY_RATE_LIMIT_WRITES,
 * GATEWAY_RATE_LIMIT_NONCES, GATEWAY_RATE_LIMIT_READS, GATEWAY_TRUSTED_PROXIES, GATEWAY_SECURE_COOKIES, GATEWAY_METRICS
 * (`off` drops /metrics), LOG_FORMAT (`json` or `text`).
 */
export function gatewayLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayLimits {
  return {
    maxBodyBytes: setting(env, 'GATEWAY_MAX_BODY_BYTES', 'set a whole number of bytes', () =>
      countSchema.parse(env.GATEWAY_MAX_BODY_BYTES || defaultMaxBodyBytes),
    ),
    rateLimits: {
      writes: setting(env, 'GATEWAY_RATE_LIMIT_WRITES', 'set a whole number per minute (0: no limit)', () =>
        perMinute(env.GATEWAY_RATE_LIMIT_WRITES, defaultRateLimits.writes),
      ),
      authNonces: setting(
        env,
        'GATEWAY_RATE_LIMIT_NONCES',
        'set a whole number per minute (0: no limit)',
        () => perMinute(env.GATEWAY_RATE_LIMIT_NONCES, defaultRateLimits.authNonces),
      ),
      reads: setting(env, 'GATEWAY_RATE_LIMIT_READS', 'set a whole number per minute (0: no limit)', () =>
        perMinute(env.GATEWAY_RATE_LIMIT_READS, defaultRateLimits.reads),
      ),
    },
    trustedProxies: (env.GATEWAY_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    rateLimitIpv6Prefix: setting(env, 'GATEWAY_RATE_LIMIT_IPV6_PREFIX', 'set a prefix length 0-128', () =>
      z.coerce
        .number()
        .int()
        .min(0)
        .max(128)
        .parse(env.GATEWAY_RATE_LIMIT_IPV6_PREFIX || defaultIpv6PrefixBits),
    ),
    secureCookies: env.GATEWAY_SECURE_COOKIES === '1',
    requestLimits: {
      deadlineMs: setting(env, 'GATEWAY_REQUEST_DEADLINE_MS', 'set a whole number of milliseconds', () =>
        positiveSchema.parse(env.GATEWAY_REQUEST_DEADLINE_MS || defaultRequestLimits.deadlineMs),
      ),
      callGasCap: setting(env, 'GATEWAY_CALL_GAS_CAP', 'set a whole amount of gas', () =>
        BigInt(positiveSchema.parse(env.GATEWAY_CALL_GAS_CAP || Number(defaultRequestLimits.callGasCap))),
      ),
      callTimeoutMs: setting(env, 'GATEWAY_CALL_TIMEOUT_MS', 'set a whole number of milliseconds', () =>
        positiveSchema.parse(env.GATEWAY_CALL_TIMEOUT_MS || defaultRequestLimits.callTimeoutMs),
      ),
      callBudget: setting(env, 'GATEWAY_CALL_BUDGET', 'set a whole number per minute (0: no limit)', () =>
        perMinute(env.GATEWAY_CALL_BUDGET, defaultRequestLimits.callBudget),
      ),
    },
    maxConcurrentRequests: setting(env, 'GATEWAY_MAX_CONCURRENT_REQUESTS', 'set a whole number', () =>
      positiveSchema.parse(env.GATEWAY_MAX_CONCURRENT_REQUESTS || defaultMaxConcurrentRequests),
    ),
    metrics: env.GATEWAY_METRICS !== 'off',
    logFormat: setting(env, 'LOG_FORMAT', 'set text or json', () =>
      logFormatSchema.parse(env.LOG_FORMAT || 'text'),
    ),
  };
}
