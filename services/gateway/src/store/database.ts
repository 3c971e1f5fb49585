import type pg from 'pg';

/** A parameterised SQL runner: `$1, $2, …` placeholders, the same on PGlite and PostgreSQL. */
export type Queryable = {
  query<Row extends Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

/**
 * The gateway's database: an embedded PGlite by default, a real PostgreSQL with DATABASE_URL. Both
 * run the same schema and migrations; the code above this interface does not know which it has.
 */
export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: runs `work` while this process holds a session-level advisory lock on one
   * connection set aside for it, so that replicas starting together take turns (see migrate).
   */
  whileLocked?<T>(lock: readonly [number, string], work: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: a connection of its own, outside the pool and on the same schema, for what lives
   * as long as a session (an advisory lock held, LISTEN). The caller ends it.
   */
  session?(): Promise<pg.Client>;
  /**
   * PostgreSQL only: the NOTIFY channel named `base` for this store. Channels are database-wide, so
   * gateways keeping their tables in other schemas of the same database get channels of their own.
   */
  channel?(base: string): string;
  /** PostgreSQL only: the connection pool's counts, for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
};
