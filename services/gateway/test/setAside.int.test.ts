import { createSafe, devAccounts, devnetClients, executeSafeTx } from '@countersign/devnet';
import { pageSchema, safeInfoSchema, transactionListItemSchema } from '@countersign/gateway-api';
import { safeAbi } from '@countersign/safe-core';
import {
  concat,
  getAbiItem,
  keccak256,
  numberToHex,
  parseEther,
  toEventSelector,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { executeByOwners } from './support/safes';

const accounts = devAccounts();
const deployer = accounts[0]!.account.address;
const [ownerA, ownerB] = [accounts[1]!.account.address, accounts[2]!.account.address];
const recipient = accounts[8]!.account.address;

/**
 * Creation code of a contract that, called (or delegatecalled), emits ExecutionSuccess(`hash`, 0)
 * twice: run by a Safe through a delegatecall, its events carry the Safe's address, as any code the
 * owners let the Safe run may emit. Written as bytecode: PUSH1 0 PUSH1 0 MSTORE, then twice
 * PUSH32 hash PUSH32 topic PUSH1 32 PUSH1 0 LOG2, then STOP.
 */
function twiceExecutedEmitter(hash: Hex): Hex {
  const topic = toEventSelector(getAbiItem({ abi: safeAbi, name: 'ExecutionSuccess' }));
  const log = concat(['0x7f', hash, '0x7f', topic, '0x60206000a2' as Hex]);
  // (the last piece is PUSH1 32, PUSH1 0, LOG2)
  const runtime = concat(['0x6000600052', log, log, '0x00']);
  const length = (runtime.length - 2) / 2;
  // PUSH2 len, PUSH1 14, PUSH1 0, CODECOPY, PUSH2 len, PUSH1 0, RETURN: 14 bytes, then the runtime.
  const size = numberToHex(length, { size: 2 });
  return concat(['0x61', size, '0x600e600039', '0x61', size, '0x6000f3', runtime]);
}

describe('a Safe whose events make no sense', () => {
  let local: LocalGateway;
  let clients: ReturnType<typeof devnetClients>;
  let odd: Address;
  let team: Address;

  async function history(safe: Address) {
    const { status, body } = await local.request(
      'GET',
      `/v1/chains/1337/safes/${safe}/transactions/history?cursor=limit%3D50%26offset%3D0`,
    );
    expect(status).toBe(200);
    return pageSchema(transactionListItemSchema).parse(body).count ?? -1;
  }

  beforeAll(async () => {
    local = await startLocalGateway({ store: {} });
    clients = devnetClients(1337, local.devnet.rpcUrl);
    team = local.devnet.manifest.safes[0]!.address as Address;
    odd = await createSafe(clients, {
      sender: deployer,
      owners: [ownerA, ownerB],
      threshold: 2n,
      saltNonce: 901n,
    });
    const hash = await clients.wallet.sendTransaction({
      account: deployer,
      chain: clients.chain,
      to: odd,
      value: parseEther('1'),
    });
    await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await local.indexed();
  });
  afterAll(() => local?.stop());

  it('is set aside with its reason, and every other Safe is indexed in the same pass and after', async () => {
    const deployed = await clients.wallet.sendTransaction({
      account: deployer,
      chain: clients.chain,
      data: twiceExecutedEmitter(keccak256(toHex('not a transaction of this Safe'))),
    });
    const emitter = (await clients.public.waitForTransactionReceipt({ hash: deployed, pollingInterval: 20 }))
      .contractAddress as Address;
    const before = await history(team);
    // Sent one after the other, mined before the indexer's next pass reads them together.
    await clients.public.request({ method: 'evm_setAutomine' as 'eth_chainId', params: [false] as never });
    const oddRun = executeByOwners(clients, odd, { to: emitter, operation: 1 });
    // Another sender: two transactions of one sender at once would race for its nonce.
    const teamRun = executeSafeTx(clients, {
      safe: team,
      executor: deployer,
      approvals: [
        { owner: accounts[1]!.account, method: 'eip712' },
        { owner: accounts[2]!.account, method: 'eip712' },
      ],
      tx: { to: recipient, value: parseEther('0.01') },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await clients.public.request({ method: 'evm_mine' as 'eth_chainId', params: [] as never });
    await clients.public.request({ method: 'evm_setAutomine' as 'eth_chainId', params: [true] as never });
    await Promise.all([oddRun, teamRun]);
    await local.indexed();

    const indexer = local.gateway.indexers.get('1337');
    expect(indexer?.status().state).toBe('indexing');
    expect(await history(team)).toBe(before + 1);
    const { status, body } = await local.request('GET', `/v1/chains/1337/safes/${odd}`);
    expect(status).toBe(200);
    const info = safeInfoSchema.parse(body);
    expect(info.indexingStopped?.reason).toMatch(/executed twice/);
    expect(info.indexingStopped?.blockNumber).toBe(Number(await clients.public.getBlockNumber()));

    // Not followed any more: its next payment is not listed; the team Safe's is.
    const oddCount = await history(odd);
    await executeByOwners(clients, odd, { to: recipient, value: parseEther('0.01') });
    await executeByOwners(clients, team, { to: recipient, value: parseEther('0.01') });
    await local.indexed();
    expect(await history(odd)).toBe(oddCount);
    expect(await history(team)).toBe(before + 2);
  });
});
