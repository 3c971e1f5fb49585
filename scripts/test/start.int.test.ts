import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  pageSchema,
  safeInfoSchema,
  safeMessageListItemSchema,
  transactionListItemSchema,
} from '@countersign/gateway-api';
import { readManifest } from '@countersign/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnStart, type StartedProcess } from '../startProcess';

/** `npm start` as a user runs it: every service up, the links printed, and nothing left after a stop. */
let started: StartedProcess;

beforeAll(async () => {
  started = await spawnStart();
});
afterAll(async () => {
  await started?.stop('SIGKILL');
});

function isListening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  it('prints one line per service and a link per demo Safe', () => {
    const output = started.output();
    expect(output).toContain(`web: ${started.ready.webUrl}`);
    expect(output).toContain(`gateway: ${started.ready.gatewayUrl}`);
    expect(output).toContain(`rpc: ${started.ready.rpcUrl}`);
    const manifest = readManifest(started.ready.manifestPath!);
    for (const safe of manifest.safes)
      expect(output).toContain(`${started.ready.webUrl}/local:${safe.address}/home`);
    for (const account of manifest.accounts) expect(output).toContain(account.address);
  });

  it('serves the web app, deep links included, configured with its gateway', async () => {
    const manifest = readManifest(started.ready.manifestPath!);
    const page = await fetch(`${started.ready.webUrl}/local:${manifest.safes[0]!.address}/home`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const config = await (await fetch(`${started.ready.webUrl}/config.js`)).text();
    expect(config).toContain(JSON.stringify(started.ready.gatewayUrl));
  });

  it('serves the demo Safe through the gateway', async () => {
    const manifest = readManifest(started.ready.manifestPath!);
    const response = await fetch(
      `${started.ready.gatewayUrl}/v1/chains/1337/safes/${manifest.safes[0]!.address}`,
    );
    const info = safeInfoSchema.parse(await response.json());
    expect(info.threshold).toBe(2);
    expect(info.owners).toHaveLength(3);
  });

  it('seeds the queue through the gateway: one half-signed proposal, then a conflict', async () => {
    const manifest = readManifest(started.ready.manifestPath!);
    const response = await fetch(
      `${started.ready.gatewayUrl}/v1/chains/1337/safes/${manifest.safes[0]!.address}/transactions/queued`,
    );
    const page = pageSchema(transactionListItemSchema).parse(await response.json());
    const shape = page.results.map((item) =>
      item.type === 'TRANSACTION'
        ? `${item.transaction.txStatus} ${item.conflictType}`
        : item.type === 'LABEL'
          ? item.label
          : item.type,
    );
    expect(shape).toEqual([
      'Next',
      'AWAITING_CONFIRMATIONS None',
      'Queued',
      'CONFLICT_HEADER',
      'AWAITING_CONFIRMATIONS HasNext',
      'AWAITING_CONFIRMATIONS End',
    ]);
  });

  it('seeds an off-chain message signed by one owner of two', async () => {
    const manifest = readManifest(started.ready.manifestPath!);
    const response = await fetch(
      `${started.ready.gatewayUrl}/v1/chains/1337/safes/${manifest.safes[0]!.address}/messages`,
    );
    const page = pageSchema(safeMessageListItemSchema).parse(await response.json());
    const messages = page.results.filter((item) => item.type === 'MESSAGE');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      status: 'NEEDS_CONFIRMATION',
      confirmationsSubmitted: 1,
      confirmationsRequired: 2,
    });
  });

  it('stops every service on SIGTERM: no process left, no port bound', async () => {
    const urls = [started.ready.webUrl, started.ready.gatewayUrl, started.ready.rpcUrl!];
    const manifest = readManifest(started.ready.manifestPath!);
    expect(manifest.rpcUrl).toBe(started.ready.rpcUrl);
    const code = await started.stop('SIGTERM');
    expect(code).toBe(0);
    for (const url of urls) expect(await isListening(url)).toBe(false);
  });
});

describe('npm start, again on the same state', () => {
  it('refuses a setting with one line and exit code 1, no stack trace', async () => {
    const failure = await spawnStart({
      env: { GATEWAY_URL: 'http://127.0.0.1:9', WALLETCONNECT_RELAY_URL: 'https://relay.example.com' },
    }).then(
      () => undefined,
      (error: unknown) => String(error),
    );
    expect(failure).toContain('npm start exited (1) before it was ready');
    expect(failure).toContain(
      'npm start: walletConnectRelayUrl must be a ws(s) URL, got "https://relay.example.com"',
    );
    expect(failure).not.toMatch(/\n\s+at /);
  });

  it('reuses the saved chain and stops on SIGINT', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'countersign-state-'));
    try {
      const first = await spawnStart({ stateDir });
      try {
        expect(first.output()).toContain('deployed and seeded');
      } finally {
        expect(await first.stop('SIGINT')).toBe(0);
      }
      const second = await spawnStart({ stateDir });
      const rpcUrl = second.ready.rpcUrl!;
      try {
        expect(second.output()).toContain('devnet reused');
      } finally {
        expect(await second.stop('SIGTERM')).toBe(0);
      }
      expect(await isListening(rpcUrl)).toBe(false);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
