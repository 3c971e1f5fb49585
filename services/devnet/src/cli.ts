import { join } from 'node:path';
import { startDevnet, type Devnet } from './devnet';
import { onParentExit } from './parentDeath';
import { describeSafe, readSafeSummaries } from './safeSummary';
import { defaultStateRoot, ipForAnvil, resolvePathSetting } from './settings';
import { lockStateDir, type StateLock } from './stateLock';

/**
 * Runs the devnet on its own: `npm start -w @countersign/devnet`. DEVNET_STATE_DIR is relative to
 * the directory the command was run from (the repository's `.countersign/devnet` by default, the
 * folder `npm start` uses too); RPC_HOST and RPC_PORT say where the chain listens.
 */
let lock: StateLock | undefined;
let devnet: Devnet | undefined;
try {
  const stateDir = process.env.DEVNET_STATE_DIR
    ? resolvePathSetting(process.env.DEVNET_STATE_DIR)
    : join(defaultStateRoot, 'devnet');
  const port = Number(process.env.RPC_PORT ?? 8545);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `RPC_PORT="${process.env.RPC_PORT}" is not a port number: set it to 0-65535 (0 picks a free one)`,
    );
  }
  const host = await ipForAnvil(process.env.RPC_HOST ?? '127.0.0.1', 'RPC_HOST');
  lock = lockStateDir(stateDir);
  const started = performance.now();
  devnet = await startDevnet({ port, stateDir, host }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (/address already in use/i.test(message)) {
      throw new Error(
        `RPC_PORT=${port}: the port is in use on ${host}: stop what uses it or set RPC_PORT to another port`,
      );
    }
    throw error;
  });
  console.log(`rpc: ${devnet.rpcUrl}`);
  console.log(
    `devnet ${devnet.reused ? 'reused from' : 'deployed and seeded into'} ${stateDir} in ${Math.round(performance.now() - started)} ms`,
  );
  const summaries = await readSafeSummaries(devnet.rpcUrl, devnet.manifest.safes);
  devnet.manifest.safes.forEach((safe, index) =>
    console.log(`  ${describeSafe(safe.name, summaries[index])}: ${safe.address}`),
  );
} catch (error) {
  // One line naming the setting, no stack trace: what an operator can act on.
  console.error(`devnet: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  lock?.release();
  process.exit(1);
}
const stop = async () => {
  await devnet?.stop();
  lock?.release();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
onParentExit(() => void stop());
