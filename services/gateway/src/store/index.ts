export type { Database, Queryable } from './database';
export { migrate, listMigrations } from './migrate';
export { openDatabase, type StoreOptions } from './openStore';
export { insertRows } from './insertRows';
export { initialisePgliteDataDir } from './pglite';
