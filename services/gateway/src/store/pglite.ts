import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
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
 * PostgreSQL's defaults are sized for a server with memory to spare (128 MB of shared buffers); a
 * gateway's working set is small, and WASM memory never shrinks once grown.
 */
const postgresqlconf = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/**
 * Creates the database folder in a short-lived child process: initdb's WebAssembly memory (some
 * 500 MB) then goes away with it instead of staying in the gateway for its whole life.
 */
export async function initialisePgliteDataDir(
  dataDir: string,
  options: { templateDir?: string } = {},
): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  if (!options.templateDir) return runInitdb(dataDir);
  // initdb takes seconds and always writes the same empty database: it runs once per PGlite
  // version into the template, and each new data folder is a copy of it (some 40 MB, tens of ms).
  const template = join(options.templateDir, `pglite-${pgliteVersion()}`);
  if (!existsSync(join(template, 'PG_VERSION'))) {
    const aside = `${template}.${process.pid}.tmp`;
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(dirname(aside), { recursive: true });
    await runInitdb(aside);
    // Another process may have finished its template first: either copy is the same database.
    if (existsSync(template)) rmSync(aside, { recursive: true, force: true });
    else renameSync(aside, template);
  }
  cpSync(template, dataDir, { recursive: true });
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const manifest = join(dirname(require.resolve('@electric-sql/pglite')), '../package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

async function runInitdb(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = await PGlite.create(${JSON.stringify(dataDir)}); await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in `dataDir` (kept on disk; a write
 * that resolved survives a kill -9).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  await initialisePgliteDataDir(dataDir);
  return asDatabase(await createPglite(dataDir));
}

/**
 * The first in-memory database this process opened, as it stood once `prepare` (the migrations) had
 * run and before anything was written; gzipped (some 4.5 MB against 40). Later ones start as a copy
 * of it: PGlite's initdb and the migrations take seconds each time (2.6 s here, 4 s under load),
 * loading the copy about one.
 */
let emptyInMemory: Promise<Blob> | undefined;

/** An embedded database in memory (tests, a throwaway gateway), `prepare`d (migrated) and empty. */
export async function openPgliteInMemory(prepare: (db: Database) => Promise<unknown>): Promise<Database> {
  const copy = await emptyInMemory?.catch(() => undefined);
  const pglite = await createPglite('memory://', copy);
  const db = asDatabase(pglite);
  try {
    await prepare(db);
    if (copy === undefined && emptyInMemory === undefined) {
      emptyInMemory = pglite.dumpDataDir('gzip');
      // Taken before the caller writes anything; a failed copy only means the next one starts afresh.
      await emptyInMemory.catch(() => (emptyInMemory = undefined));
    }
  } catch (error) {
    await pglite.close();
    throw error;
  }
  return db;
}

async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  // PostgreSQL's WebAssembly (9 MB) is compiled by V8's baseline compiler only. Optimising its hot
  // functions as well costs some 80 MB of compiler memory that the process keeps, for queries that
  // measured no faster (the gateway's are small). Read when the module is compiled, just below.
  setFlagsFromString('--liftoff-only');
  return PGlite.create(dataDir, {
    postgresqlconf,
    // BIGINT as a string, as node-postgres returns it, so both databases answer alike.
    parsers: { [int8Oid]: (value: string) => value },
    ...(loadDataDir === undefined ? {} : { loadDataDir }),
  });
}

function asDatabase(db: PGlite): Database {
  return {
    kind: 'pglite',
    ...queryable(db),
    // PGlite runs one transaction at a time, so this also serialises concurrent writers.
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  };
}
