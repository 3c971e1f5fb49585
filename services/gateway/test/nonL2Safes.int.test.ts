import { createSafe, devAccounts, devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import { multicall3Address, safe130, safe141, safe150, safeAbi } from '@countersign/safe-core';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Indexer } from '../src/indexer/indexer';
import { needsTracesReason } from '../src/indexer/recoverRange';
import { openDatabase, type Database } from '../src/store';
import { recoverChainSigners } from '../src/transactions/chainSigners';
import { startLimitedRpcProxy, type LimitedRpcProxy } from './support/limitedRpcProxy';
import { executeByOwners, relayThroughMulticall } from './support/safes';

const accounts = devAccounts();
const deployer = accounts[0]!.account.address;
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const moduleAccount = accounts[9]!.account.address;
const recipient = accounts[8]!.account.address;

const deployments = {
  l2v141: {
    safeL2: safe141.safeL2,
    safeProxyFactory: safe141.safeProxyFactory,
    compatibilityFallbackHandler: safe141.compatibilityFallbackHandler,
  },
  v141: {
    safeL2: safe141.safe,
    safeProxyFactory: safe141.safeProxyFactory,
    compatibilityFallbackHandler: safe141.compatibilityFallbackHandler,
  },
  l2v130: {
    safeL2: safe130.safeL2,
    safeProxyFactory: safe130.safeProxyFactory,
    compatibilityFallbackHandler: safe130.compatibilityFallbackHandler,
  },
  v130: {
    safeL2: safe130.safe,
    safeProxyFactory: safe130.safeProxyFactory,
    compatibilityFallbackHandler: safe130.compatibilityFallbackHandler,
  },
  l2v150: {
    safeL2: safe150.safeL2,
    safeProxyFactory: safe150.safeProxyFactory,
    compatibilityFallbackHandler: safe150.compatibilityFallbackHandler,
  },
  v150: {
    safeL2: safe150.safe,
    safeProxyFactory: safe150.safeProxyFactory,
    compatibilityFallbackHandler: safe150.compatibilityFallbackHandler,
  },
} as const;
type Kind = keyof typeof deployments;

/**
 * Safes on the L2 and the plain singletons of 1.5.0, 1.4.1 and 1.3.0 doing the same things: paid directly,
 * through Multicall3, a failed execution, an EOA module and a contract module (another Safe), and
 * incoming coin and tokens. The plain ones' histories must equal their L2 twins', read through a full
 * node and through a provider that caps ranges, rate-limits, has no traces and no past state.
 */
describe('Safes on non-L2 singletons', () => {
  let devnet: Devnet;
  let clients: ReturnType<typeof devnetClients>;
  let team: Address;
  let dev: Address;
  const safes = {} as Record<Kind, Address>;
  const relayed = {} as Record<Kind, string>;
  let full: Database;
  let limited: Database;
  let proxy: LimitedRpcProxy;

  const send = async (from: Address, to: Address, data: `0x${string}`, value = 0n) => {
    const hash = await clients.wallet.sendTransaction({
      account: from,
      chain: clients.chain,
      to,
      data,
      value,
    });
    const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
    return hash;
  };

  async function scenario(kind: Kind) {
    const safe = await createSafe(clients, {
      sender: deployer,
      owners: [ownerA.address, ownerB.address],
      threshold: 2n,
      saltNonce: BigInt(Object.keys(safes).length + 700),
      deployment: deployments[kind],
    });
    safes[kind] = safe;
    await send(deployer, safe, '0x', parseEther('2'));
    await executeByOwners(clients, safe, { to: recipient, value: parseEther('0.1') });
    relayed[kind] = await relayThroughMulticall(clients, safe, { to: recipient, value: parseEther('0.2') });
    const failed = await executeByOwners(clients, safe, {
      to: dev,
      safeTxGas: 100_000n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, parseUnits('1', 30)],
      }),
    });
    expect(failed.success).toBe(false);
    for (const module of [moduleAccount, team]) {
      await executeByOwners(clients, safe, {
        to: safe,
        data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module] }),
      });
    }
    const moduleCall = (value: bigint) =>
      encodeFunctionData({
        abi: safeAbi,
        functionName: 'execTransactionFromModule',
        args: [recipient, value, '0x', 0],
      });
    await send(moduleAccount, safe, moduleCall(parseEther('0.01')));
    // The team Safe as the module: its own execution calls this Safe, which only a trace shows.
    await executeByOwners(clients, team, { to: safe, data: moduleCall(parseEther('0.02')) });
    await send(
      deployer,
      dev,
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [safe, parseUnits('5', 18)] }),
    );
  }

  const indexer = (db: Database, client: PublicClient) =>
    new Indexer({
      db,
      client,
      chainId: '1337',
      factories: [safe141.safeProxyFactory, safe130.safeProxyFactory, safe150.safeProxyFactory],
      singletons: [safe141.safeL2, safe141.safe, safe130.safeL2, safe130.safe, safe150.safeL2, safe150.safe],
      startBlock: 0n,
      retryDelayMs: { first: 5, max: 40 },
      log: (m) => {
        if (process.env.DEBUG_INDEXER) console.log(m);
      },
      trustedTokens: devnet.manifest.tokens.map((t) => t.address as Address),
    });

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    clients = devnetClients(1337, devnet.rpcUrl);
    team = devnet.manifest.safes[0]!.address as Address;
    dev = devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address as Address;
    for (const kind of Object.keys(deployments) as Kind[]) await scenario(kind);
    full = await openDatabase({});
    const head = await clients.public.getBlockNumber();
    const onFullNode = indexer(full, clients.public as unknown as PublicClient);
    onFullNode.start();
    await onFullNode.waitForBlock(head, 60_000);
    await onFullNode.stop();

    proxy = await startLimitedRpcProxy(devnet.rpcUrl, {
      maxLogBlocks: 8,
      maxLogResults: 12,
      rateLimited: 0.1,
      stateBlocks: 2,
    });
    limited = await openDatabase({});
    const client = createPublicClient({
      chain: clients.chain,
      // As the gateway's own client (chains/registry.ts): one retry.
      transport: http(proxy.url, { retryCount: 1, retryDelay: 10 }),
    }) as PublicClient;
    const onProvider = indexer(limited, client);
    onProvider.start();
    await onProvider.waitForBlock(head, 120_000);
    await onProvider.stop();
    for (const db of [full, limited]) {
      const hashes = await db.query<{ safe_tx_hash: string }>(
        'SELECT safe_tx_hash FROM multisig_transactions WHERE executed_signatures IS NOT NULL',
      );
      await recoverChainSigners(
        db,
        '1337',
        hashes.map((row) => row.safe_tx_hash),
      );
    }
  }, 240_000);
  afterAll(async () => {
    await proxy?.close();
    await full?.close();
    await limited?.close();
    await devnet?.stop();
  });

  /** A Safe's history, with its own address written as SAFE so that twins compare. */
  async function historyOf(db: Database, safe: Address) {
    const same = (value: string | null) => (value === safe ? 'SAFE' : value);
    const multisig = await db.query<Record<string, unknown>>(
      `SELECT nonce, to_address, value, data, operation, safe_tx_gas, base_gas, gas_price, gas_token, refund_receiver,
         success, payment, confirmations_required, executor, executed_tx_hash
       FROM multisig_transactions WHERE safe = $1 ORDER BY nonce`,
      [safe],
    );
    const signers = await db.query<{ nonce: string; owner: string }>(
      `SELECT m.nonce, c.owner FROM confirmations c JOIN multisig_transactions m USING (chain_id, safe_tx_hash)
       WHERE m.safe = $1 ORDER BY m.nonce, c.owner`,
      [safe],
    );
    const modules = await db.query<Record<string, unknown>>(
      'SELECT module, to_address, value, data, operation, success FROM module_transactions WHERE safe = $1 ORDER BY block_number, log_index',
      [safe],
    );
    const transfers = await db.query<{
      token_type: string;
      sender: string;
      recipient: string;
      value: string;
    }>(
      'SELECT token_type, sender, recipient, value FROM transfers WHERE safe = $1 ORDER BY block_number, log_index',
      [safe],
    );
    const history = await db.query<{ kind: string }>(
      'SELECT kind FROM history_items WHERE safe = $1 ORDER BY position',
      [safe],
    );
    const unrecovered = await db.query<{
      kind: string;
      module: string;
      sender: string;
      reason: string;
      success: boolean;
    }>(
      'SELECT kind, module, sender, reason, success FROM unrecovered_executions WHERE safe = $1 ORDER BY block_number',
      [safe],
    );
    return {
      multisig: multisig.map((row): Record<string, unknown> => ({
        ...row,
        to_address: same(row.to_address as string),
        executed_tx_hash: undefined,
      })),
      executors: multisig.map((row) => row.executor),
      signers: signers.map((row) => `${row.nonce}:${row.owner}`),
      modules: modules.map((row): Record<string, unknown> => ({
        ...row,
        to_address: same(row.to_address as string),
      })),
      transfers: transfers.map((row) => ({
        ...row,
        sender: same(row.sender),
        recipient: same(row.recipient),
      })),
      history: history.map((row) => row.kind),
      unrecovered,
    };
  }

  it.each([
    ['v141', 'l2v141'],
    ['v130', 'l2v130'],
    ['v150', 'l2v150'],
  ] as const)('a plain %s Safe has the history of its L2 twin, field by field', async (plain, twin) => {
    const [mine, theirs] = [await historyOf(full, safes[plain]), await historyOf(full, safes[twin])];
    expect(mine.multisig.map((row) => ({ ...row, executor: undefined }))).toEqual(
      theirs.multisig.map((row) => ({ ...row, executor: undefined })),
    );
    // Paid, relayed, failed, two modules enabled.
    expect(mine.multisig.map((row) => row.success)).toEqual([true, true, false, true, true]);
    expect(mine.signers).toEqual(theirs.signers);
    expect(mine.signers).toHaveLength(10);
    expect(mine.modules).toEqual(theirs.modules);
    expect(mine.modules.map((row) => row.module)).toEqual([moduleAccount, team]);
    expect(mine.transfers).toEqual(theirs.transfers);
    expect(mine.transfers.map((row) => row.token_type)).toEqual(['NATIVE', 'ERC20']);
    expect(mine.history).toEqual(theirs.history);
    expect(mine.unrecovered).toEqual([]);
    // Whoever called the Safe for a direct execution; the transaction's sender for a relayed one
    // (the L2 event names Multicall3, the contract that called the Safe).
    expect(mine.executors).toEqual(theirs.executors.map((who, i) => (i === 1 ? deployer : who)));
    expect(theirs.executors[1]).toBe(multicall3Address);
  });

  it('kept indexing the demo team Safe throughout: its module calls into the twins are in its history', async () => {
    const rows = await full.query<{ to_address: string }>(
      'SELECT to_address FROM multisig_transactions WHERE safe = $1 AND executed_tx_hash IS NOT NULL ORDER BY nonce DESC LIMIT 6',
      [team],
    );
    expect(new Set(rows.map((row) => row.to_address))).toEqual(new Set(Object.values(safes)));
    expect(await full.query('SELECT 1 FROM safes WHERE set_aside_reason IS NOT NULL')).toEqual([]);
  });

  it('through a limited provider: the same history, nothing lost or doubled, contract modules marked as needing traces', async () => {
    expect(proxy.refused.range).toBeGreaterThan(0);
    expect(proxy.refused['429']).toBeGreaterThan(0);
    expect(proxy.refused.method).toBeGreaterThan(0);
    expect(proxy.refused.state).toBeGreaterThan(0);
    for (const kind of Object.keys(deployments) as Kind[]) {
      const [onNode, onProvider] = [
        await historyOf(full, safes[kind]),
        await historyOf(limited, safes[kind]),
      ];
      expect(onProvider.multisig, kind).toEqual(onNode.multisig);
      expect(onProvider.signers, kind).toEqual(onNode.signers);
      expect(onProvider.transfers, kind).toEqual(onNode.transfers);
      if (kind.startsWith('l2')) {
        expect(onProvider.modules, kind).toEqual(onNode.modules);
        expect(onProvider.history, kind).toEqual(onNode.history);
        continue;
      }
      // The team Safe's call into the plain Safe shows only in a trace, which this provider lacks.
      expect(onProvider.modules, kind).toEqual(onNode.modules.slice(0, 1));
      expect(onProvider.unrecovered, kind).toEqual([
        { kind: 'module', module: team, sender: ownerA.address, reason: needsTracesReason, success: true },
      ]);
      expect(onProvider.history, kind).toEqual(
        onNode.history.map((item, i) => (i === onNode.history.lastIndexOf('module') ? 'unrecovered' : item)),
      );
    }
    for (const table of ['multisig_transactions', 'module_transactions', 'transfers', 'history_items']) {
      const [a] = await full.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table}`);
      const [b] = await limited.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table}`);
      const unrecovered = table === 'module_transactions' ? 3 : 0;
      expect(Number(b?.n), table).toBe(Number(a?.n) - unrecovered);
    }
  });
});
