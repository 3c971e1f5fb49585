import { parseEther } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../src/anvil';
import { devAccounts } from '../src/accounts';
import { devnetClients, receiptOf } from '../src/clients';

let anvil: Anvil;
let clients: ReturnType<typeof devnetClients>;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  clients = devnetClients(31337, anvil.rpcUrl);
});
afterAll(() => anvil.stop());

/** Shorter than a start's wait: what is tested is what happens after it, not its length. */
const unminedAfterMs = 300;

it('mines the block of a transaction the chain left in its pool, and ends the wait with a receipt', async () => {
  const [from, to] = devAccounts();
  // A chain that leaves what it was sent unmined, as anvil has done under load.
  await clients.test.setAutomine(false);
  const hash = await clients.wallet.sendTransaction({
    account: from!.account,
    to: to!.account.address,
    value: parseEther('1'),
    chain: clients.chain,
  });
  const before = await clients.public.getBlockNumber();
  const receipt = await receiptOf(clients, hash, unminedAfterMs);
  expect(receipt.status).toBe('success');
  expect(receipt.blockNumber).toBe(before + 1n);
}, 20_000);

it('says so when the chain does not know the transaction', async () => {
  await expect(receiptOf(clients, `0x${'ab'.repeat(32)}`, unminedAfterMs)).rejects.toThrow(
    /could not say why|not be found/,
  );
}, 20_000);
