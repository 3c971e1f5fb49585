import fc from 'fast-check';
import { errorBodySchema, proposalBody } from '@countersign/gateway-api';
import { buildSafeTx, hashSafeTx } from '@countersign/safe-core';
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/**
 * Whatever a client sends to any endpoint, the gateway answers without a 5xx and without an unhandled
 * error in its log; a malformed write gets a 4xx with a readable error body, and what the gateway
 * stored does not change. A fixed seed in `npm test`; GATEWAY_FUZZ_RUNS=5000 (and GATEWAY_FUZZ_SEED)
 * run longer, for a session of its own.
 */
let local: LocalGateway;
let team: Address;
const runs = Number(process.env.GATEWAY_FUZZ_RUNS ?? 40);
const seed = Number(process.env.GATEWAY_FUZZ_SEED ?? 20261121);
let errors: { mock: { calls: unknown[][] }; mockRestore(): void };

beforeAll(async () => {
  // The fuzz sends thousands of requests from one address: the rate limits are not under test here.
  local = await startLocalGateway({
    limits: { rateLimits: { writes: null, reads: null, authNonces: null } },
  });
  team = local.devnet.manifest.safes[0]!.address as Address;
});
afterAll(() => local?.stop());
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  // The gateway logs what no handler answered as "gateway: unhandled error"; none may be.
  const unhandled = errors.mock.calls.filter((call) => String(call[0]).includes('unhandled'));
  errors.mockRestore();
  expect(unhandled).toEqual([]);
});

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
          expect(response.status, `${endpoint.method} ${endpoint.path} ${body} → ${text}`).toBeLessThan(500);
          // A replaced field may still make a valid body (an estimate of another value): answered.
          if (response.status < 400) return;
          const parsed = errorBodySchema.parse(JSON.parse(text));
          expect(parsed.code ?? parsed.statusCode).toBeDefined();
        }),
        { numRuns: runs, seed },
      );
    }
    expect(await snapshot()).toBe(before);
  });
});

/** Every read route, its parameters to fill in. */
const readRoutes = [
  '/v1/chains/{chainId}',
  '/v1/chains/{chainId}/about/master-copies',
  '/v1/chains/{chainId}/safe-apps',
  '/v1/chains/{chainId}/safes/{safe}',
  '/v1/chains/{chainId}/safes/{safe}/nonces',
  '/v1/chains/{chainId}/safes/{safe}/balances/{fiat}',
  '/v1/chains/{chainId}/safes/{safe}/collectibles',
  '/v2/chains/{chainId}/safes/{safe}/collectibles',
  '/v1/chains/{chainId}/safes/{safe}/incoming-transfers',
  '/v1/chains/{chainId}/safes/{safe}/messages',
  '/v1/chains/{chainId}/safes/{safe}/module-transactions',
  '/v1/chains/{chainId}/safes/{safe}/multisig-transactions',
  '/v1/chains/{chainId}/safes/{safe}/transactions/history',
  '/v1/chains/{chainId}/safes/{safe}/transactions/queued',
  '/v1/chains/{chainId}/safes/{safe}/transactions/creation',
  '/v1/chains/{chainId}/transactions/{id}',
  '/v1/chains/{chainId}/messages/{hash}',
  '/v1/chains/{chainId}/owners/{safe}/safes',
  '/v1/chains/{chainId}/delegates',
  '/v2/chains/{chainId}/delegates',
  '/v1/chains/{chainId}/notifications/devices/{id}',
  '/v1/chains/{chainId}/notifications/devices/{id}/safes/{safe}',
  '/v1/icons/{chainId}/{file}',
  '/v1/balances/supported-fiat-codes',
  '/v1/auth/me',
];

/** What a stranger puts in a path segment or a query value: near misses of valid values, and junk. */
const segment = () =>
  fc.oneof(
    fc.constantFrom(
      '1337',
      '0',
      '-1',
      '1e3',
      '0x',
      '0x0',
      '‮',
      '%00',
      '..',
      'usd',
      'EUR',
      team,
      team.toLowerCase(),
    ),
    fc.string(),
    fc.stringMatching(/^0x[0-9a-fA-F]{0,70}$/),
    fc.stringMatching(/^(multisig|module|creation|transfer)_0x[0-9a-f]{40}_0x[0-9a-f]{0,66}$/),
    fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }).map(String),
  );

const queryFor = () =>
  fc
    .dictionary(
      fc.constantFrom(
        'limit',
        'offset',
        'cursor',
        'trusted',
        'exclude_spam',
        'timezone_offset',
        'timezone',
        'safe',
        'delegate',
        'delegator',
        'ordering',
        'executed',
        'nonce',
      ),
      segment(),
      { maxKeys: 4 },
    )
    .map((query) => new URLSearchParams(query).toString());

describe('fuzzing the reading endpoints', () => {
  it('answers every path and query a stranger can make without a 5xx', async () => {
    for (const template of readRoutes) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment(), { minLength: names.length, maxLength: names.length }),
          queryFor(),
          async (values, query) => {
            let path = template;
            names.forEach((name, i) => (path = path.replace(`{${name}}`, encodeURIComponent(values[i]!))));
            const response = await fetch(`${local.gateway.url}${path}${query ? `?${query}` : ''}`);
            const text = await response.text();
            expect(response.status, `GET ${path}?${query} → ${text.slice(0, 300)}`).toBeLessThan(500);
          },
        ),
        { numRuns: runs, seed },
      );
    }
  });
});
