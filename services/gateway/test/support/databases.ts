import { randomBytes } from 'node:crypto';
import type { StoreOptions } from '../../src/store';

/**
 * The databases the store tests run on: always the embedded default; PostgreSQL too when
 * TEST_DATABASE_URL names one. `.ci/run` starts one and sets COUNTERSIGN_REQUIRE_POSTGRES=1, so the
 * project's CI covers both and fails rather than skip PostgreSQL; anywhere else (a hosted CI
 * service without PostgreSQL, a laptop) the embedded database alone is tested and `npm test` says
 * PostgreSQL was not covered. Each call gets a fresh, isolated place: a new PGlite or a new
 * PostgreSQL schema.
 */
export type TestDatabase = { name: 'pglite' | 'postgres'; options: () => StoreOptions };

/**
 * The PostgreSQL the tests may use (TEST_DATABASE_URL), for tests that need one beside the embedded
 * database (replicas); undefined where there is none, which COUNTERSIGN_REQUIRE_POSTGRES=1 refuses.
 */
export function postgresTestUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.COUNTERSIGN_REQUIRE_POSTGRES === '1') {
    throw new Error('COUNTERSIGN_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set (see .ci/run)');
  }
  return url || undefined;
}

export function testDatabases(): TestDatabase[] {
  const url = postgresTestUrl();
  const databases: TestDatabase[] = [{ name: 'pglite', options: () => ({}) }];
  if (url) {
    databases.push({
      name: 'postgres',
      options: () => ({ databaseUrl: url, schema: `test_${randomBytes(6).toString('hex')}` }),
    });
  }
  return databases;
}
