import { randomBytes } from 'node:crypto';
import { openDatabase } from '@countersign/gateway';

/**
 * The PostgreSQL the gateway benchmarks run on: BENCH_DATABASE_URL, else TEST_DATABASE_URL (the
 * one the integration tests use); undefined when neither is set. Each run keeps its tables in a
 * schema of its own (benchSchema) and drops it, so it never touches the tests' tables.
 */
export const benchDatabaseUrl = (): string | undefined =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export const benchSchema = () => `bench_${randomBytes(6).toString('hex')}`;

/** Drops a benchmark's schema (through the gateway's store: the bench has no driver of its own). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const db = await openDatabase({ databaseUrl: url, schema });
  try {
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await db.close();
  }
}
