import { resolve } from 'node:path';
import { startDevnet } from './devnet';

/** Runs the devnet on its own: `npm start -w @countersign/devnet`. */
const stateDir = resolve(process.env.DEVNET_STATE_DIR ?? '.countersign/devnet');
const port = Number(process.env.RPC_PORT ?? 8545);
const started = performance.now();
const devnet = await startDevnet({ port, stateDir, host: process.env.RPC_HOST ?? '127.0.0.1' });
console.log(`rpc: ${devnet.rpcUrl}`);
console.log(
  `devnet ${devnet.reused ? 'reused from' : 'deployed and seeded into'} ${stateDir} in ${Math.round(performance.now() - started)} ms`,
);
for (const safe of devnet.manifest.safes) console.log(`  ${safe.name}: ${safe.address}`);
const stop = async () => {
  await devnet.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
