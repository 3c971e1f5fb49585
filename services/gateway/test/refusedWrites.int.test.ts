import { devAccounts, startDevnet, type Devnet } from '@countersign/devnet';
import { proposalBody, type ProposeTransactionBody } from '@countersign/gateway-api';
import {
  buildSafeTx,
  delegateTotp,
  delegateTypedData,
  hashSafeTx,
  safeTxTypedData,
  toEthSignSignature,
  type SafeTx,
} from '@countersign/safe-core';
import { randomUUID } from 'node:crypto';
import { concat, keccak256, pad, stringToBytes, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NONCE_AHEAD } from '../src/proposals/policy';
import { serveGatewayApp, type AppServer } from './support/appServer';
import { registrationBody } from './support/registrations';

/**
 * Writes the gateway must refuse: each gets its status and message, and nothing is stored, neither
 * what a client can read back (queue, nonces, messages) nor any row behind it.
 */
let devnet: Devnet;
let server: AppServer;
let team: Address;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const outsider = accounts[6]!.account;
const delegate = accounts[7]!.account;
const recipient = accounts[8]!.account.address;
/** A device owner A registered: it stays bound to owner A. */
const boundDevice = randomUUID();

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  team = devnet.manifest.safes[0]!.address as Address;
  server = await serveGatewayApp(devnet);
  const added = await call('POST', '/v2/chains/1337/delegates', {
    safe: team,
    delegate: delegate.address,
    delegator: ownerA.address,
    signature: await ownerA.signTypedData(
      delegateTypedData({ chainId: 1337, delegate: delegate.address, totp: delegateTotp() }),
    ),
    label: 'Bookkeeper',
  });
  expect(added.status).toBe(200);
  expect(
    (await call('POST', '/v1/register/notifications', await registration(ownerA, boundDevice))).status,
  ).toBe(200);
  const queued = payment(8n);
  expect(
    (await call('POST', proposePath(), body(queued, ownerA.address, await sign(ownerA, queued)))).status,
  ).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await devnet?.stop();
});

async function call(method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const proposePath = () => `/v1/chains/1337/transactions/${team}/propose`;
const payment = (nonce: bigint) => buildSafeTx({ to: recipient, value: 1000n + nonce, nonce });
const sign = (signer: HDAccount, tx: SafeTx) =>
  signer.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx }));
const body = (tx: SafeTx, sender: Address, signature: Hex | null): ProposeTransactionBody =>
  proposalBody(tx, {
    safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
    sender,
    signature,
    origin: null,
  });

const registration = (signer: HDAccount | null, uuid?: string, timestamp?: string | null) =>
  registrationBody({ safe: team, signer, uuid, timestamp });

/** Everything stored: what a client reads back, and the count of every table's rows. */
async function stored(): Promise<string> {
  const read = await Promise.all(
    [
      `/v1/chains/1337/safes/${team}/transactions/queued`,
      `/v1/chains/1337/safes/${team}/nonces`,
      `/v1/chains/1337/safes/${team}/messages`,
    ].map(async (path) => (await fetch(`${server.url}${path}`)).text()),
  );
  const counts = [];
  for (const table of [
    'multisig_transactions',
    'confirmations',
    'messages',
    'message_confirmations',
    'delegates',
    'notification_devices',
    'notification_subscriptions',
  ]) {
    const [row] = await server.db.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table}`);
    counts.push(`${table} ${row?.n}`);
  }
  // A device's rows in full: taking a device over would change its token, not the count.
  const devices = await server.db.query(
    `SELECT d.uuid, d.cloud_messaging_token, d.updated_at_ms, s.chain_id, s.safe, s.signers FROM notification_devices d
       LEFT JOIN notification_subscriptions s ON s.device_uuid = d.uuid ORDER BY d.uuid, s.chain_id, s.safe`,
  );
  return [...read, ...counts, JSON.stringify(devices)].join('\n');
}

type Refusal = {
  name: string;
  request: () => Promise<{ method: string; path: string; payload: unknown }>;
  status: number;
  message: string;
};

const propose = (payload: () => Promise<unknown>) => async () => ({
  method: 'POST',
  path: proposePath(),
  payload: await payload(),
});
const tx = payment(9n);

const refusals: Refusal[] = [
  {
    name: 'a proposal by an owner without any signature',
    request: propose(async () => body(tx, ownerA.address, null)),
    status: 422,
    message: "A proposal needs its sender's signature",
  },
  {
    name: 'a spoofed sender: owner A signed, owner B claims to send',
    request: propose(async () => body(tx, ownerB.address, await sign(ownerA, tx))),
    status: 422,
    message: 'Unauthorized address',
  },
  {
    name: 'an owner sender with the signature of somebody who is not an owner',
    request: propose(async () => body(tx, ownerA.address, await sign(outsider, tx))),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'a sender who is neither owner nor delegate, signing for itself',
    request: propose(async () => body(tx, outsider.address, await sign(outsider, tx))),
    status: 422,
    message: 'Unauthorized address',
  },
  {
    name: 'a delegate without a signature',
    request: propose(async () => body(tx, delegate.address, null)),
    status: 422,
    message: "A proposal needs its sender's signature",
  },
  {
    name: "a delegate with an owner's signature instead of its own",
    request: propose(async () => body(tx, delegate.address, await sign(ownerA, tx))),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'a delegate signing another transaction',
    request: propose(async () => body(tx, delegate.address, await sign(delegate, payment(10n)))),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: "a delegate sending its signature with an owner's",
    request: propose(async () =>
      body(tx, delegate.address, concat([await sign(ownerA, tx), await sign(delegate, tx)])),
    ),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'a signature blob longer than the owners and the contract-data allowance',
    request: propose(async () =>
      body(tx, ownerA.address, concat([await sign(ownerA, tx), pad('0x', { size: 8400 })])),
    ),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'more signatures than the Safe has owners',
    request: propose(async () => {
      const signature = await sign(ownerA, tx);
      return body(tx, ownerA.address, concat([signature, signature, signature, signature]));
    }),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: `a nonce more than ${MAX_NONCE_AHEAD} ahead of the Safe's`,
    request: propose(async () => {
      const far = payment(8n + BigInt(MAX_NONCE_AHEAD) + 1n);
      return body(far, ownerA.address, await sign(ownerA, far));
    }),
    status: 422,
    message: 'Invalid nonce',
  },
  {
    name: 'a nonce far ahead (a million), even signed',
    request: propose(async () => {
      const far = payment(1_000_000n);
      return body(far, ownerA.address, await sign(ownerA, far));
    }),
    status: 422,
    message: 'Invalid nonce',
  },
  {
    name: "a nonce below the Safe's",
    request: propose(async () => {
      const old = payment(7n);
      return body(old, ownerA.address, await sign(ownerA, old));
    }),
    status: 422,
    message: 'Invalid nonce',
  },
  {
    name: 'a value beyond uint256',
    request: propose(async () => ({
      ...body(tx, ownerA.address, await sign(ownerA, tx)),
      value: '9'.repeat(78),
    })),
    status: 422,
    message: 'Not a uint256',
  },
  {
    name: 'a body over the size limit',
    request: propose(async () => ({
      ...body(tx, ownerA.address, await sign(ownerA, tx)),
      data: `0x${'ab'.repeat(40_000)}`,
    })),
    status: 413,
    message: 'The body is too large: at most 65536 bytes',
  },
  {
    name: 'a confirmation by somebody who is not an owner',
    request: async () => ({
      method: 'POST',
      path: `/v1/chains/1337/transactions/${hashSafeTx({ chainId: 1337, safe: team, tx: payment(8n) })}/confirmations`,
      payload: { signature: await sign(outsider, payment(8n)) },
    }),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'a confirmation claiming a contract signature of a contract that is not an owner',
    request: async () => {
      // v = 0: the "owner" in r would be asked on chain (EIP-1271); it is not an owner, so it never is.
      const contractPart = concat([pad(team, { size: 32 }), pad('0x41', { size: 32 }), '0x00']);
      return {
        method: 'POST',
        path: `/v1/chains/1337/transactions/${hashSafeTx({ chainId: 1337, safe: team, tx: payment(8n) })}/confirmations`,
        payload: { signature: concat([contractPart, pad('0x04', { size: 32 }), '0x12345678']) },
      };
    },
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'an eth_sign proposal signature by somebody who is not an owner',
    request: propose(async () =>
      body(
        tx,
        ownerA.address,
        toEthSignSignature(
          await outsider.signMessage({ message: { raw: hashSafeTx({ chainId: 1337, safe: team, tx }) } }),
        ),
      ),
    ),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'a message signed by somebody who is not an owner',
    request: async () => ({
      method: 'POST',
      path: `/v1/chains/1337/safes/${team}/messages`,
      payload: { message: 'hello', signature: `0x${'11'.repeat(64)}1b` },
    }),
    status: 422,
    message: 'Invalid signature',
  },
  {
    name: 'a notification registration without signatures',
    request: async () => ({
      method: 'POST',
      path: '/v1/register/notifications',
      payload: await registration(null),
    }),
    status: 400,
    message: 'A registration needs the signature of an owner or a delegate of each Safe',
  },
  {
    name: 'a notification registration without a timestamp',
    request: async () => ({
      method: 'POST',
      path: '/v1/register/notifications',
      payload: await registration(ownerA, randomUUID(), null),
    }),
    status: 400,
    message: 'A registration needs a timestamp',
  },
  {
    name: 'a notification registration by somebody who is not an owner',
    request: async () => ({
      method: 'POST',
      path: '/v1/register/notifications',
      payload: await registration(outsider),
    }),
    status: 400,
    message: 'Invalid signature',
  },
  {
    name: 'a registration of a device bound to another signer',
    request: async () => ({
      method: 'POST',
      path: '/v1/register/notifications',
      payload: await registration(ownerB, boundDevice),
    }),
    status: 422,
    message: 'This device is registered by other signers',
  },
];

describe('refused writes', () => {
  it.each(refusals)('$name: $status $message, nothing stored', async ({ request, status, message }) => {
    const before = await stored();
    const { method, path, payload } = await request();
    const answer = await call(method, path, payload);
    expect(answer).toMatchObject({ status, body: { message } });
    expect(answer.body).toHaveProperty('code');
    expect(await stored()).toBe(before);
  });

  it('still takes the device from a signer it is bound to, and a signed proposal', async () => {
    expect(
      (await call('POST', '/v1/register/notifications', await registration(ownerA, boundDevice))).status,
    ).toBe(200);
    const signed = await call('POST', proposePath(), body(tx, delegate.address, await sign(delegate, tx)));
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      detailedExecutionInfo: { proposedByDelegate: { value: delegate.address }, confirmations: [] },
    });
    // eth_sign in the Safe's form (v + 4) is the delegate's signature too; a conflicting proposal.
    const other = buildSafeTx({ to: recipient, value: 5n, nonce: 9n });
    const raw = await delegate.signMessage({
      message: { raw: hashSafeTx({ chainId: 1337, safe: team, tx: other }) },
    });
    const ethSigned = await call(
      'POST',
      proposePath(),
      body(other, delegate.address, toEthSignSignature(raw)),
    );
    expect(ethSigned).toMatchObject({
      status: 200,
      body: { detailedExecutionInfo: { proposedByDelegate: { value: delegate.address }, confirmations: [] } },
    });
  });
});

describe('recommendedNonce', () => {
  const nonces = async () => (await call('GET', `/v1/chains/1337/safes/${team}/nonces`)).body;
  /** A row no signature vouches for, as an older gateway or a direct write may have left. */
  const insertUnattributed = async (nonce: number, confirmedBy?: Address) => {
    const hash = keccak256(stringToBytes(`unattributed ${nonce} ${confirmedBy ?? ''}`));
    await server.db.query(
      `INSERT INTO multisig_transactions (chain_id, safe, safe_tx_hash, to_address, value, operation, safe_tx_gas, base_gas,
         gas_price, gas_token, refund_receiver, nonce, proposed, proposer, submitted_at_ms, modified_at_ms)
       VALUES ('1337', $1, $2, $3, 0, 0, 0, 0, 0, $4, $4, $5, true, $3, 0, 0)`,
      [team, hash, ownerA.address, `0x${'00'.repeat(20)}`, nonce],
    );
    if (confirmedBy) {
      await server.db.query(
        `INSERT INTO confirmations (chain_id, safe_tx_hash, owner, signature, signature_type, source, submitted_at_ms)
         VALUES ('1337', $1, $2, NULL, 'EOA', 'api', 0)`,
        [hash, confirmedBy],
      );
    }
  };

  it('counts only proposals an owner confirmed or a delegate proposed, up to the first free nonce', async () => {
    // 8: owner A's proposal; 9: the delegate's.
    expect(await nonces()).toEqual({ currentNonce: 8, recommendedNonce: 10 });
    await insertUnattributed(10);
    await insertUnattributed(11, outsider.address);
    await insertUnattributed(1_000_000);
    expect(await nonces()).toEqual({ currentNonce: 8, recommendedNonce: 10 });
    const estimation = await call('POST', `/v2/chains/1337/safes/${team}/multisig-transactions/estimations`, {
      to: recipient,
      value: '1',
      data: null,
      operation: 0,
    });
    expect(estimation.body).toMatchObject({ currentNonce: 8, recommendedNonce: 10 });
    // A signed proposal after a gap does not move it: the gap is where the next one belongs.
    const later = payment(12n);
    expect(
      (await call('POST', proposePath(), body(later, ownerB.address, await sign(ownerB, later)))).status,
    ).toBe(200);
    expect(await nonces()).toEqual({ currentNonce: 8, recommendedNonce: 10 });
    const next = payment(10n);
    expect(
      (await call('POST', proposePath(), body(next, ownerB.address, await sign(ownerB, next)))).status,
    ).toBe(200);
    expect(await nonces()).toEqual({ currentNonce: 8, recommendedNonce: 11 });
  });
});
