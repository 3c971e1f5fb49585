import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devAccounts, startDevnet, type Devnet } from '@countersign/devnet';
import { createGatewayClient, proposalBody } from '@countersign/gateway-api';
import {
  buildSafeTx,
  hashSafeTx,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
  safeTxTypedData,
} from '@countersign/safe-core';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { spawnGateway, stopProcess } from './support/gatewayProcess';

const killHard = (child: ChildProcess) => stopProcess(child, 'SIGKILL');

let devnet: Devnet;
let stateDir: string;
const [ownerA] = [devAccounts()[1]!.account];

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'countersign-kill-'));
  devnet = await startDevnet({ port: 0, stateDir });
});
afterAll(async () => {
  await devnet?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe.each(testDatabases())('kill -9 of the gateway on $name', ({ name, options }) => {
  it('keeps every write it acknowledged', async () => {
    const store = options();
    const dataDir = mkdtempSync(join(tmpdir(), 'countersign-kill-data-'));
    const env: NodeJS.ProcessEnv = {
      DEVNET_MANIFEST: devnet.manifestPath,
      ...(name === 'postgres'
        ? { DATABASE_URL: store.databaseUrl, DATABASE_SCHEMA: store.schema }
        : { GATEWAY_DATA_DIR: dataDir }),
    };
    try {
      const team = devnet.manifest.safes[0]!.address as Address;
      const first = await spawnGateway(env);
      const client = createGatewayClient({ baseUrl: first.url });
      const tx = buildSafeTx({ to: ownerA.address, value: parseEther('0.2'), nonce: 8n });
      await client.proposeTransaction({
        chainId: '1337',
        safeAddress: team,
        body: proposalBody(tx, {
          safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
          sender: ownerA.address,
          signature: await ownerA.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx })),
          origin: null,
        }),
      });
      const message = `acknowledged before kill -9 on ${name}`;
      await client.proposeMessage({
        chainId: '1337',
        safeAddress: team,
        body: {
          message,
          signature: await ownerA.signTypedData(
            safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(message) }),
          ),
        },
      });
      await killHard(first.child);

      const second = await spawnGateway(env);
      try {
        const again = createGatewayClient({ baseUrl: second.url });
        const details = await again.getTransaction({
          chainId: '1337',
          id: hashSafeTx({ chainId: 1337, safe: team, tx }),
        });
        expect(details.txStatus).toBe('AWAITING_CONFIRMATIONS');
        const stored = await again.getMessage({
          chainId: '1337',
          messageHash: safeMessageHash({ chainId: 1337, safe: team, message }),
        });
        expect(stored.message).toBe(message);
      } finally {
        await killHard(second.child);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
