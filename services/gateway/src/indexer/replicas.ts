import type pg from 'pg';
import { getAddress, type Address } from 'viem';
import type { Database, Queryable } from '../store';

/**
 * The first key of the session-level advisory lock a replica holds while it indexes a chain
 * ('CSix'); the second is hashtext(schema || ':' || chainId), so that gateways keeping their tables
 * in other schemas of one database index side by side.
 */
export const indexingLockSpace = 0x43536978;

/** NOTIFY channel (suffixed with the schema, see Database.channel): `<chainId>:<block>` after each write. */
export const indexedChannel = 'countersign_indexed';
/** NOTIFY channel: `<chainId>:<address>`, a Safe somebody asked a replica that does not index about. */
export const trackChannel = 'countersign_track';

/** About every 1–1.5 s: a lease given up or lost is taken over well within 5 s. */
const defaultRetryMs = 1_000;
/** A check of the lease connection that takes longer than this counts as a lost connection. */
const checkTimeoutMs = 3_000;

export type ReplicaOptions = {
  db: Database;
  chainIds: readonly string[];
  /** This replica now holds the chain's lease: it is to index it. */
  lead(chainId: string): void;
  /** The lease is gone (its connection dropped): stop indexing at once. */
  lose(chainId: string): Promise<void>;
  /** Another replica indexed the chain (or the news may have been missed: block undefined). */
  indexed(chainId: string, block: bigint | undefined): void;
  /** A replica that does not index was asked about a Safe; this one indexes its chain. */
  track(chainId: string, safe: Address): void;
  retryMs?: number;
  log?: (message: string) => void;
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Replicas of one gateway on one PostgreSQL (issue 26), coordinated by PostgreSQL alone. Each chain
 * is indexed by the replica holding its advisory lock on a connection kept for that (a process
 * killed closes its socket and PostgreSQL releases the lock); the others try again every second or
 * so. Every replica LISTENs on a second connection: the indexer's NOTIFY after each write lets those
 * that do not index drop what they cached at once, and Safes asked about reach the one that does.
 */
export class Replicas {
  readonly #o: ReplicaOptions & { session: () => Promise<pg.Client>; channel: (base: string) => string };
  #lease: pg.Client | undefined;
  readonly #held = new Set<string>();
  #listener: pg.Client | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #tick: Promise<void> | undefined;
  #stopped = false;

  constructor(options: ReplicaOptions) {
    const { session, channel } = options.db;
    if (!session || !channel) throw new Error('Replicas need PostgreSQL');
    this.#o = { ...options, session: session.bind(options.db), channel: channel.bind(options.db) };
  }

  holds(chainId: string): boolean {
    return this.#held.has(chainId);
  }

  /** The first attempt is awaited: a lone replica indexes from the moment it serves. */
  async start(): Promise<void> {
    await this.#run();
  }

  /** What the indexer of `chainId` runs last in each write transaction (NOTIFY is sent on commit). */
  announcer(chainId: string) {
    return async (tx: Queryable, block: bigint | undefined): Promise<void> => {
      await tx.query('SELECT pg_notify($1, $2)', [
        this.#o.channel(indexedChannel),
        `${chainId}:${block ?? ''}`,
      ]);
    };
  }

  /** Hands a Safe somebody asked about to the replica indexing its chain. */
  async askToTrack(chainId: string, safe: Address): Promise<void> {
    await this.#o.db.query('SELECT pg_notify($1, $2)', [this.#o.channel(trackChannel), `${chainId}:${safe}`]);
  }

  /** Gives the leases up (after the indexers stopped) and closes both connections. */
  async release(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#tick;
    const lease = this.#lease;
    this.#lease = undefined;
    this.#held.clear();
    if (lease) {
      // Closing the connection alone would release them too; unlocking first says it plainly.
      await lease.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      await lease.end().catch(() => undefined);
    }
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  async #run(): Promise<void> {
    if (this.#stopped) return;
    this.#tick = (async () => {
      await this.#keepLeases();
      await this.#keepListening();
    })();
    await this.#tick;
    if (this.#stopped) return;
    const { retryMs = defaultRetryMs } = this.#o;
    this.#timer = setTimeout(() => void this.#run(), retryMs + Math.random() * (retryMs / 2));
  }

  async #keepLeases(): Promise<void> {
    let lease = this.#lease;
    try {
      if (!lease) {
        lease = await this.#o.session();
        const connected = lease;
        connected.on('error', (error) => void this.#leaseLost(connected, error));
        this.#lease = connected;
      }
      let tried = false;
      for (const chainId of this.#o.chainIds) {
        if (this.#held.has(chainId)) continue;
        tried = true;
        const [row] = (
          await withTimeout(
            lease.query<{ locked: boolean }>(
              'SELECT pg_try_advisory_lock($1, hashtext(current_schema() || $2)) AS locked',
              [indexingLockSpace, `:${chainId}`],
            ),
            checkTimeoutMs,
          )
        ).rows;
        if (row?.locked && !this.#stopped) {
          this.#held.add(chainId);
          this.#o.log?.(`indexer ${chainId}: this replica indexes the chain now`);
          this.#o.lead(chainId);
        }
      }
      // Holding every lease: a query that fails shows the connection (and with it the leases) gone.
      if (!tried) await withTimeout(lease.query('SELECT 1'), checkTimeoutMs);
    } catch (error) {
      if (lease) await this.#leaseLost(lease, error);
      else this.#o.log?.(`replicas: cannot open the lease connection: ${String(error)}`);
    }
  }

  async #leaseLost(lease: pg.Client, error: unknown): Promise<void> {
    if (this.#lease !== lease) return;
    this.#lease = undefined;
    lease.end().catch(() => undefined);
    const lost = [...this.#held];
    this.#held.clear();
    const message = error instanceof Error ? error.message : String(error);
    this.#o.log?.(`replicas: the lease connection failed (${message}); trying again`);
    for (const chainId of lost) {
      this.#o.log?.(`indexer ${chainId}: lease lost; this replica stops indexing the chain`);
      await this.#o.lose(chainId);
    }
  }

  async #keepListening(): Promise<void> {
    if (this.#listener || this.#stopped) return;
    let listener: pg.Client | undefined;
    try {
      listener = await this.#o.session();
      const connected = listener;
      connected.on('notification', (message) => this.#notified(message.channel, message.payload ?? ''));
      connected.on('error', (error) => {
        if (this.#listener !== connected) return;
        this.#listener = undefined;
        connected.end().catch(() => undefined);
        this.#o.log?.(`replicas: the LISTEN connection failed (${error.message}); reconnecting`);
      });
      await connected.query(`LISTEN "${this.#o.channel(indexedChannel)}"`);
      await connected.query(`LISTEN "${this.#o.channel(trackChannel)}"`);
      this.#listener = connected;
      // News sent while no connection listened is lost: read the store again.
      for (const chainId of this.#o.chainIds)
        if (!this.#held.has(chainId)) this.#o.indexed(chainId, undefined);
    } catch (error) {
      listener?.end().catch(() => undefined);
      this.#o.log?.(`replicas: cannot LISTEN: ${String(error)}`);
    }
  }

  #notified(channel: string, payload: string): void {
    if (channel === this.#o.channel(indexedChannel)) {
      const match = /^(\d{1,20}):(\d{0,30})$/.exec(payload);
      const chainId = match?.[1];
      // The replica that indexed knows already.
      if (!match || chainId === undefined || this.#held.has(chainId) || !this.#o.chainIds.includes(chainId))
        return;
      this.#o.indexed(chainId, match[2] ? BigInt(match[2]) : undefined);
    } else if (channel === this.#o.channel(trackChannel)) {
      const match = /^(\d{1,20}):(0x[0-9a-fA-F]{40})$/.exec(payload);
      const chainId = match?.[1];
      if (!match?.[2] || chainId === undefined || !this.#held.has(chainId)) return;
      this.#o.track(chainId, getAddress(match[2]));
    }
  }
}
