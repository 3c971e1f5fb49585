import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

const migrationsDir = join(import.meta.dirname, 'migrations');

/** The migrations in order: `NNN_name.sql` files beside this module. */
export function listMigrations(): { version: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: readFileSync(join(migrationsDir, file), 'utf8'),
    }));
}

/**
 * The session-level advisory lock migrate holds on PostgreSQL: a constant first key ('CSmg') and the
 * schema's name as the second. It differs from the per-migration transaction lock below (one key),
 * which gateways of earlier versions take: the two never wait on each other within one process.
 */
export const migrationLock = [0x43536d67, ':countersign-migrations'] as const;

/**
 * Brings the schema up to date. Each migration runs in its own transaction together with its entry
 * in schema_migrations. On PostgreSQL the whole run holds an advisory lock: replicas starting
 * together migrate one at a time, and the later ones find nothing left to do (creating
 * schema_migrations itself would otherwise race). PGlite has a single client and needs none.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.whileLocked ? db.whileLocked(migrationLock, () => migrateUnlocked(db)) : migrateUnlocked(db);
}

async function migrateUnlocked(db: Database): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    const ran = await db.transaction(async (tx) => {
      if (db.kind === 'postgres')
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('countersign-migrations'))");
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
