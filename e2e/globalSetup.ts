import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { spawnStart } from '../scripts/startProcess';
import { stackFile } from './stack';

/** Runs the whole local stack once, through the same entry point as `npm start`, on free ports. */
export default async function globalSetup() {
  const started = await spawnStart();
  const manifest = JSON.parse(readFileSync(started.ready.manifestPath!, 'utf8')) as {
    chainId: number;
    safes: unknown[];
    accounts: unknown[];
  };
  mkdirSync(dirname(stackFile), { recursive: true });
  writeFileSync(
    stackFile,
    JSON.stringify({
      ...started.ready,
      chainId: manifest.chainId,
      safes: manifest.safes,
      accounts: manifest.accounts,
    }),
  );
  return async () => {
    await started.stop('SIGTERM');
    rmSync(stackFile, { force: true });
  };
}
