import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

const int8Oid = 20;

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<Row extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in `dataDir` (kept on disk; a write
 * that resolved survives a kill -9) or in memory when no folder is given (tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create(dataDir ?? 'memory://', {
    // BIGINT as a string, as node-postgres returns it, so both databases answer alike.
    parsers: { [int8Oid]: (value: string) => value },
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    // PGlite runs one transaction at a time, so this also serialises concurrent writers.
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  };
}
