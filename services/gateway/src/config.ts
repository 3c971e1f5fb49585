import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readManifest } from '@countersign/devnet/manifest';
import { chainConfigSchema, type ChainConfig } from './chains/chainConfig';
import { devnetChainConfig } from './chains/devnetChain';
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
};

/**
 * The gateway's configuration from the environment:
 * - GATEWAY_HOST (127.0.0.1), GATEWAY_PORT (8787);
 * - GATEWAY_CORS_ORIGINS: comma-separated origins allowed with credentials (the web app's);
 * - chains: GATEWAY_CHAINS_FILE (a JSON array of chain configurations) and/or DEVNET_MANIFEST (the
 *   devnet's manifest.json), with EXPLORER_URL for the devnet's explorer links;
 * - data: DATABASE_URL (PostgreSQL, with DATABASE_SCHEMA to keep the tables in a schema of their own)
 *   or GATEWAY_DATA_DIR (the embedded database's folder;
 *   `.countersign/gateway` by default);
 * - GATEWAY_SESSION_SECRET: the key for session cookies (made once and kept in the database if unset).
 */
export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const port = portSchema.parse(env.GATEWAY_PORT ?? defaultGatewayPort);
  const webOrigin = `http://127.0.0.1:${env.WEB_PORT ?? defaultWebPort}`;
  const corsOrigins = (
    env.GATEWAY_CORS_ORIGINS ?? `${webOrigin},http://localhost:${env.WEB_PORT ?? defaultWebPort}`
  )
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const chains: ChainConfig[] = [];
  if (env.GATEWAY_CHAINS_FILE) {
    chains.push(
      ...z.array(chainConfigSchema).parse(JSON.parse(readFileSync(env.GATEWAY_CHAINS_FILE, 'utf8'))),
    );
  }
  if (env.DEVNET_MANIFEST) {
    chains.push(
      devnetChainConfig(readManifest(env.DEVNET_MANIFEST), {
        explorerUrl: env.EXPLORER_URL ?? `${webOrigin}/explorer`,
      }),
    );
  }
  if (chains.length === 0)
    throw new Error('No chains configured: set DEVNET_MANIFEST or GATEWAY_CHAINS_FILE');
  const store: StoreOptions = env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA || undefined }
    : { dataDir: env.GATEWAY_DATA_DIR ?? '.countersign/gateway' };
  return {
    host: env.GATEWAY_HOST ?? '127.0.0.1',
    port,
    corsOrigins,
    chains,
    store,
    sessionSecret: env.GATEWAY_SESSION_SECRET || undefined,
  };
}
