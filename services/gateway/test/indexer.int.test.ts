import { devnetClients, devAccounts, executeSafeTx, startDevnet, type Devnet } from '@countersign/devnet';
import { safe141 } from '@countersign/safe-core';
import { getContractAddress, parseEther, type Address, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Indexer } from '../src/indexer/indexer';
import { recoverChainSigners } from '../src/transactions/chainSigners';
import { openDatabase, type Database } from '../src/store';
import { testDatabases } from './support/databases';
import { deploySafeWithoutFactory, executeByOwners } from './support/safes';

describe.each(testDatabases())('indexer on $name', ({ options }) => {
  let devnet: Devnet;
  let db: Database;
  let clients: ReturnType<typeof devnetClients>;
  let team: Address;
  let solo: Address;
  const indexerFor = (database: Database, options: { batchSize?: bigint; recheckAfterMs?: number } = {}) =>
    new Indexer({
      db: database,
      client: clients.public as unknown as PublicClient,
      chainId: '1337',
      factories: [safe141.safeProxyFactory],
      singletons: [safe141.safeL2, safe141.safe],
      startBlock: 0n,
      trustedTokens: devnet.manifest.tokens.map((t) => t.address as Address),
      ...options,
    });

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    clients = devnetClients(1337, devnet.rpcUrl);
    db = await openDatabase(options());
    team = devnet.manifest.safes[0]!.address as Address;
    solo = devnet.manifest.safes[1]!.address as Address;
    const indexer = indexerFor(db);
    while (await indexer.runOnce());
  });
  afterAll(async () => {
    await db?.close();
    await devnet?.stop();
  });

  it('discovers both demo Safes through the factory, with their creation and owners', async () => {
    const safes = await db.query<{ address: string; singleton: string; creator: string }>(
      'SELECT address, singleton, creator FROM safes ORDER BY creation_block, address',
    );
    expect(safes.map((s) => s.address).sort()).toEqual([team, solo].sort());
    expect(new Set(safes.map((s) => s.singleton))).toEqual(new Set([safe141.safeL2]));
    expect(safes[0]?.creator).toBe(devnet.manifest.accounts[0]!.address);
    const owners = await db.query<{ owner: string }>(
      'SELECT owner FROM safe_owners WHERE safe = $1 ORDER BY owner',
      [team],
    );
    expect(owners.map((o) => o.owner)).toEqual([...devnet.manifest.safes[0]!.owners].sort());
  });

  it('records the eight executions with their outcome and the signers read from the chain', async () => {
    const rows = await db.query<{ nonce: string; success: boolean; safe_tx_hash: string }>(
      'SELECT nonce, success, safe_tx_hash FROM multisig_transactions WHERE safe = $1 ORDER BY nonce',
      [team],
    );
    expect(rows.map((r) => Number(r.nonce))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows.map((r) => r.success)).toEqual([true, true, true, true, true, true, false, true]);
    const required = await db.query<{ confirmations_required: number }>(
      'SELECT confirmations_required FROM multisig_transactions WHERE safe = $1 ORDER BY nonce',
      [team],
    );
    // 1-of-3 until its first transaction raised the threshold to 2.
    expect(required.map((r) => r.confirmations_required)).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
    // The indexer keeps the signatures the Safe checked; the signers are recovered when first read.
    const pending = await db.query<{ safe_tx_hash: string }>(
      'SELECT safe_tx_hash FROM multisig_transactions WHERE safe = $1 AND executed_signatures IS NOT NULL',
      [team],
    );
    expect(pending).toHaveLength(8);
    expect(await db.query('SELECT 1 FROM confirmations')).toEqual([]);
    await recoverChainSigners(
      db,
      '1337',
      pending.map((p) => p.safe_tx_hash),
    );
    expect(
      await db.query('SELECT 1 FROM multisig_transactions WHERE executed_signatures IS NOT NULL'),
    ).toEqual([]);
    const signed = await db.query<{ nonce: string; owner: string; signature_type: string }>(
      `SELECT m.nonce, c.owner, c.signature_type FROM confirmations c
       JOIN multisig_transactions m USING (chain_id, safe_tx_hash) WHERE m.safe = $1 AND m.nonce IN (1, 2) ORDER BY m.nonce, c.owner`,
      [team],
    );
    const [ownerA, ownerB, ownerC] = devnet.manifest.safes[0]!.owners;
    const byNonce = (n: number) =>
      Object.fromEntries(signed.filter((s) => Number(s.nonce) === n).map((s) => [s.owner, s.signature_type]));
    expect(byNonce(1)).toEqual({ [ownerA!]: 'EOA', [ownerB!]: 'APPROVED_HASH' });
    expect(byNonce(2)).toEqual({ [ownerA!]: 'ETH_SIGN', [ownerC!]: 'EOA' });
  });

  it('records the module transaction, the transfers and the tokens', async () => {
    const modules = await db.query<{ module: string; value: string; success: boolean }>(
      'SELECT module, value, success FROM module_transactions WHERE safe = $1',
      [team],
    );
    expect(modules).toEqual([
      { module: devnet.manifest.modules[0]!.module, value: parseEther('0.05').toString(), success: true },
    ]);
    const transfers = await db.query<{ token_type: string; sender: string; recipient: string }>(
      'SELECT token_type, sender, recipient FROM transfers WHERE safe = $1',
      [team],
    );
    const outsider = devnet.manifest.accounts[6]!.address;
    const incomingFromOutsider = transfers
      .filter((t) => t.sender === outsider && t.recipient === team)
      .map((t) => t.token_type);
    expect(incomingFromOutsider.sort()).toEqual(['ERC20', 'ERC721', 'NATIVE']);
    expect(transfers.filter((t) => t.sender === team).length).toBe(2); // 250 DEV, and 42 DUSD in the batch
    const tokens = await db.query<{ symbol: string; type: string; decimals: number; trusted: boolean }>(
      'SELECT symbol, type, decimals, trusted FROM tokens ORDER BY symbol',
    );
    expect(tokens).toEqual([
      { symbol: 'CSC', type: 'ERC721', decimals: 0, trusted: true },
      { symbol: 'DEV', type: 'ERC20', decimals: 18, trusted: true },
      { symbol: 'DUSD', type: 'ERC20', decimals: 6, trusted: true },
    ]);
  });

  it('orders the history: creation first, executions once (not again as their own transfers)', async () => {
    const items = await db.query<{ position: string; kind: string }>(
      'SELECT position, kind FROM history_items WHERE safe = $1 ORDER BY position',
      [team],
    );
    expect(items.map((i) => Number(i.position))).toEqual(items.map((_, i) => i));
    // The devnet's tokens are trusted, so the trusted sequence holds every item too.
    const trusted = await db.query<{ trusted_position: string }>(
      'SELECT trusted_position FROM history_items WHERE safe = $1 ORDER BY position',
      [team],
    );
    expect(trusted.map((i) => Number(i.trusted_position))).toEqual(items.map((_, i) => i));
    expect(items[0]?.kind).toBe('creation');
    const count = (kind: string) => items.filter((i) => i.kind === kind).length;
    expect({ multisig: count('multisig'), module: count('module'), transfer: count('transfer') }).toEqual({
      multisig: 8,
      module: 1,
      transfer: 8, // 10 ETH, DEV and DUSD funding, two NFT mints, and the outsider's ETH, DUSD and NFT
    });
  });

  it('resumes from its cursor after a restart and picks up new executions', async () => {
    const restarted = indexerFor(db);
    expect(await restarted.runOnce()).toBe(false);
    const [ownerA, ownerB] = devAccounts()
      .slice(1, 3)
      .map((a) => a.account);
    await executeSafeTx(clients, {
      safe: team,
      executor: ownerA!.address,
      approvals: [
        { owner: ownerA!, method: 'eip712' },
        { owner: ownerB!, method: 'eip712' },
      ],
      tx: { to: devnet.manifest.accounts[8]!.address as Address, value: parseEther('0.01') },
    });
    expect(await restarted.runOnce()).toBe(true);
    const [latest] = await db.query<{ nonce: string }>(
      'SELECT MAX(nonce) AS nonce FROM multisig_transactions WHERE safe = $1',
      [team],
    );
    expect(latest?.nonce).toBe('8');
  });

  it('rolls back what an orphaned block brought after a reorganisation', async () => {
    const indexer = indexerFor(db);
    const snapshot = await clients.test.snapshot();
    const [ownerA, ownerB] = devAccounts()
      .slice(1, 3)
      .map((a) => a.account);
    const orphan = await executeSafeTx(clients, {
      safe: team,
      executor: ownerA!.address,
      approvals: [
        { owner: ownerA!, method: 'eip712' },
        { owner: ownerB!, method: 'eip712' },
      ],
      tx: { to: devnet.manifest.accounts[8]!.address as Address, value: parseEther('0.02') },
    });
    while (await indexer.runOnce());
    const seen = await db.query('SELECT 1 FROM multisig_transactions WHERE safe_tx_hash = $1', [
      orphan.safeTxHash,
    ]);
    expect(seen).toHaveLength(1);

    await clients.test.revert({ id: snapshot });
    await clients.test.mine({ blocks: 3 });
    while (await indexer.runOnce());
    expect(
      await db.query('SELECT 1 FROM multisig_transactions WHERE safe_tx_hash = $1', [orphan.safeTxHash]),
    ).toEqual([]);
    expect(
      await db.query("SELECT 1 FROM history_items WHERE kind = 'multisig' AND ref_id = $1", [
        orphan.safeTxHash,
      ]),
    ).toEqual([]);
    const cursor = await indexer.cursor();
    const head = await clients.public.getBlock({ blockTag: 'latest' });
    expect(cursor).toEqual({ number: head.number, hash: head.hash });
    const [count] = await db.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM history_items WHERE safe = $1 AND kind = 'multisig'",
      [team],
    );
    expect(Number(count?.n)).toBe(9);
  });
  it('reads the past of a Safe it is asked about newest first, and rolls that back with a reorganisation', async () => {
    // Ranges of 4 blocks, so that the Safe's past is still being read when the chain reorganises.
    const indexer = indexerFor(db, { batchSize: 4n });
    while (await indexer.runOnce());
    const snapshot = await clients.test.snapshot();
    const direct = await deploySafeWithoutFactory(clients, safe141.safeL2);
    const execution = await executeByOwners(clients, direct, {
      to: devnet.manifest.accounts[8]!.address as Address,
      value: parseEther('0.1'),
    });
    const { blockNumber: executedAt } = await clients.public.getTransactionReceipt({
      hash: execution.transactionHash,
    });
    await clients.test.mine({ blocks: 12 });
    while (await indexer.runOnce());
    const historyOf = async () =>
      (
        await db.query<{ kind: string; position: string }>(
          'SELECT kind, position FROM history_items WHERE safe = $1 ORDER BY position',
          [direct],
        )
      ).map((row) => row.kind);
    const backfillBelow = async () =>
      (
        await db.query<{ backfill_below: string | null }>(
          'SELECT backfill_below FROM safes WHERE address = $1',
          [direct],
        )
      )[0]?.backfill_below;
    expect(await historyOf()).toEqual([]);

    indexer.track(direct);
    await indexer.runOnce();
    const admittedAt = (await indexer.cursor())!.number;
    expect(BigInt((await backfillBelow())!)).toBeLessThanOrEqual(admittedAt + 1n);
    // From where the indexer stood down, 4 blocks at a time: the 12 empty blocks, then the execution.
    do await indexer.runOnce();
    while (BigInt((await backfillBelow()) ?? 0) > executedAt);
    expect(await backfillBelow()).not.toBeNull();
    expect((await historyOf()).at(-1)).toBe('multisig');
    const [ends] = await db.query<{ first: string; last: string }>(
      'SELECT MIN(position) AS first, MAX(position) AS last FROM history_items WHERE safe = $1',
      [direct],
    );
    // Read below what was there, its positions count down from zero.
    expect(Number(ends!.last)).toBe(-1);
    const owners = await db.query<{ owner: string }>('SELECT owner FROM safe_owners WHERE safe = $1', [
      direct,
    ]);
    expect(owners).toHaveLength(2);

    await clients.test.revert({ id: snapshot });
    await clients.test.mine({ blocks: 30 });
    while (await indexer.runOnce());
    expect(await historyOf()).toEqual([]);
    expect(
      await db.query('SELECT 1 FROM multisig_transactions WHERE safe_tx_hash = $1', [execution.safeTxHash]),
    ).toEqual([]);
    expect(await db.query('SELECT 1 FROM safe_owners WHERE safe = $1', [direct])).toEqual([]);
    expect(await backfillBelow()).toBeNull();
  });
  it('takes in a Safe deployed where somebody asked before there was one, once it checks again', async () => {
    const indexer = indexerFor(db, { recheckAfterMs: 500 });
    while (await indexer.runOnce());
    // An account no other test deploys from: the address is new to the indexer.
    const deployer = devnet.manifest.accounts[7]!.address as Address;
    const nonce = await clients.public.getTransactionCount({ address: deployer });
    const counterfactual = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
    const followed = async () =>
      (await db.query('SELECT 1 FROM safes WHERE address = $1', [counterfactual])).length === 1;

    indexer.track(counterfactual);
    while (await indexer.runOnce());
    expect(await followed()).toBe(false);
    expect(await deploySafeWithoutFactory(clients, safe141.safeL2, deployer)).toBe(counterfactual);
    // Asked again at once: the address is not checked again yet.
    indexer.track(counterfactual);
    while (await indexer.runOnce());
    expect(await followed()).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 500));
    indexer.track(counterfactual);
    while (await indexer.runOnce());
    expect(await followed()).toBe(true);
    const history = await db.query<{ kind: string }>('SELECT kind FROM history_items WHERE safe = $1', [
      counterfactual,
    ]);
    expect(history.map((row) => row.kind)).toEqual(['transfer']);
  });

  it('asks the store nothing while the head stays and nobody asks about a Safe', async () => {
    let storeCalls = 0;
    const counted = new Proxy(db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          storeCalls += 1;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const indexer = indexerFor(counted);
    while (await indexer.runOnce());
    const idlePass = async () => {
      storeCalls = 0;
      expect(await indexer.runOnce()).toBe(false);
      return storeCalls;
    };
    expect(await idlePass()).toBe(0);

    // A Safe asked about is looked at on the next pass (here: no Safe there), then idle again.
    const nobody = devnet.manifest.accounts[8]!.address as Address;
    indexer.track(nobody);
    expect(await idlePass()).toBeGreaterThan(0);
    expect(await idlePass()).toBe(0);

    // A new block: the pass reads the store and moves the cursor, then idle again.
    const before = await indexer.cursor();
    await clients.test.mine({ blocks: 1 });
    storeCalls = 0;
    expect(await indexer.runOnce()).toBe(true);
    expect(storeCalls).toBeGreaterThan(0);
    expect((await indexer.cursor())!.number).toBe(before!.number + 1n);
    while (await indexer.runOnce());
    expect(await idlePass()).toBe(0);
  });
});
