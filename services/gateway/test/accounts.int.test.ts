import { devAccounts } from '@countersign/devnet';
import {
  delegateSchema,
  pageSchema,
  proposalBody,
  safeAppSchema,
  type SafeAppConfig,
} from '@countersign/gateway-api';
import {
  buildSafeTx,
  delegateTotp,
  delegateTypedData,
  hashSafeTx,
  safeTxTypedData,
} from '@countersign/safe-core';
import { randomUUID } from 'node:crypto';
import { parseEther, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { registrationBody } from './support/registrations';

/** Configured without `featured`: the gateway answers it as false, as the Client Gateway's schema requires it. */
const testApp: SafeAppConfig = {
  id: 1,
  url: 'http://127.0.0.1:4000/test-app',
  name: 'Countersign test app',
  iconUrl: null,
  description: 'An app for the tests',
  chainIds: ['1337'],
  provider: null,
  accessControl: { type: 'NO_RESTRICTIONS', value: null },
  tags: ['test'],
  features: ['BATCHED_TRANSACTIONS'],
  developerWebsite: null,
  socialProfiles: [],
};

let local: LocalGateway;
let team: Address;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const outsider = accounts[6]!.account;

beforeAll(async () => {
  local = await startLocalGateway({
    safeApps: [testApp, { ...testApp, id: 2, url: 'http://127.0.0.1:4000/other', chainIds: ['1'] }],
  });
  team = local.devnet.manifest.safes[0]!.address as Address;
});
afterAll(() => local?.stop());

const call = (method: string, path: string, body?: unknown) => local.request(method, path, body);
const delegateSignature = (signer: HDAccount, delegate: Address) =>
  signer.signTypedData(delegateTypedData({ chainId: 1337, delegate, totp: delegateTotp() }));
const delegatesPage = pageSchema(delegateSchema);

describe('delegates', () => {
  it('needs at least one filter to list', async () => {
    expect(await call('GET', '/v2/chains/1337/delegates')).toMatchObject({
      status: 422,
      body: { message: 'At least one property is required' },
    });
  });

  it('adds a delegate signed by an owner, lists it on v1 and v2', async () => {
    const added = await call('POST', '/v2/chains/1337/delegates', {
      safe: team,
      delegate: outsider.address,
      delegator: ownerA.address,
      signature: await delegateSignature(ownerA, outsider.address),
      label: 'Bookkeeper',
    });
    expect(added.status).toBe(200);
    for (const version of ['v1', 'v2']) {
      const page = delegatesPage.parse(
        (await call('GET', `/${version}/chains/1337/delegates?safe=${team}`)).body,
      );
      expect(page.count).toBe(1);
      expect(page.results).toEqual([
        { safe: team, delegate: outsider.address, delegator: ownerA.address, label: 'Bookkeeper' },
      ]);
    }
  });

  it('lets the delegate propose with its own signature, marked as proposed by a delegate', async () => {
    const tx = buildSafeTx({ to: outsider.address, value: parseEther('0.01'), nonce: 8n });
    const proposal = (signature: Hex | null) =>
      call(
        'POST',
        `/v1/chains/1337/transactions/${team}/propose`,
        proposalBody(tx, {
          safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx }),
          sender: outsider.address,
          signature,
          origin: null,
        }),
      );
    expect(await proposal(null)).toMatchObject({
      status: 422,
      body: { message: "A proposal needs its sender's signature" },
    });
    const result = await proposal(
      await outsider.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx })),
    );
    expect(result.status).toBe(200);
    // The delegate's signature vouches for the proposal; it is no owner's confirmation.
    expect(result.body).toMatchObject({
      txStatus: 'AWAITING_CONFIRMATIONS',
      detailedExecutionInfo: { proposedByDelegate: { value: outsider.address }, confirmations: [] },
    });
    expect((await call('GET', `/v1/chains/1337/safes/${team}/nonces`)).body).toEqual({
      currentNonce: 8,
      recommendedNonce: 9,
    });
  });

  it('refuses a signature by someone else, and a delegator who is not an owner', async () => {
    const forged = await call('POST', '/v2/chains/1337/delegates', {
      safe: team,
      delegate: ownerB.address,
      delegator: ownerA.address,
      signature: await delegateSignature(outsider, ownerB.address),
      label: 'x',
    });
    expect(forged).toMatchObject({ status: 422, body: { message: 'Invalid signature' } });
    const stranger = await call('POST', '/v2/chains/1337/delegates', {
      safe: team,
      delegate: ownerB.address,
      delegator: outsider.address,
      signature: await delegateSignature(outsider, ownerB.address),
      label: 'x',
    });
    expect(stranger).toMatchObject({
      status: 422,
      body: { message: 'Delegator is not an owner of the Safe' },
    });
  });

  it('lets the delegate remove itself, and then there is nothing to remove', async () => {
    const body = { safe: team, signature: await delegateSignature(outsider, outsider.address) };
    expect((await call('DELETE', `/v2/chains/1337/delegates/${outsider.address}`, body)).status).toBe(200);
    expect(
      delegatesPage.parse((await call('GET', `/v2/chains/1337/delegates?delegate=${outsider.address}`)).body)
        .results,
    ).toEqual([]);
    expect((await call('DELETE', `/v2/chains/1337/delegates/${outsider.address}`, body)).status).toBe(404);
  });
});

describe('notification registration', () => {
  const register = async (signer: HDAccount, options: { timestamp?: string; uuid?: string } = {}) =>
    call('POST', '/v1/register/notifications', await registrationBody({ safe: team, signer, ...options }));

  it('registers a browser signed by an owner, and unregisters it', async () => {
    const uuid = randomUUID();
    expect((await register(ownerA, { uuid })).status).toBe(200);
    expect((await register(ownerA, { uuid })).status).toBe(200);
    expect((await call('DELETE', `/v1/chains/1337/notifications/devices/${uuid}/safes/${team}`)).status).toBe(
      200,
    );
    expect((await call('DELETE', `/v1/chains/1337/notifications/devices/${uuid}`)).status).toBe(200);
  });

  it('refuses an old timestamp, a signer who is not an owner, and a malformed UUID', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect(await register(ownerA, { timestamp: old })).toMatchObject({
      status: 400,
      body: { message: 'The signature is expired!' },
    });
    expect(await register(outsider)).toMatchObject({ status: 400, body: { message: 'Invalid signature' } });
    expect(await call('DELETE', '/v1/chains/1337/notifications/devices/not-a-uuid')).toMatchObject({
      status: 422,
      body: { message: 'Invalid UUID' },
    });
    expect((await call('POST', '/v1/register/notifications', { deviceType: 'FRIDGE' })).status).toBe(422);
  });
});

describe('safe-apps', () => {
  it("lists the catalogue's apps for the chain, and filters by url", async () => {
    const answer = (await call('GET', '/v1/chains/1337/safe-apps')).body;
    expect(answer).toEqual([expect.objectContaining({ id: 1, featured: false })]);
    const apps = z.array(safeAppSchema).parse(answer);
    expect(apps.map((a) => a.id)).toEqual([1]);
    expect(
      (await call('GET', `/v1/chains/1337/safe-apps?url=${encodeURIComponent(`${testApp.url}/`)}`)).body,
    ).toHaveLength(1);
    expect(
      (await call('GET', '/v1/chains/1337/safe-apps?url=http%3A%2F%2F127.0.0.1%3A9%2Fnope')).body,
    ).toEqual([]);
  });
});
