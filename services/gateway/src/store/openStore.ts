import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite, openPgliteInMemory } from './pglite';
import { openPostgres } from './postgres';

export type StoreOptions = {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to keep the tables in (tests isolate themselves this way). */
  schema?: string;
  /** Folder of the embedded database; in memory when absent. */
  dataDir?: string;
};

/** Opens the configured database and brings its schema up to date (`migrating` told in between). */
export async function openDatabase(
  options: StoreOptions = {},
  hooks: { migrating?: () => void } = {},
): Promise<Database> {
  const migrating = (db: Database) => {
    hooks.migrating?.();
    return migrate(db);
  };
  let db: Database;
  if (options.databaseUrl) db = await openPostgres(options.databaseUrl, { schema: options.schema });
  else if (options.dataDir) db = await openPglite(options.dataDir);
  // In memory, each database after the process's first starts as a copy of it, already migrated.
  else return openPgliteInMemory(migrating);
  try {
    await migrating(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
