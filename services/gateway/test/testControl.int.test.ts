import { devAccounts, devnetClients, executeSafeTx } from '@countersign/devnet';
import { proposalBody } from '@countersign/gateway-api';
import { buildSafeTx, hashSafeTx, safeTxTypedData } from '@countersign/safe-core';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const recipient = accounts[8]!.account.address;

describe.each(testDatabases())('stack snapshots on $name', (database) => {
  let local: LocalGateway;
  let team: Address;
  beforeAll(async () => {
    local = await startLocalGateway({ testControl: true, store: database.options() });
    team = local.devnet.manifest.safes[0]!.address as Address;
    await local.indexed();
  });
  afterAll(() => local?.stop());

  const state = async () => {
    const [info, nonces, queue, history] = await Promise.all([
      local.request<{ nonce: number; txQueuedTag: string | null }>('GET', `/v1/chains/1337/safes/${team}`),
      local.request<{ recommendedNonce: number }>('GET', `/v1/chains/1337/safes/${team}/nonces`),
      local.request<{ results: unknown[] }>('GET', `/v1/chains/1337/safes/${team}/transactions/queued`),
      local.request<{ count: number }>('GET', `/v1/chains/1337/safes/${team}/transactions/history`),
    ]);
    const balance = await devnetClients(1337, local.devnet.rpcUrl).public.getBalance({ address: team });
    return {
      nonce: info.body!.nonce,
      recommendedNonce: nonces.body!.recommendedNonce,
      queued: queue.body!.results.length,
      history: history.body!.count,
      balance,
    };
  };

  const proposeSigned = async (nonce: number) => {
    const proposed = buildSafeTx({ to: recipient, value: 1n, nonce: BigInt(nonce) });
    return local.request(
      'POST',
      `/v1/chains/1337/transactions/${team}/propose`,
      proposalBody(proposed, {
        safeTxHash: hashSafeTx({ chainId: 1337, safe: team, tx: proposed }),
        sender: ownerA.address,
        signature: await ownerA.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx: proposed })),
        origin: null,
      }),
    );
  };

  it('puts the chain and the store back as they were, as often as asked', async () => {
    // The snapshot holds rows that refer to each other (a proposal and its confirmation).
    const nonce = (await state()).recommendedNonce;
    expect((await proposeSigned(nonce + 5)).status).toBe(200);
    expect((await local.request('POST', '/__test/snapshots/base')).status).toBe(200);
    const before = await state();

    for (let round = 0; round < 2; round++) {
      // Change the store (a proposal) and the chain (an executed transaction).
      expect((await proposeSigned(before.recommendedNonce)).status).toBe(200);
      await executeSafeTx(devnetClients(1337, local.devnet.rpcUrl), {
        safe: team,
        executor: ownerB.address,
        approvals: [
          { owner: ownerA, method: 'eip712' },
          { owner: ownerB.address, method: 'sender' },
        ],
        tx: { to: recipient, value: parseEther('1') },
      });
      await local.indexed();
      const changed = await state();
      expect(changed.nonce).toBe(before.nonce + 1);
      expect(changed.history).toBeGreaterThan(before.history);
      expect(changed.balance).toBe(before.balance - parseEther('1'));

      expect((await local.request('POST', '/__test/snapshots/base/revert')).status).toBe(200);
      await local.indexed();
      expect(await state()).toEqual(before);
    }
  });

  it('refuses an unknown or malformed snapshot name', async () => {
    expect(await local.request('POST', '/__test/snapshots/nothing/revert')).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'No snapshot "nothing" was taken' },
    });
    expect((await local.request('POST', '/__test/snapshots/Bad-Name')).status).toBe(422);
  });
});

describe('a gateway without test control', () => {
  let local: LocalGateway;
  beforeAll(async () => {
    local = await startLocalGateway();
  });
  afterAll(() => local?.stop());

  it('has no snapshot routes', async () => {
    expect((await local.request('POST', '/__test/snapshots/base')).status).toBe(404);
  });
});
