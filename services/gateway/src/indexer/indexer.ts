import { erc20Abi, getAddress, parseAbi, type Address, type PublicClient } from 'viem';
import { safeAbi } from '@countersign/safe-core';
import type { Database } from '../store';
import { applyRange, replaceOwners, rollBackAbove, type TokenMetadata } from './applyRange';
import { fetchRange, type BlockInfo } from './fetchRange';
import { prepareRange } from './prepareRange';

export type IndexerOptions = {
  db: Database;
  client: PublicClient;
  chainId: string;
  /** The proxy factories whose ProxyCreation events reveal new Safes. */
  factories: readonly Address[];
  startBlock: bigint;
  /** Blocks read per pass while catching up. */
  batchSize?: bigint;
  pollIntervalMs?: number;
  /** Tokens whose transfers are shown under `trusted=true` (the devnet's own tokens, say). */
  trustedTokens?: readonly Address[];
  log?: (message: string) => void;
  /** Told which Safes a pass or a rollback changed (caches drop them). */
  onSafesChanged?: (safes: Address[]) => void;
};

/** Blocks read by the first pass. */
const initialSpan = 64n;

/** Above this many logs in one pass, the next pass reads fewer blocks. */
const maxLogsPerPass = 2_000;

const erc165Abi = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']);
/** ERC-165 interface id of ERC721. */
const erc721InterfaceId = '0x80ac58cd';

/** The node behind a chain's RPC URL serves another chain. */
export class WrongChainError extends Error {
  override name = 'WrongChainError';
  constructor(configured: string, actual: number) {
    super(
      `the RPC serves chain ${actual}, not chain ${configured}: not indexing it (check the chain's rpcUrl)`,
    );
  }
}

type Cursor = { number: bigint; hash: string } | undefined;

/**
 * Follows one chain into the store: new Safes from the factories, every SafeL2 event of known Safes,
 * ERC20/ERC721 transfers touching them. Each pass handles one block range in one transaction and
 * moves the cursor with it, so a restart resumes exactly where the last pass ended. Before each pass
 * it checks that the block under the cursor is still on the chain, and rolls back to the fork if not.
 */
export class Indexer {
  readonly #o: Required<Omit<IndexerOptions, 'log' | 'trustedTokens' | 'onSafesChanged'>> &
    Pick<IndexerOptions, 'log' | 'onSafesChanged'>;
  readonly #trusted: Set<Address>;
  /** Blocks read per pass now: shrinks when a node refuses a range (too many logs), grows back after. */
  #span: bigint;
  #running = false;
  #chainChecked = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #lastError: unknown;

  constructor(options: IndexerOptions) {
    this.#o = { batchSize: 2_000n, pollIntervalMs: 1_000, ...options };
    this.#trusted = new Set((options.trustedTokens ?? []).map((t) => getAddress(t)));
    // Start small and grow while passes stay light: nothing is known yet about the chain's density.
    this.#span = this.#o.batchSize < initialSpan ? this.#o.batchSize : initialSpan;
  }

  get lastError(): unknown {
    return this.#lastError;
  }

  async cursor(): Promise<Cursor> {
    const [row] = await this.#o.db.query<{ block_number: string; block_hash: string }>(
      'SELECT block_number, block_hash FROM indexer_cursors WHERE chain_id = $1',
      [this.#o.chainId],
    );
    return row ? { number: BigInt(row.block_number), hash: row.block_hash } : undefined;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = (async () => {
      let failures = 0;
      while (this.#running) {
        let advanced = false;
        try {
          advanced = await this.runOnce();
          this.#lastError = undefined;
          failures = 0;
        } catch (error) {
          this.#lastError = error;
          failures += 1;
          this.#o.log?.(
            `indexer ${this.#o.chainId}: ${error instanceof Error ? error.message : String(error)}`,
          );
          if (error instanceof WrongChainError) {
            // Indexing another chain's blocks under this id would only store wrong data.
            this.#running = false;
            break;
          }
        }
        if (!advanced && this.#running) {
          // After failures, wait longer each time (up to 30 s) rather than hammer the node.
          const delay =
            failures === 0
              ? this.#o.pollIntervalMs
              : Math.min(30_000, this.#o.pollIntervalMs * 2 ** failures);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            this.#wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  /** Resolves once the indexer has handled `block` (tests and callers that just sent a transaction). */
  async waitForBlock(block: bigint, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cursor = await this.cursor();
      if (cursor && cursor.number >= block) return;
      if (Date.now() > deadline) throw new Error(`The indexer did not reach block ${block} in time`);
      this.#wake?.();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** One pass: returns true when it moved the cursor (there may be more to read). */
  async runOnce(): Promise<boolean> {
    const { db, client, chainId } = this.#o;
    if (!this.#chainChecked) {
      const actual = await client.getChainId();
      if (String(actual) !== chainId) throw new WrongChainError(chainId, actual);
      this.#chainChecked = true;
    }
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const cursor = await this.cursor();
    if (cursor) {
      const onChain = await client.getBlock({ blockNumber: cursor.number }).catch(() => undefined);
      if (!onChain || onChain.hash !== cursor.hash) {
        const fork = await this.#findFork();
        this.#o.log?.(
          `indexer ${chainId}: reorganisation below block ${cursor.number}; rolling back to ${fork}`,
        );
        await db.transaction((tx) => rollBackAbove(tx, chainId, fork, Date.now()));
        this.#o.onSafesChanged?.(await this.#refreshAllOwners());
        return true;
      }
    }
    const from = cursor ? cursor.number + 1n : this.#o.startBlock;
    if (from > head) return false;
    const to = from + this.#span - 1n < head ? from + this.#span - 1n : head;

    const known = (
      await db.query<{ address: string }>('SELECT address FROM safes WHERE chain_id = $1', [chainId])
    ).map((row) => getAddress(row.address));
    let range;
    try {
      range = await fetchRange(client, { from, to, factories: this.#o.factories, knownSafes: known });
    } catch (error) {
      // Nodes (and viem) refuse log queries that are too large: read fewer blocks and go on at once.
      if (this.#span === 1n) throw error;
      this.#span = (this.#span + 1n) / 2n;
      this.#o.log?.(
        `indexer ${chainId}: blocks ${from}-${to} could not be read at once; trying ${this.#span} at a time`,
      );
      return true;
    }
    // Keep each pass to a few thousand logs whatever the block density: the decoded range and the
    // transaction writing it are what the gateway's memory peaks on, and WASM memory never shrinks.
    const logs = range.creations.length + range.safeEvents.length + range.tokenTransfers.length;
    if (logs > maxLogsPerPass && this.#span > 1n) this.#span = (this.#span + 1n) / 2n;
    else if (logs < maxLogsPerPass / 4 && this.#span < this.#o.batchSize) {
      this.#span = this.#span * 2n < this.#o.batchSize ? this.#span * 2n : this.#o.batchSize;
    }
    const prepared = prepareRange(range, Number(chainId), new Set(known), this.#trusted);
    const owners = await this.#readOwners([...prepared.ownersChanged], to);
    const tokens = await this.#newTokens([...prepared.tokenAddresses]);
    const toBlock = range.blocks.get(to) as BlockInfo;
    await db.transaction((tx) =>
      applyRange(tx, {
        chainId,
        to: toBlock,
        blocks: [...range.blocks.values()],
        prepared,
        owners,
        tokens,
        nowMs: Date.now(),
      }),
    );
    const touched = new Set<Address>([
      ...prepared.history.map((item) => item.safe),
      ...prepared.transfers.map((transfer) => transfer.safe),
      ...prepared.ownersChanged,
    ]);
    if (touched.size > 0) this.#o.onSafesChanged?.([...touched]);
    return true;
  }

  /** The highest remembered block that is still on the chain, or the block before the start. */
  async #findFork(): Promise<bigint> {
    const remembered = await this.#o.db.query<{ number: string; hash: string }>(
      'SELECT number, hash FROM indexed_blocks WHERE chain_id = $1 ORDER BY number DESC',
      [this.#o.chainId],
    );
    for (const block of remembered) {
      const onChain = await this.#o.client
        .getBlock({ blockNumber: BigInt(block.number) })
        .catch(() => undefined);
      if (onChain?.hash === block.hash) return BigInt(block.number);
    }
    return this.#o.startBlock - 1n;
  }

  async #readOwners(safes: Address[], blockNumber: bigint): Promise<Map<Address, readonly Address[]>> {
    const owners = new Map<Address, readonly Address[]>();
    if (safes.length === 0) return owners;
    const results = await this.#o.client.multicall({
      blockNumber,
      allowFailure: true,
      contracts: safes.map((address) => ({ address, abi: safeAbi, functionName: 'getOwners' }) as const),
    });
    results.forEach((result, i) => {
      const safe = safes[i];
      if (safe && result.status === 'success')
        owners.set(
          safe,
          result.result.map((o) => getAddress(o)),
        );
    });
    return owners;
  }

  /** Reads every known Safe's owners again; returns those Safes. */
  async #refreshAllOwners(): Promise<Address[]> {
    const { db, client, chainId } = this.#o;
    const safes = (
      await db.query<{ address: string }>('SELECT address FROM safes WHERE chain_id = $1', [chainId])
    ).map((row) => getAddress(row.address));
    const owners = await this.#readOwners(safes, await client.getBlockNumber({ cacheTime: 0 }));
    await db.transaction((tx) => replaceOwners(tx, chainId, owners));
    return safes;
  }

  /** Reads name, symbol and decimals of tokens the store does not know yet. */
  async #newTokens(addresses: Address[]): Promise<TokenMetadata[]> {
    if (addresses.length === 0) return [];
    const knownRows = await this.#o.db.query<{ address: string }>(
      'SELECT address FROM tokens WHERE chain_id = $1',
      [this.#o.chainId],
    );
    const known = new Set(knownRows.map((row) => row.address));
    const fresh = addresses.filter((address) => !known.has(address));
    return Promise.all(
      fresh.map(async (address) => {
        const [name, symbol, decimals, isNft] = await this.#o.client.multicall({
          allowFailure: true,
          contracts: [
            { address, abi: erc20Abi, functionName: 'name' },
            { address, abi: erc20Abi, functionName: 'symbol' },
            { address, abi: erc20Abi, functionName: 'decimals' },
            { address, abi: erc165Abi, functionName: 'supportsInterface', args: [erc721InterfaceId] },
          ],
        });
        const nft = isNft.status === 'success' && isNft.result === true;
        return {
          address,
          type: nft ? ('ERC721' as const) : ('ERC20' as const),
          name: name.status === 'success' ? name.result : null,
          symbol: symbol.status === 'success' ? symbol.result : null,
          decimals: nft ? 0 : decimals.status === 'success' ? decimals.result : null,
          trusted: this.#trusted.has(address),
        };
      }),
    );
  }
}
