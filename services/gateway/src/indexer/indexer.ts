import {
  BaseError,
  BlockNotFoundError,
  HttpRequestError,
  erc20Abi,
  getAddress,
  parseAbi,
  type Address,
  type PublicClient,
} from 'viem';
import { safeAbi } from '@countersign/safe-core';
import { readSafe } from '../safes/readSafe';
import { insertRows, type Database, type Queryable } from '../store';
import {
  applyRange,
  applyRecords,
  replaceOwners,
  rememberedBlocks,
  rollBackAbove,
  type RangeRecords,
  type TokenMetadata,
} from './applyRange';
import { fetchRange, type BlockInfo, type ChainRange } from './fetchRange';
import { prepareRange, type PreparedRange } from './prepareRange';
import { recoverRange, type TraceSupport } from './recoverRange';
import { isTransient } from './rpcErrors';
import { buildSafeTx, hashSafeTx } from '@countersign/safe-core';

export type IndexerOptions = {
  db: Database;
  client: PublicClient;
  chainId: string;
  /** The proxy factories whose ProxyCreation events reveal new Safes. */
  factories: readonly Address[];
  /**
   * The singletons (master copies) a Safe somebody asks about may run, to be followed too: L2 ones,
   * whose executions come with events describing them, and the others, whose executions are
   * recovered from their transactions (see recoverRange).
   */
  singletons?: readonly Address[];
  /** How long an address found not to be such a Safe is not checked again (1 minute by default). */
  recheckAfterMs?: number;
  startBlock: bigint;
  /** Blocks read per pass while catching up. */
  batchSize?: bigint;
  pollIntervalMs?: number;
  /** Tokens whose transfers are shown under `trusted=true` (the devnet's own tokens, say). */
  trustedTokens?: readonly Address[];
  /**
   * After a failed pass, the wait before the next one: `first` ms, doubling with each failure in a
   * row up to `max` ms (250 ms to 10 s by default).
   */
  retryDelayMs?: { first: number; max: number };
  log?: (message: string) => void;
  /** Told which Safes a pass or a rollback changed (caches drop them). */
  onSafesChanged?: (safes: Address[]) => void;
  /**
   * Runs last in each transaction that changes what the indexer stored, with the cursor it leaves:
   * on PostgreSQL it announces the change to the other replicas (NOTIFY, sent on commit).
   */
  announce?: (tx: Queryable, block: bigint | undefined) => Promise<void>;
};

/**
 * The first key of the transaction-level advisory lock each indexer write takes on PostgreSQL
 * ('CSiw'), the second being the schema and chain: writers of one chain take turns, so that the
 * cursor each checks cannot move under it before it commits.
 */
export const indexerWriteLockSpace = 0x43536977;

/**
 * The cursor moved since the pass read it: another replica indexed meanwhile (this one lost its
 * lease, or had not noticed yet). The pass's writes are dropped, so that no range is written twice.
 */
export class StaleCursorError extends Error {
  override name = 'StaleCursorError';
}

/** Blocks read by the first pass. */
const initialSpan = 64n;

/**
 * How many logs a pass aims at. The decoded range, the statements writing it and their garbage are
 * what the gateway's memory peaks on while it catches up (WASM memory, once grown, never shrinks).
 */
const logsPerPass = 1_000;

const erc165Abi = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']);
/** ERC-165 interface id of ERC721. */
const erc721InterfaceId = '0x80ac58cd';

/** Safes asked about that wait for the next pass; more at once are ignored (asked again later). */
const maxPendingSafes = 100;
/**
 * Addresses found not to be indexable Safes are not checked again for a while: asking again costs
 * nothing, and a Safe deployed there later (a counterfactual one, say) is still taken in.
 */
const maxRejected = 1_000;

/** Blocks read per pass now: shrinks when a node refuses a range (too many logs), grows back after. */
type Span = {
  blocks: bigint;
  /**
   * The node refused a range of this many blocks: the span stays below it for the next
   * `ceilingPasses` reads, so that a provider's cap is not hit again on every other pass.
   */
  ceiling?: { blocks: bigint; passesLeft: number };
};

/** How many reads a refused span size is remembered for (a refusal may come from a dense stretch). */
const ceilingPasses = 64;

/**
 * The next pass's span: as many blocks as hold about `logsPerPass` logs at the density of this
 * range's busiest block (density is uneven: an average would let the next pass land on a run of full
 * blocks), at most twice this span, and within [1, batchSize].
 */
export function nextSpan(range: ChainRange, blocks: bigint, batchSize: bigint): bigint {
  const perBlock = new Map<bigint, number>();
  for (const log of [...range.creations, ...range.safeEvents, ...range.tokenTransfers]) {
    if (log.blockNumber !== null) perBlock.set(log.blockNumber, (perBlock.get(log.blockNumber) ?? 0) + 1);
  }
  const busiest = Math.max(0, ...perBlock.values());
  let next = blocks * 2n;
  if (busiest > 0 && BigInt(Math.floor(logsPerPass / busiest)) < next) {
    next = BigInt(Math.floor(logsPerPass / busiest));
  }
  if (next > batchSize) next = batchSize;
  return next < 1n ? 1n : next;
}

/** The node behind a chain's RPC URL serves another chain. */
export class WrongChainError extends Error {
  override name = 'WrongChainError';
  constructor(configured: string, actual: number) {
    super(
      `the RPC serves chain ${actual}, not chain ${configured}: not indexing it (check the chain's rpcUrl)`,
    );
  }
}

/**
 * The indexer cannot go on without erasing rows it cannot show to be orphaned (a reorganisation
 * deeper than the blocks it remembers): it stops for an operator to look, rather than guess.
 */
export class IndexerHaltedError extends Error {
  override name = 'IndexerHaltedError';
}

/** The node has no block at a height at or below its own head: an inconsistent answer, not a fork. */
class MissingBlockError extends Error {
  override name = 'MissingBlockError';
  constructor(number: bigint, head: bigint) {
    super(`the node has no block ${number} although its head is ${head}; asking again later`);
  }
}

/**
 * Where an indexer stands, for /health: `retrying` while passes fail (the RPC is down, say) and are
 * tried again with a growing delay; `halted` once it stopped for good (see IndexerHaltedError).
 */
export type IndexerStatus = {
  /** `following` on a replica that serves a chain another replica indexes. */
  state: 'indexing' | 'following' | 'retrying' | 'halted';
  /** The last block indexed; null before the first. */
  block: number | null;
  lastError?: string;
};

/**
 * An error as /health may show it: anyone can read that, and viem's full messages name the RPC URL,
 * which often carries an API key.
 */
function publicMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  if (error instanceof HttpRequestError) {
    // Its details are the answer's body: a provider's error page, say.
    message =
      error.status === undefined ? error.shortMessage : `${error.shortMessage} (HTTP ${error.status})`;
  } else if (error instanceof BaseError) {
    // The details hold the node's own message (viem's short one is generic).
    message =
      error.details && error.details !== error.shortMessage
        ? `${error.shortMessage} ${error.details}`
        : error.shortMessage;
  }
  return message.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>').slice(0, 300);
}

type Cursor = { number: bigint; hash: string } | undefined;

/**
 * How far an indexer trails its chain, for /health and /metrics: the head the node reported at the
 * start of the last pass and the timestamp of the last block indexed; null before they are known.
 */
export type IndexerProgress = {
  head: number | null;
  block: number | null;
  blockTimeMs: number | null;
};

/**
 * Follows one chain into the store: new Safes from the factories (and Safes somebody asked about,
 * whose past is read first, see track), every SafeL2 event of known Safes,
 * ERC20/ERC721 transfers touching them. Each pass handles one block range in one transaction and
 * moves the cursor with it, so a restart resumes exactly where the last pass ended. Before each pass
 * it checks that the block under the cursor is still on the chain, and rolls back to the fork if not.
 *
 * Only the chain's own answers count as a reorganisation: a block at the cursor's height with another
 * hash, or a head below the cursor. A failed call (an error, a timeout, a block the node says it does
 * not have below its head) fails the pass, which is tried again later; it never rolls anything back.
 */
export class Indexer {
  readonly #o: Required<
    Omit<IndexerOptions, 'log' | 'trustedTokens' | 'onSafesChanged' | 'singletons' | 'announce'>
  > &
    Pick<IndexerOptions, 'log' | 'onSafesChanged' | 'announce'>;
  readonly #trusted: Set<Address>;
  readonly #singletons: Set<Address>;
  /** The main passes', over every Safe followed. */
  readonly #span: Span;
  /** The backfills', over the few Safes being caught up: their logs are sparse, so it grows apart. */
  readonly #backfillSpan: Span;
  /** Every Safe in the store (followed or being caught up), as of the last pass. */
  #known = new Set<Address>();
  #pending = new Set<Address>();
  /** Until when each rejected address is not checked again. */
  #rejected = new Map<Address, number>();
  /** Whether the node serves call traces, for executions only a trace shows (found out once). */
  readonly #traces: TraceSupport = { mode: 'unknown' };
  #running = false;
  #chainChecked = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** Set while waiting out a failure: asking about a Safe must not cut that wait short. */
  #backingOff = false;
  #lastError: unknown;
  /** Failed passes in a row. */
  #failures = 0;
  /** Why the indexer stopped for good, once it did. */
  #halted: string | undefined;
  #block: bigint | undefined;
  /** The node's head as of the last pass that read it. */
  #head: bigint | undefined;
  /** The timestamp of the block under the cursor, once read (from the range or indexed_blocks). */
  #blockTime: { number: bigint; ms: number } | undefined;
  /** A rollback committed but the owners it changed were not read again yet (the RPC failed). */
  #ownersStale = false;
  /**
   * The head's hash when a pass last found nothing to do. Until the head moves or a Safe is asked
   * about, another pass would read the same store and find the same nothing: a pass then costs the
   * node one call and the store none (a devnet polled every 100 ms spent 8% of a core idle on them).
   */
  #idleAt: string | undefined;

  constructor(options: IndexerOptions) {
    this.#o = {
      batchSize: 2_000n,
      pollIntervalMs: 1_000,
      recheckAfterMs: 60_000,
      retryDelayMs: { first: 250, max: 10_000 },
      ...options,
    };
    this.#trusted = new Set((options.trustedTokens ?? []).map((t) => getAddress(t)));
    this.#singletons = new Set((options.singletons ?? []).map((s) => getAddress(s)));
    // Start small and grow while passes stay light: nothing is known yet about the chain's density.
    const first = this.#o.batchSize < initialSpan ? this.#o.batchSize : initialSpan;
    this.#span = { blocks: first };
    this.#backfillSpan = { blocks: first };
  }

  get lastError(): unknown {
    return this.#lastError;
  }

  status(): IndexerStatus {
    const block = this.#block === undefined ? null : Number(this.#block);
    if (this.#halted !== undefined) return { state: 'halted', block, lastError: this.#halted };
    if (this.#failures > 0) return { state: 'retrying', block, lastError: publicMessage(this.#lastError) };
    return { state: 'indexing', block };
  }

  progress(): IndexerProgress {
    const time =
      this.#blockTime !== undefined && this.#blockTime.number === this.#block ? this.#blockTime : undefined;
    return {
      head: this.#head === undefined ? null : Number(this.#head),
      block: this.#block === undefined ? null : Number(this.#block),
      blockTimeMs: time?.ms ?? null,
    };
  }

  /** Reads the cursor block's timestamp when the cursor moved without a range telling it (a restart, a rollback). */
  async #noteCursorTime(): Promise<void> {
    const block = this.#block;
    if (block === undefined || this.#blockTime?.number === block) return;
    const [row] = await this.#o.db.query<{ timestamp_ms: string }>(
      'SELECT timestamp_ms FROM indexed_blocks WHERE chain_id = $1 AND number = $2',
      [this.#o.chainId, block.toString()],
    );
    if (row) this.#blockTime = { number: block, ms: Number(row.timestamp_ms) };
  }

  async cursor(): Promise<Cursor> {
    const [row] = await this.#o.db.query<{ block_number: string; block_hash: string }>(
      'SELECT block_number, block_hash FROM indexer_cursors WHERE chain_id = $1',
      [this.#o.chainId],
    );
    return row ? { number: BigInt(row.block_number), hash: row.block_hash } : undefined;
  }

  start(): void {
    if (this.#running || this.#halted !== undefined) return;
    this.#running = true;
    this.#loop = (async () => {
      const { chainId, log } = this.#o;
      while (this.#running) {
        let advanced = false;
        try {
          try {
            advanced = await this.runOnce();
          } catch (error) {
            if (!(error instanceof StaleCursorError)) throw error;
            // Not a failure of the chain: read the cursor again and go on from there at once.
            log?.(`indexer ${chainId}: ${error.message}; dropping the pass`);
            advanced = true;
          }
          if (this.#failures > 0)
            log?.(`indexer ${chainId}: indexing again after ${this.#failures} failed passes`);
          this.#lastError = undefined;
          this.#failures = 0;
        } catch (error) {
          this.#lastError = error;
          const message = error instanceof Error ? error.message : String(error);
          if (error instanceof WrongChainError || error instanceof IndexerHaltedError) {
            // Indexing another chain's blocks under this id would only store wrong data, and going on
            // after a fork the indexer cannot place would erase rows it cannot show to be orphaned.
            this.#halted = publicMessage(error);
            log?.(`indexer ${chainId}: halted: ${message}`);
            this.#running = false;
            break;
          }
          this.#failures += 1;
          log?.(`indexer ${chainId}: ${message}; trying again in ${this.#retryDelay()} ms`);
        }
        if (!advanced && this.#running) {
          const failing = this.#failures > 0;
          await this.#sleep(failing ? this.#retryDelay() : this.#o.pollIntervalMs, failing);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  /** Rather than hammer a node that fails, wait longer after each failure in a row. */
  #retryDelay(): number {
    const { first, max } = this.#o.retryDelayMs;
    return Math.min(max, first * 2 ** Math.max(0, this.#failures - 1));
  }

  async #sleep(ms: number, backingOff: boolean): Promise<void> {
    this.#backingOff = backingOff;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#backingOff = false;
  }

  /** Starts the next pass now, unless the last one failed: then its delay is waited out. */
  #poke(): void {
    if (!this.#backingOff) this.#wake?.();
  }

  /**
   * Follows a Safe somebody asked about, if the indexer does not already: on the next pass it checks
   * that a Safe (of a known L2 singleton) is there, and reads its past from the start block.
   */
  track(safe: Address): void {
    if (this.#known.has(safe) || this.#pending.has(safe)) return;
    if ((this.#rejected.get(safe) ?? 0) > Date.now()) return;
    if (this.#pending.size >= maxPendingSafes) return;
    this.#pending.add(safe);
    this.#poke();
  }

  /**
   * Resolves once the indexer has handled `block` for every Safe it follows, including those asked
   * about and still being caught up (tests and callers that just sent a transaction).
   */
  async waitForBlock(block: bigint, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cursor = await this.cursor();
      if (cursor && cursor.number >= block && this.#pending.size === 0 && !(await this.#backfilling()).length)
        return;
      if (Date.now() > deadline) throw new Error(`The indexer did not reach block ${block} in time`);
      this.#poke();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * One pass: returns true when it moved the cursor or caught up a Safe (there may be more to read).
   * Safes asked about are taken in first; one range of their past is read, then one range of the chain.
   */
  async runOnce(): Promise<boolean> {
    const { db, client, chainId } = this.#o;
    if (!this.#chainChecked) {
      const actual = await client.getChainId();
      if (String(actual) !== chainId) throw new WrongChainError(chainId, actual);
      this.#chainChecked = true;
    }
    // The head's hash comes with it: on an idle chain, that one call also shows the cursor's block
    // still there, so that a pass costs the node a single call.
    const latest = await this.#latest();
    const head = latest.number;
    this.#head = head;
    if (latest.hash === this.#idleAt && this.#pending.size === 0 && !this.#ownersStale) return false;
    this.#idleAt = undefined;
    const cursor = await this.cursor();
    this.#block = cursor?.number;
    await this.#noteCursorTime();
    if (this.#ownersStale) await this.#refreshOwnersAfterRollback();
    if (cursor && (await this.#orphaned(cursor, latest))) {
      const fork = await this.#findFork(cursor, head);
      this.#o.log?.(
        `indexer ${chainId}: reorganisation below block ${cursor.number}; rolling back to ${fork}`,
      );
      this.#ownersStale = true;
      await this.#write(cursor, async (tx) => {
        await rollBackAbove(tx, chainId, fork, Date.now());
        return fork < this.#o.startBlock ? undefined : fork;
      });
      this.#block = (await this.cursor())?.number;
      await this.#noteCursorTime();
      await this.#refreshOwnersAfterRollback();
      return true;
    }
    const safes = async () =>
      db.query<{ address: string; set_aside_reason: string | null }>(
        'SELECT address, set_aside_reason FROM safes WHERE chain_id = $1',
        [chainId],
      );
    this.#known = new Set((await safes()).map((row) => getAddress(row.address)));
    const admitted = await this.#admit(cursor, head);
    // Read again, with the Safes just taken in. The chain first: a Safe just taken in shows what it
    // does from now on at once, its past follows.
    const followed = (await safes())
      .filter((row) => row.set_aside_reason === null)
      .map((row) => getAddress(row.address));
    const advanced = await this.#follow(cursor, head, followed);
    const after = advanced ? await this.cursor() : cursor;
    const caughtUp = after ? await this.#backfill(after) : false;
    const busy = admitted || caughtUp || advanced;
    if (!busy) this.#idleAt = latest.hash;
    return busy;
  }

  /** One range of the chain for the Safes followed, moving the cursor. */
  async #follow(cursor: Cursor, head: bigint, known: Address[]): Promise<boolean> {
    const from = cursor ? cursor.number + 1n : this.#o.startBlock;
    if (from > head) return false;
    const range = await this.#read(this.#span, from, head, this.#o.factories, known);
    if (!range) return true;
    const prepared = await this.#prepare(range, known);
    const records = await this.#records(prepared, range.to);
    const toBlock = range.blocks.get(range.to) as BlockInfo;
    await this.#write(cursor, async (tx) => {
      await applyRange(tx, {
        ...records,
        to: toBlock,
        blocks: [...range.blocks.values()],
        nowMs: Date.now(),
        head,
      });
      return range.to;
    });
    this.#block = range.to;
    this.#blockTime = { number: range.to, ms: toBlock.timestampMs };
    this.#changed(prepared);
    return true;
  }

  /**
   * One range of the past of the Safes asked about, newest blocks first: the main passes follow them
   * from where the indexer stood when they were taken in, and this reads down from there to the start
   * block, so that their latest history is there at once and older items go in before it. The Safes
   * taken in last (whose past is read least far) go first. Owners are read at the cursor, the state
   * the rest of the store describes.
   */
  async #backfill(cursor: NonNullable<Cursor>): Promise<boolean> {
    const { chainId, startBlock } = this.#o;
    const behind = await this.#backfilling();
    const below = behind[0]?.below;
    if (below === undefined) return false;
    const safes = behind.filter((row) => row.below === below).map((row) => row.address);
    const to = below - 1n;
    const from =
      to - this.#backfillSpan.blocks + 1n > startBlock ? to - this.#backfillSpan.blocks + 1n : startBlock;
    const range = to >= startBlock ? await this.#read(this.#backfillSpan, from, to, [], safes, true) : null;
    if (range === undefined) return true;
    const prepared = range && (await this.#prepare(range, safes));
    const records = prepared && (await this.#records(prepared, cursor.number));
    const reached = range && range.from > startBlock ? range.from : null;
    const reachedMs = range?.blocks.get(range.from)?.timestampMs ?? null;
    await this.#write(cursor, async (tx) => {
      const moved = await tx.query(
        'SELECT 1 FROM safes WHERE chain_id = $1 AND address = ANY($2) AND backfill_below IS DISTINCT FROM $3',
        [chainId, safes, below.toString()],
      );
      if (moved.length > 0) throw new StaleCursorError("another replica read these Safes' past meanwhile");
      if (records) await applyRecords(tx, records, true);
      await tx.query(
        `UPDATE safes SET backfill_below = $3, backfill_below_ms = $4, backfill_written_ms = $5
         WHERE chain_id = $1 AND address = ANY($2)`,
        [chainId, safes, reached?.toString() ?? null, reached === null ? null : reachedMs, Date.now()],
      );
      return cursor.number;
    });
    if (prepared) this.#changed(prepared);
    // How far back the history is complete moved: their pages say so.
    this.#o.onSafesChanged?.(safes);
    return true;
  }

  /** The Safes whose past is being read, those read least far back first. */
  async #backfilling(): Promise<{ address: Address; below: bigint }[]> {
    const rows = await this.#o.db.query<{ address: string; backfill_below: string }>(
      `SELECT address, backfill_below FROM safes
       WHERE chain_id = $1 AND backfill_below IS NOT NULL AND set_aside_reason IS NULL
       ORDER BY backfill_below DESC`,
      [this.#o.chainId],
    );
    return rows.map((row) => ({ address: getAddress(row.address), below: BigInt(row.backfill_below) }));
  }

  /**
   * Takes in the Safes asked about: each must be a Safe on one of the chain's singletons. Its owners
   * are read now; the main passes follow it from the cursor on, and its past down to the start block
   * is read newest first (see #backfill), unless the indexer has not started (it then reads it anyway).
   */
  async #admit(cursor: Cursor, head: bigint): Promise<boolean> {
    if (this.#pending.size === 0) return false;
    const asked = [...this.#pending];
    const admitted: { address: Address; singleton: Address }[] = [];
    for (const safe of asked) {
      if (this.#known.has(safe)) continue;
      const singleton = await this.#indexableSingleton(safe);
      if (singleton) admitted.push({ address: safe, singleton });
      else {
        if (this.#rejected.size >= maxRejected) this.#rejected.clear();
        this.#rejected.set(safe, Date.now() + this.#o.recheckAfterMs);
      }
    }
    if (admitted.length > 0) {
      const { chainId } = this.#o;
      const addresses = admitted.map((safe) => safe.address);
      const owners = await this.#readOwners(addresses, cursor?.number ?? head);
      await this.#write(cursor, async (tx) => {
        await insertRows(
          tx,
          'INSERT INTO safes (chain_id, address, singleton, backfill_below)',
          admitted.map((safe) => [
            chainId,
            safe.address,
            safe.singleton,
            cursor && cursor.number >= this.#o.startBlock ? (cursor.number + 1n).toString() : null,
          ]),
          'ON CONFLICT (chain_id, address) DO NOTHING',
        );
        await replaceOwners(tx, chainId, owners);
        return cursor?.number;
      });
      for (const safe of addresses) this.#known.add(safe);
      this.#o.log?.(`indexer ${chainId}: following ${addresses.join(', ')}, asked about`);
      this.#o.onSafesChanged?.(addresses);
    }
    // Only now: waitForBlock must not see a Safe neither pending nor stored yet.
    for (const safe of asked) this.#pending.delete(safe);
    return admitted.length > 0;
  }

  async #indexableSingleton(safe: Address): Promise<Address | undefined> {
    const state = await readSafe(this.#o.client, safe);
    return state && this.#singletons.has(state.singleton) ? state.singleton : undefined;
  }

  /**
   * A range's records: executions no SafeL2 event describes are recovered first (non-L2 Safes), then
   * each Safe's events are prepared on its own; a Safe set aside is logged with its reason.
   */
  async #prepare(range: ChainRange, safes: readonly Address[]): Promise<PreparedRange> {
    const { db, client, chainId, log } = this.#o;
    const recoveries = await recoverRange(range, {
      client,
      chainId: Number(chainId),
      traces: this.#traces,
      log: (message) => log?.(`indexer ${chainId}: ${message}`),
      proposal: async (safe, safeTxHash) => {
        const [row] = await db.query<{
          to_address: string;
          value: string;
          data: string | null;
          operation: number;
          safe_tx_gas: string;
          base_gas: string;
          gas_price: string;
          gas_token: string;
          refund_receiver: string;
          nonce: string;
        }>(
          `SELECT to_address, value, data, operation, safe_tx_gas, base_gas, gas_price, gas_token, refund_receiver, nonce
           FROM multisig_transactions WHERE chain_id = $1 AND safe = $2 AND safe_tx_hash = $3`,
          [chainId, safe, safeTxHash.toLowerCase()],
        );
        if (!row) return undefined;
        const tx = buildSafeTx({
          to: getAddress(row.to_address),
          value: BigInt(row.value),
          data: (row.data ?? '0x') as `0x${string}`,
          operation: row.operation === 1 ? 1 : 0,
          safeTxGas: BigInt(row.safe_tx_gas),
          baseGas: BigInt(row.base_gas),
          gasPrice: BigInt(row.gas_price),
          gasToken: getAddress(row.gas_token),
          refundReceiver: getAddress(row.refund_receiver),
          nonce: BigInt(row.nonce),
        });
        // The stored row is a claim like any other: it counts only if it hashes to what the Safe emitted.
        return hashSafeTx({ chainId: Number(chainId), safe, tx }) === safeTxHash ? tx : undefined;
      },
      nonceHints: async (list) => {
        const rows = await db.query<{ safe: string; next: string }>(
          `SELECT safe, MAX(nonce) + 1 AS next FROM multisig_transactions
           WHERE chain_id = $1 AND safe = ANY($2) AND executed_tx_hash IS NOT NULL GROUP BY safe`,
          [chainId, list],
        );
        return new Map(rows.map((row) => [getAddress(row.safe), BigInt(row.next)]));
      },
    });
    const prepared = prepareRange(range, Number(chainId), new Set(safes), this.#trusted, recoveries);
    for (const aside of prepared.setAside) {
      log?.(
        `indexer ${chainId}: set aside Safe ${aside.safe} at block ${aside.blockNumber}: ${aside.reason}`,
      );
    }
    return prepared;
  }

  /**
   * Reads blocks [from, up to `last`] for `safes`, as many as the span allows (with the first block's
   * timestamp if asked). Undefined when the node refused the range: the span is halved and the caller
   * goes on at once.
   */
  async #read(
    span: Span,
    from: bigint,
    last: bigint,
    factories: readonly Address[],
    safes: readonly Address[],
    firstBlock = false,
  ): Promise<ChainRange | undefined> {
    const to = from + span.blocks - 1n < last ? from + span.blocks - 1n : last;
    let range;
    try {
      range = await fetchRange(this.#o.client, { from, to, factories, knownSafes: safes, firstBlock });
    } catch (error) {
      // Nodes (and viem) refuse log queries that are too large: read fewer blocks and go on at once.
      // A rate limit or a time-out says nothing about the range: the pass fails and waits its turn.
      if (span.blocks === 1n || isTransient(error)) throw error;
      span.ceiling = { blocks: to - from + 1n, passesLeft: ceilingPasses };
      span.blocks = (span.blocks + 1n) / 2n;
      this.#o.log?.(
        `indexer ${this.#o.chainId}: blocks ${from}-${to} could not be read at once; trying ${span.blocks} at a time`,
      );
      return undefined;
    }
    span.blocks = nextSpan(range, span.blocks, this.#o.batchSize);
    if (span.ceiling) {
      if (span.blocks >= span.ceiling.blocks)
        span.blocks = span.ceiling.blocks > 1n ? span.ceiling.blocks - 1n : 1n;
      span.ceiling.passesLeft -= 1;
      if (span.ceiling.passesLeft <= 0) delete span.ceiling;
    }
    return range;
  }

  /** What a prepared range writes besides the cursor: plus owners read at `ownersAt`, new tokens. */
  async #records(prepared: PreparedRange, ownersAt: bigint): Promise<RangeRecords> {
    return {
      chainId: this.#o.chainId,
      prepared,
      owners: await this.#readOwners([...prepared.ownersChanged], ownersAt),
      tokens: await this.#newTokens([...prepared.tokenAddresses]),
    };
  }

  #changed(prepared: PreparedRange): void {
    const touched = new Set<Address>([
      ...prepared.setAside.map((aside) => aside.safe),
      ...prepared.history.map((item) => item.safe),
      ...prepared.transfers.map((transfer) => transfer.safe),
      ...prepared.ownersChanged,
    ]);
    if (touched.size > 0) this.#o.onSafesChanged?.([...touched]);
  }

  /** The node's latest block; a node that has none is asked again later, like any failed call. */
  async #latest(): Promise<{ number: bigint; hash: string }> {
    const block = await this.#o.client.getBlock({ blockTag: 'latest' }).catch((error: unknown) => {
      if (error instanceof BlockNotFoundError)
        throw new Error('the node has no block at its head; asking again later');
      throw error;
    });
    return { number: block.number, hash: block.hash };
  }

  /**
   * Runs one write of a pass in a transaction, only if the cursor is still where the pass read it
   * (else StaleCursorError, and nothing is written): a replica that lost its lease mid-pass can never
   * write a range the next one wrote too. `work` returns the cursor it leaves, to announce.
   */
  async #write(cursor: Cursor, work: (tx: Queryable) => Promise<bigint | undefined>): Promise<void> {
    const { db, chainId } = this.#o;
    await db.transaction(async (tx) => {
      if (db.kind === 'postgres')
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema() || $2))', [
          indexerWriteLockSpace,
          `:${chainId}`,
        ]);
      const [now] = await tx.query<{ block_number: string; block_hash: string }>(
        'SELECT block_number, block_hash FROM indexer_cursors WHERE chain_id = $1',
        [chainId],
      );
      const same = now
        ? cursor !== undefined && BigInt(now.block_number) === cursor.number && now.block_hash === cursor.hash
        : cursor === undefined;
      if (!same)
        throw new StaleCursorError(
          `the cursor moved to ${now?.block_number ?? 'none'} since this pass read ${cursor?.number ?? 'none'}`,
        );
      const left = await work(tx);
      await this.#o.announce?.(tx, left);
    });
  }

  /**
   * The chain's block at `number`, or null when the node has none there. Any other failure is thrown:
   * it says nothing about the chain.
   */
  async #blockAt(number: bigint) {
    try {
      return await this.#o.client.getBlock({ blockNumber: number });
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    }
  }

  /**
   * Whether the cursor's block left the chain. A head below it is a chain that got shorter (anvil
   * reverted, say); a node with no block below its own head is inconsistent, and is asked again.
   */
  async #orphaned(cursor: NonNullable<Cursor>, latest: { number: bigint; hash: string }): Promise<boolean> {
    const head = latest.number;
    if (head < cursor.number) return true;
    if (head === cursor.number) return latest.hash !== cursor.hash;
    const onChain = await this.#blockAt(cursor.number);
    if (!onChain) throw new MissingBlockError(cursor.number, head);
    return onChain.hash !== cursor.hash;
  }

  /**
   * The highest remembered block that is still on the chain. When none is, the fork lies below them
   * all: every row from the remembered blocks on is orphaned, and when no row is older than those,
   * rolling back to before the start block erases nothing else. Otherwise the indexer halts: rows
   * older than any remembered block cannot be checked, and a reorganisation that deep is far likelier
   * a node of another network or a broken one than a real chain.
   */
  async #findFork(cursor: NonNullable<Cursor>, head: bigint): Promise<bigint> {
    const { db, chainId } = this.#o;
    const remembered = await db.query<{ number: string; hash: string }>(
      'SELECT number, hash FROM indexed_blocks WHERE chain_id = $1 ORDER BY number DESC',
      [chainId],
    );
    for (const block of remembered) {
      const number = BigInt(block.number);
      // The chain no longer reaches it: orphaned without asking.
      if (number > head) continue;
      const onChain = await this.#blockAt(number);
      if (!onChain) throw new MissingBlockError(number, head);
      if (onChain.hash === block.hash) return number;
    }
    const last = remembered.at(-1);
    const lowest = last ? BigInt(last.number) : cursor.number;
    if (await this.#rowsBelow(lowest)) {
      throw new IndexerHaltedError(
        `the chain (head ${head}) holds none of the ${remembered.length} blocks remembered from block ${lowest} to ` +
          `${cursor.number}: the fork is deeper than the last ${rememberedBlocks} blocks, below rows that ` +
          `cannot be checked, so nothing is rolled back. Check that the RPC URL serves the right network ` +
          `and node; to index the chain afresh, delete this chain's rows`,
      );
    }
    return this.#o.startBlock - 1n;
  }

  /** Whether the store holds rows from blocks below `block` (blocks whose hash it no longer has). */
  async #rowsBelow(block: bigint): Promise<boolean> {
    const [row] = await this.#o.db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM history_items WHERE chain_id = $1 AND block_number < $2)
           OR EXISTS (SELECT 1 FROM transfers WHERE chain_id = $1 AND block_number < $2)
           OR EXISTS (SELECT 1 FROM module_transactions WHERE chain_id = $1 AND block_number < $2)
           OR EXISTS (SELECT 1 FROM unrecovered_executions WHERE chain_id = $1 AND block_number < $2)
           OR EXISTS (SELECT 1 FROM multisig_transactions WHERE chain_id = $1 AND executed_block < $2)
           OR EXISTS (SELECT 1 FROM safes WHERE chain_id = $1 AND creation_block < $2) AS found`,
      [this.#o.chainId, block.toString()],
    );
    return row?.found === true;
  }

  /** Not inside the optional call: without a listener the owners must still be read again. */
  async #refreshOwnersAfterRollback(): Promise<void> {
    const refreshed = await this.#refreshAllOwners();
    this.#ownersStale = false;
    this.#o.onSafesChanged?.(refreshed);
  }

  async #readOwners(safes: Address[], blockNumber: bigint): Promise<Map<Address, readonly Address[]>> {
    const owners = new Map<Address, readonly Address[]>();
    if (safes.length === 0) return owners;
    const read = (at: bigint | undefined) =>
      this.#o.client.multicall({
        blockNumber: at,
        allowFailure: true,
        contracts: safes.map((address) => ({ address, abi: safeAbi, functionName: 'getOwners' }) as const),
      });
    // A node without archive state cannot answer for a past block: the owners now are the next best
    // (the chain moved on; a later range that changes them reads them again).
    const results = await read(blockNumber).catch((error: unknown) => {
      if (isTransient(error)) throw error;
      return read(undefined);
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
    // A Safe nobody saw created may be gone with the orphaned blocks: it has no owners any more.
    for (const safe of safes) if (!owners.has(safe)) owners.set(safe, []);
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
