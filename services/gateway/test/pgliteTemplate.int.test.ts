import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialisePgliteDataDir, listMigrations, openDatabase, type Database } from '../src/store';

const root = mkdtempSync(join(tmpdir(), 'countersign-pglite-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a new embedded database from the template', () => {
  it('runs initdb once, into the template, and copies it for every new data folder', async () => {
    const templateDir = join(root, 'cache');
    await initialisePgliteDataDir(join(root, 'first'), { templateDir });
    const [template] = readdirSync(templateDir);
    expect(template).toMatch(/^pglite-\d+\.\d+\.\d+/);
    const madeAt = statSync(join(templateDir, template!, 'PG_VERSION')).mtimeMs;

    await initialisePgliteDataDir(join(root, 'second'), { templateDir });
    expect(readdirSync(templateDir)).toEqual([template]);
    expect(statSync(join(templateDir, template!, 'PG_VERSION')).mtimeMs).toBe(madeAt);
    expect(existsSync(join(root, 'second', 'PG_VERSION'))).toBe(true);

    // The copy is a database of its own: a table made in one is not in the other or the template.
    const second = await openDatabase({ dataDir: join(root, 'second') });
    await second.exec('CREATE TABLE only_here (id int)');
    await second.close();
    const first = await openDatabase({ dataDir: join(root, 'first') });
    const tables = await first.query<{ count: string }>(
      "SELECT count(*) FROM information_schema.tables WHERE table_name = 'only_here'",
    );
    await first.close();
    expect(Number(tables[0]!.count)).toBe(0);
  });
});

describe('in-memory databases of one process', () => {
  it('each starts migrated and empty, whatever the first one held when the next was opened', async () => {
    const versions = async (db: Database) =>
      (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map(
        (row) => row.version,
      );
    const migrations = listMigrations().map((migration) => migration.version);
    const first = await openDatabase();
    await first.exec("INSERT INTO schema_migrations (version) VALUES ('999_only_in_first')");
    await first.exec('CREATE TABLE only_in_first (id int)');

    const second = await openDatabase();
    const third = await openDatabase();
    await second.exec("INSERT INTO schema_migrations (version) VALUES ('999_only_in_second')");
    expect(await versions(first)).toEqual([...migrations, '999_only_in_first']);
    expect(await versions(second)).toEqual([...migrations, '999_only_in_second']);
    expect(await versions(third)).toEqual(migrations);
    for (const db of [second, third]) {
      const tables = await db.query<{ count: string }>(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'only_in_first'",
      );
      expect(Number(tables[0]!.count)).toBe(0);
    }
    await Promise.all([first.close(), second.close(), third.close()]);
  });
});
