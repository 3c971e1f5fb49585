import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import {
  describeSafe,
  onParentExit,
  readSafeSummaries,
  redactUrl,
  resolvePathSetting,
  safesOwnedBy,
} from '@countersign/devnet';
import { devnetShortName, gatewayLimitsFromEnv } from '@countersign/gateway';
import { DEFAULT_DEMO_APPS_PORT } from '@countersign/demo-apps/server';
import { parseChainRpcUrls } from '@countersign/web/server';
import { warnIfUnreachable } from './probes';
import { parseSettings } from './settings';
import { defaultStateDir, secondDevnetShortName, startStack } from './stack';
import { unfinishedSteps } from './startSteps';
import { ensureWebBuild } from './webBuild';

/**
 * `npm start`: builds what is missing, starts devnet → gateway → web, prints where each listens,
 * and stops everything on Ctrl-C or SIGTERM. See the README for the environment variables. Path
 * settings are relative to the directory `npm start` was run from (npm's INIT_CWD). A setting or a
 * service that is refused ends the start with one line on stderr and exit code 1.
 */
const fail = (error: unknown): never => {
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
};
// npm and its shell may be gone when we stop: a closed stdout must not turn the stop into a crash.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);
const startedAt = performance.now();
const port = z.coerce.number().int().min(0).max(65535);
const orFail = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    return fail(error);
  }
};
const env = orFail(() =>
  parseSettings(
    z.object({
      HOST: z.string().default('127.0.0.1'),
      RPC_PORT: port.default(8545),
      GATEWAY_PORT: port.default(8787),
      WEB_PORT: port.default(5173),
      DEMO_APPS_PORT: port.default(DEFAULT_DEMO_APPS_PORT),
      DEVNET_STATE_DIR: z.string().default(defaultStateDir),
      GATEWAY_URL: z.string().url().optional(),
      GATEWAY_CORS_ORIGINS: z.string().optional(),
      DATABASE_URL: z.string().optional(),
      DATABASE_SCHEMA: z.string().optional(),
      WALLETCONNECT_PROJECT_ID: z.string().optional(),
      WALLETCONNECT_RELAY_URL: z.string().optional(),
      WALLETCONNECT_VERIFY: z.enum(['on', 'off']).optional(),
      FRAME_ANCESTORS: z.string().optional(),
      CHAIN_RPC_URLS: z.string().optional(),
      WEB_PRERENDER_BUDGET_MS: z.coerce.number().int().min(0).optional(),
      COUNTERSIGN_READY_FILE: z.string().optional(),
      START_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(90),
      DEVNET_SECOND_CHAIN: z.literal('1').optional(),
      // Internal, for the end-to-end tests: snapshot routes on the local gateway, and a build made
      // once beforehand by the test run rather than checked again by each of its stacks.
      COUNTERSIGN_TEST_CONTROL: z.literal('1').optional(),
      COUNTERSIGN_SKIP_WEB_BUILD: z.literal('1').optional(),
    }),
    process.env,
  ),
);
const gatewayLimits = orFail(() => gatewayLimitsFromEnv(process.env));
const stateDir = resolvePathSetting(env.DEVNET_STATE_DIR);
const readyFile = env.COUNTERSIGN_READY_FILE && resolvePathSetting(env.COUNTERSIGN_READY_FILE);
if (env.DATABASE_URL && !env.GATEWAY_URL) {
  console.log(
    `gateway database: ${redactUrl(env.DATABASE_URL)}, schema ${
      env.DATABASE_SCHEMA
        ? `"${env.DATABASE_SCHEMA}" (DATABASE_SCHEMA)`
        : '"public" (set DATABASE_SCHEMA to keep the tables in a schema of their own)'
    }`,
  );
}

if (!env.COUNTERSIGN_SKIP_WEB_BUILD) ensureWebBuild({ quiet: true });
let stopping = false;
const running: { stop?: () => Promise<void> } = {};
const shutdown = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: stopping…`);
  await running.stop?.();
  process.exit(0);
};
// Both stop every service: SIGTERM (kill, an orchestrator) as Ctrl-C does; and so does the end of
// the npm that started us, whose shell does not pass its SIGTERM on.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
onParentExit(() => void shutdown('npm exited'));

// The services either become ready by the deadline or the start ends saying which step did not
// finish: never a start that waits on in silence. (The web build before it has its own output.)
const deadline = setTimeout(() => {
  const steps = unfinishedSteps();
  fail(
    `not ready after ${env.START_TIMEOUT_SECONDS} s (START_TIMEOUT_SECONDS); ${
      steps.length > 0 ? `still under way: ${steps.join('; ')}` : 'no step was under way'
    }`,
  );
}, env.START_TIMEOUT_SECONDS * 1000);
const stack = await startStack({
  host: env.HOST,
  rpcPort: env.RPC_PORT,
  gatewayPort: env.GATEWAY_PORT,
  webPort: env.WEB_PORT,
  demoAppsPort: env.DEMO_APPS_PORT,
  stateDir,
  gatewayUrl: env.GATEWAY_URL,
  corsOrigins: env.GATEWAY_CORS_ORIGINS?.split(',').map((o) => o.trim()),
  databaseUrl: env.DATABASE_URL,
  databaseSchema: env.DATABASE_SCHEMA || undefined,
  walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID,
  walletConnectRelayUrl: env.WALLETCONNECT_RELAY_URL,
  walletConnectVerify: env.WALLETCONNECT_VERIFY === undefined ? undefined : env.WALLETCONNECT_VERIFY === 'on',
  prerenderBudgetMs: env.WEB_PRERENDER_BUDGET_MS,
  testControl: env.COUNTERSIGN_TEST_CONTROL === '1',
  secondChain: env.DEVNET_SECOND_CHAIN === '1',
  gatewayLimits,
  frameAncestors: env.FRAME_ANCESTORS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  rpcUrls: orFail(() => parseChainRpcUrls(env.CHAIN_RPC_URLS)),
}).catch((error: unknown) => {
  // A service that cannot start (a port taken, a setting refused) is told in one line; startStack
  // has already stopped whatever it had started.
  return fail(error);
});
// A signal while the services start exits at once: the exit hooks stop the chain, and the servers
// in this process end with it.
running.stop = stack.stop;
clearTimeout(deadline);

console.log(`web: ${stack.webUrl}`);
console.log(`gateway: ${stack.gatewayUrl}`);
if (stack.rpcUrl) console.log(`rpc: ${stack.rpcUrl}`);
if (stack.secondManifest)
  console.log(`rpc (chain ${stack.secondManifest.chainId}): ${stack.secondManifest.rpcUrl}`);
if (stack.demoAppsUrl) console.log(`demo apps: ${stack.demoAppsUrl}/`);
if (env.GATEWAY_URL) await warnIfUnreachable(env.GATEWAY_URL);
if (stack.manifest) {
  const { safes, rpcUrl } = stack.manifest;
  // What each Safe is now (an upgrade or an owner change since it was seeded shows), from the chain.
  const summaries = await readSafeSummaries(rpcUrl, safes);
  const second = stack.secondManifest;
  const secondSummaries = second ? await readSafeSummaries(second.rpcUrl, second.safes) : [];
  console.log(`\nDemo Safes (devnet ${stack.devnetReused ? 'reused' : 'deployed and seeded'}):`);
  safes.forEach((safe, index) => {
    const name = describeSafe(safe.name, summaries[index]);
    console.log(`  ${name}: ${stack.webUrl}/${devnetShortName}:${safe.address}/home`);
  });
  second?.safes.forEach((safe, index) => {
    const name = describeSafe(safe.name, secondSummaries[index]);
    console.log(`  ${name}, chain 2: ${stack.webUrl}/${secondDevnetShortName}:${safe.address}/home`);
  });
  console.log("\nDev accounts (anvil's default mnemonic; never use them on a real chain):");
  for (const account of stack.manifest.accounts) {
    const owns = safesOwnedBy(account.address, safes, summaries);
    const ownsWords = owns.length > 0 ? ` (owns ${owns.join(', ')})` : '';
    console.log(`  #${account.index} ${account.address} ${account.privateKey} ${account.role}${ownsWords}`);
  }
}
const readyMs = Math.round(performance.now() - startedAt);
console.log(`\nReady in ${readyMs} ms. Press Ctrl-C to stop.`);
if (readyFile) {
  // Written whole and then renamed: whoever waits for the file never reads half of it.
  mkdirSync(dirname(readyFile), { recursive: true });
  const temporary = `${readyFile}.${process.pid}.tmp`;
  writeFileSync(
    temporary,
    JSON.stringify({
      webUrl: stack.webUrl,
      gatewayUrl: stack.gatewayUrl,
      // Empty with a remote gateway (GATEWAY_URL): the demo apps are not started then.
      demoAppsUrl: stack.demoAppsUrl ?? '',
      rpcUrl: stack.rpcUrl,
      manifestPath: stack.manifestPath,
      readyMs,
      pid: process.pid,
    }),
  );
  renameSync(temporary, readyFile);
}
