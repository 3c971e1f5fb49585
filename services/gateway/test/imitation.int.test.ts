import { devAccounts, devnetClients } from '@countersign/devnet';
import { pageSchema, transactionListItemSchema, type TransactionSummary } from '@countersign/gateway-api';
import { getAddress, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { lookalike } from './support/lookalike';
import { executeByOwners, sendTokens } from './support/safes';

const accounts = devAccounts();
const deployer = accounts[0]!.account.address;
const stranger = accounts[5]!.account.address;
/** The demo team Safe paid this account, in ETH and in DEV, from its own executions. */
const recipient = accounts[8]!.account.address;

const poisoner = lookalike(recipient, 10);
const spoofedRecipient = lookalike(recipient, 20);

describe.each(testDatabases())('address-poisoning imitations on $name', ({ options }) => {
  let local: LocalGateway;
  let team: Address;
  let dev: Address;
  let clients: ReturnType<typeof devnetClients>;

  /** A DEV transfer sent from `from` (see sendTokens); its transaction hash. */
  const sendDev = async (from: Address, to: Address, amount: string) =>
    (await sendTokens(clients, dev, from, to, amount)).transactionHash;
  async function history(query: string) {
    const response = await fetch(
      `${local.gateway.url}/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D100%26offset%3D0${query}`,
    );
    expect(response.status).toBe(200);
    const page = pageSchema(transactionListItemSchema).parse(await response.json());
    const txs = page.results.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));
    return { count: page.count, txs };
  }
  const erc20Transfers = (txs: TransactionSummary[]) =>
    txs.flatMap((tx) =>
      tx.txInfo.type === 'Transfer' && tx.txInfo.transferInfo.type === 'ERC20' && tx.executionInfo === null
        ? [{ tx, info: tx.txInfo, transfer: tx.txInfo.transferInfo }]
        : [],
    );

  const sent: Record<string, string> = {};

  beforeAll(async () => {
    local = await startLocalGateway({ store: options() });
    team = local.devnet.manifest.safes[0]!.address as Address;
    dev = local.devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address as Address;
    clients = devnetClients(1337, local.devnet.rpcUrl);
    await local.indexed();

    // The poisoner gets gas and a little DEV, then sends the Safe dust from its look-alike address.
    await clients.test.impersonateAccount({ address: poisoner });
    await clients.test.setBalance({ address: poisoner, value: parseEther('1') });
    await sendDev(deployer, poisoner, '1');
    sent.poison = await sendDev(poisoner, team, '0.001');
    // A token transfer out of the Safe that its owners did not make: a spoofed event (here the
    // chain impersonates the Safe; a fake token can report one without it).
    await clients.test.impersonateAccount({ address: team });
    sent.spoof = await sendDev(team, spoofedRecipient, '0.001');
    await clients.test.stopImpersonatingAccount({ address: team });
    // Genuine senders: somebody whose address looks like nobody's, and the real recipient itself.
    await sendDev(deployer, stranger, '1');
    sent.stranger = await sendDev(stranger, team, '0.5');
    sent.recipient = await sendDev(recipient, team, '0.25');
    await local.indexed();
  });
  afterAll(() => local?.stop());

  it('flags transfers from or to a look-alike of an address the Safe paid, and only those', async () => {
    const { txs } = await history('');
    const byTxHash = Object.fromEntries(erc20Transfers(txs).map((t) => [t.tx.txHash, t]));
    expect(byTxHash[sent.poison!]).toMatchObject({
      info: { direction: 'INCOMING', sender: { value: poisoner } },
      transfer: { imitation: true, tokenSymbol: 'DEV', trusted: true },
    });
    expect(byTxHash[sent.spoof!]).toMatchObject({
      info: { direction: 'OUTGOING', recipient: { value: spoofedRecipient } },
      transfer: { imitation: true },
    });
    expect(byTxHash[sent.stranger!]?.transfer.imitation).toBe(false);
    expect(byTxHash[sent.recipient!]?.transfer.imitation).toBe(false);
    // Everything else the Safe received (the demo's funding and the outsider's DUSD) is genuine.
    const flagged = erc20Transfers(txs).filter((t) => t.transfer.imitation);
    expect(flagged.map((t) => t.tx.txHash).sort()).toEqual([sent.poison, sent.spoof].sort());
  });

  it('hides them with imitation=false, keeping the count of the whole history', async () => {
    const shown = await history('');
    const hidden = await history('&imitation=false');
    expect(hidden.count).toBe(shown.count);
    const hiddenIds = new Set(hidden.txs.map((tx) => tx.id));
    const missing = shown.txs.filter((tx) => !hiddenIds.has(tx.id)).map((tx) => tx.txHash);
    expect(missing.sort()).toEqual([sent.poison, sent.spoof].sort());
    expect(hidden.txs).toHaveLength(shown.txs.length - 2);
    expect((await history('&imitation=true')).txs.map((tx) => tx.id)).toEqual(shown.txs.map((tx) => tx.id));
  });

  it('forgets a payment that a reorganisation orphaned, and flags once it really happens', async () => {
    const payee = getAddress('0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a');
    const payeeLookalike = lookalike(payee, 12);
    const pay = () => executeByOwners(clients, team, { to: payee, value: parseEther('0.01') });
    const flagOf = async (txHash: string) =>
      erc20Transfers((await history('')).txs).find((t) => t.tx.txHash === txHash)?.transfer.imitation;

    const snapshot = await clients.test.snapshot();
    const forkHead = await clients.public.getBlockNumber({ cacheTime: 0 });
    await pay();
    await local.indexed();
    const orphanedHead = await clients.public.getBlockNumber({ cacheTime: 0 });
    await clients.test.revert({ id: snapshot });
    // Past the orphaned head, so that waiting for the head means the indexer went through the fork.
    await clients.test.mine({ blocks: Number(orphanedHead - forkHead) + 1 });

    await clients.test.impersonateAccount({ address: payeeLookalike });
    await clients.test.setBalance({ address: payeeLookalike, value: parseEther('1') });
    await sendDev(deployer, payeeLookalike, '1');
    const beforePayment = await sendDev(payeeLookalike, team, '0.001');
    await local.indexed();
    expect(await flagOf(beforePayment)).toBe(false);

    await pay();
    const afterPayment = await sendDev(payeeLookalike, team, '0.001');
    await local.indexed();
    expect(await flagOf(afterPayment)).toBe(true);
    expect(await flagOf(beforePayment)).toBe(false);
  });

  it('answers 400 for an imitation value that is not a boolean', async () => {
    const response = await fetch(
      `${local.gateway.url}/v1/chains/1337/safes/${team}/transactions/history?imitation=maybe`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Validation failed (boolean string is expected)',
    });
  });
});
