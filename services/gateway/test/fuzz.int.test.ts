import fc from 'fast-check';
import { errorBodySchema, proposalBody } from '@countersign/gateway-api';
import { buildSafeTx, hashSafeTx } from '@countersign/safe-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/**
 * Whatever a client sends to a writing endpoint, the gateway answers a 4xx with a readable error body,
 * never a 5xx, and what it stored does not change.
 */
let local: LocalGateway;
let team: Address;

beforeAll(async () => {
  local = await startLocalGateway();
  team = local.devnet.manifest.safes[0]!.address as Address;
});
afterAll(() => local?.stop());

/** Everything a client can read back of the stored data: queue, messages, delegates, nonces. */
async function snapshot(): Promise<string> {
  const paths = [
    `/v1/chains/1337/safes/${team}/transactions/queued`,
    `/v1/chains/1337/safes/${team}/messages`,
    `/v2/chains/1337/delegates?safe=${team}`,
    `/v1/chains/1337/safes/${team}/nonces`,
  ];
  const bodies = await Promise.all(
    paths.map(async (path) => (await fetch(`${local.gateway.url}${path}`)).text()),
  );
  return bodies.join('\n');
}

function validProposal() {
  const tx = buildSafeTx({ to: team, value: 1n, nonce: 8n });
  return proposalBody(tx, {
    safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
    sender: local.devnet.manifest.accounts[6]!.address,
    signature: `0x${'11'.repeat(65)}`,
    origin: null,
  });
}

/** An owner's proposal without its sender's signature: refused, however its fields are changed. */
function unsignedOwnerProposal() {
  const tx = buildSafeTx({ to: team, value: 2n, nonce: 8n });
  return proposalBody(tx, {
    safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
    sender: local.devnet.manifest.accounts[1]!.address,
    signature: null,
    origin: null,
  });
}

const endpoints = () =>
  [
    { method: 'POST', path: `/v1/chains/1337/transactions/${team}/propose`, valid: validProposal() },
    { method: 'POST', path: `/v1/chains/1337/transactions/${team}/propose`, valid: unsignedOwnerProposal() },
    {
      method: 'POST',
      path: `/v2/chains/1337/safes/${team}/multisig-transactions/estimations`,
      valid: { to: team, value: '0', data: null, operation: 1 },
    },
    {
      method: 'POST',
      path: `/v1/chains/1337/safes/${team}/messages`,
      valid: { message: 'hi', signature: `0x${'22'.repeat(65)}` },
    },
    {
      method: 'POST',
      path: `/v1/chains/1337/messages/0x${'ab'.repeat(32)}/signatures`,
      valid: { signature: `0x${'33'.repeat(65)}` },
    },
    {
      method: 'POST',
      path: '/v2/chains/1337/delegates',
      valid: { safe: team, delegate: team, delegator: team, signature: `0x${'44'.repeat(65)}`, label: 'x' },
    },
    {
      method: 'DELETE',
      path: `/v2/chains/1337/delegates/${team}`,
      valid: { safe: team, signature: `0x${'55'.repeat(65)}` },
    },
    {
      method: 'DELETE',
      path: `/v1/chains/1337/transactions/0x${'cd'.repeat(32)}`,
      valid: { signature: `0x${'66'.repeat(65)}` },
    },
    { method: 'POST', path: '/v1/chains/1337/data-decoder', valid: { data: '0x12345678', to: team } },
    {
      method: 'POST',
      path: '/v1/auth/verify',
      valid: { message: 'localhost wants you to sign in', signature: '0x1234' },
    },
    {
      method: 'POST',
      path: '/v1/register/notifications',
      valid: {
        cloudMessagingToken: 't',
        buildNumber: '1',
        bundle: 'b',
        deviceType: 'WEB',
        version: '1',
        safeRegistrations: [{ chainId: '1337', safes: [team], signatures: [`0x${'77'.repeat(65)}`] }],
      },
    },
    {
      method: 'POST',
      path: '/v1/register/notifications',
      // Unsigned, with a fresh timestamp: refused for want of a signature, whatever else changes.
      valid: {
        uuid: '2f1c9a4e-4b7a-4d4e-9a51-6f0e8c3b2a10',
        cloudMessagingToken: 't',
        buildNumber: '1',
        bundle: 'b',
        deviceType: 'WEB',
        version: '1',
        timestamp: String(Math.floor(Date.now() / 1000)),
        safeRegistrations: [{ chainId: '1337', safes: [team], signatures: [] }],
      },
    },
  ] as const;

/** A body: arbitrary JSON, arbitrary text, or a valid body with one field replaced by arbitrary JSON. */
const bodyFor = (valid: Record<string, unknown>) =>
  fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), fc.jsonValue())
      .map(([key, value]) => JSON.stringify({ ...valid, [key]: value })),
  );

describe('fuzzing the writing endpoints', () => {
  it('answers every malformed request with a 4xx and an error body, and stores nothing', async () => {
    const before = await snapshot();
    for (const endpoint of endpoints()) {
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.valid as Record<string, unknown>), async (body) => {
          const response = await fetch(`${local.gateway.url}${endpoint.path}`, {
            method: endpoint.method,
            headers: { 'content-type': 'application/json' },
            body,
          });
          const text = await response.text();
          expect(
            response.status,
            `${endpoint.method} ${endpoint.path} ${body} → ${text}`,
          ).toBeGreaterThanOrEqual(400);
          expect(response.status, `${endpoint.method} ${endpoint.path} ${body} → ${text}`).toBeLessThan(500);
          const parsed = errorBodySchema.parse(JSON.parse(text));
          expect(parsed.code ?? parsed.statusCode).toBeDefined();
        }),
        { numRuns: 40, seed: 20261121 },
      );
    }
    expect(await snapshot()).toBe(before);
  });
});
