import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { devnetShortName, gatewayLimitsFromEnv } from '@countersign/gateway';
import { DEFAULT_DEMO_APPS_PORT } from '@countersign/demo-apps/server';
import { defaultStateDir, startStack } from './stack';
import { ensureWebBuild } from './webBuild';

/**
 * `npm start`: builds what is missing, starts devnet → gateway → web, prints where each listens,
 * and stops everything on Ctrl-C or SIGTERM. See the README for the environment variables.
 */
const startedAt = performance.now();
const port = z.coerce.number().int().min(0).max(65535);
const env = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    RPC_PORT: port.default(8545),
    GATEWAY_PORT: port.default(8787),
    WEB_PORT: port.default(5173),
    DEMO_APPS_PORT: port.default(DEFAULT_DEMO_APPS_PORT),
    DEVNET_STATE_DIR: z.string().default(defaultStateDir),
    GATEWAY_URL: z.string().url().optional(),
    GATEWAY_CORS_ORIGINS: z.string().optional(),
    DATABASE_URL: z.string().optional(),
    WALLETCONNECT_PROJECT_ID: z.string().optional(),
    WALLETCONNECT_RELAY_URL: z.string().optional(),
    FRAME_ANCESTORS: z.string().optional(),
    WEB_PRERENDER_BUDGET_MS: z.coerce.number().int().min(0).optional(),
    COUNTERSIGN_READY_FILE: z.string().optional(),
    // Internal, for the end-to-end tests: snapshot routes on the local gateway, and a build made
    // once beforehand by the test run rather than checked again by each of its stacks.
    COUNTERSIGN_TEST_CONTROL: z.literal('1').optional(),
    COUNTERSIGN_SKIP_WEB_BUILD: z.literal('1').optional(),
  })
  .parse(process.env);

if (!env.COUNTERSIGN_SKIP_WEB_BUILD) ensureWebBuild();
const stack = await startStack({
  host: env.HOST,
  rpcPort: env.RPC_PORT,
  gatewayPort: env.GATEWAY_PORT,
  webPort: env.WEB_PORT,
  demoAppsPort: env.DEMO_APPS_PORT,
  stateDir: resolve(env.DEVNET_STATE_DIR),
  gatewayUrl: env.GATEWAY_URL,
  corsOrigins: env.GATEWAY_CORS_ORIGINS?.split(',').map((o) => o.trim()),
  databaseUrl: env.DATABASE_URL,
  walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID,
  walletConnectRelayUrl: env.WALLETCONNECT_RELAY_URL,
  prerenderBudgetMs: env.WEB_PRERENDER_BUDGET_MS,
  testControl: env.COUNTERSIGN_TEST_CONTROL === '1',
  gatewayLimits: gatewayLimitsFromEnv(process.env),
  frameAncestors: env.FRAME_ANCESTORS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
}).catch((error: unknown) => {
  // A service that cannot start (a port taken, a setting refused) is told in one line; startStack
  // has already stopped whatever it had started.
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

console.log(`web: ${stack.webUrl}`);
console.log(`gateway: ${stack.gatewayUrl}`);
if (stack.rpcUrl) console.log(`rpc: ${stack.rpcUrl}`);
console.log(`demo apps: ${stack.demoAppsUrl}/`);
if (stack.manifest) {
  console.log(`\nDemo Safes (devnet ${stack.devnetReused ? 'reused' : 'deployed and seeded'}):`);
  for (const safe of stack.manifest.safes) {
    console.log(`  ${safe.name}: ${stack.webUrl}/${devnetShortName}:${safe.address}/home`);
  }
  console.log("\nDev accounts (anvil's default mnemonic; never use them on a real chain):");
  for (const account of stack.manifest.accounts) {
    console.log(`  #${account.index} ${account.address} ${account.privateKey} ${account.role}`);
  }
}
const readyMs = Math.round(performance.now() - startedAt);
console.log(`\nReady in ${readyMs} ms. Press Ctrl-C to stop.`);
if (env.COUNTERSIGN_READY_FILE) {
  // Written whole and then renamed: whoever waits for the file never reads half of it.
  const temporary = `${env.COUNTERSIGN_READY_FILE}.${process.pid}.tmp`;
  writeFileSync(
    temporary,
    JSON.stringify({
      webUrl: stack.webUrl,
      gatewayUrl: stack.gatewayUrl,
      demoAppsUrl: stack.demoAppsUrl,
      rpcUrl: stack.rpcUrl,
      manifestPath: stack.manifestPath,
      readyMs,
      pid: process.pid,
    }),
  );
  renameSync(temporary, env.COUNTERSIGN_READY_FILE);
}
