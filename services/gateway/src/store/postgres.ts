import pg from 'pg';
import type { Database, Queryable } from './database';

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
      // pg returns BIGINT and NUMERIC as strings, which is what the store expects (see pglite.ts).
      const result = await client.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** The first key of the advisory lock taken around creating a schema ('CSsc'). */
const schemaLockSpace = 0x43537363;

/**
 * A real PostgreSQL. `schema` (created if missing) isolates one gateway's tables from another's in
 * the same database, which is how the tests share one server.
 */
export async function openPostgres(url: string, options: { schema?: string } = {}): Promise<Database> {
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      // Replicas starting together would race here (IF NOT EXISTS is no guard between two sessions).
      await setup.query('BEGIN');
      await setup.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [schemaLockSpace, schema]);
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await setup.query('COMMIT');
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => console.error('gateway: idle database connection failed', error));
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async whileLocked(lock, work) {
      const [space, name] = lock;
      const client = await pool.connect();
      try {
        // Two keys: one for the kind of lock, one for the schema, so that gateways keeping their tables
        // in other schemas of the same database do not wait on each other.
        await client.query('SELECT pg_advisory_lock($1, hashtext(current_schema() || $2))', [space, name]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1, hashtext(current_schema() || $2))', [
            space,
            name,
          ]);
        }
      } finally {
        client.release();
      }
    },
    async session() {
      // Kept open for hours: TCP keepalives notice a peer that went away without closing, on this
      // side (keepAlive) and on the server's, which otherwise holds a vanished replica's indexing
      // lock for as long as the operating system's defaults take to drop the connection (hours).
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
      });
      await client.connect();
      await client.query(
        'SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3',
      );
      return client;
    },
    channel: (base) => (schema ? `${base}_${schema}` : base),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
