import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrate, openDatabase } from '../src/store';
import { testDatabases } from './support/databases';

const maxUint256 = (2n ** 256n - 1n).toString();

describe.each(testDatabases())('store on $name', ({ name, options }) => {
  it('applies every migration once, and a second run applies none', async () => {
    const db = await openDatabase(options());
    try {
      expect(db.kind).toBe(name);
      const applied = await db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied.map((row) => row.version)).toEqual(listMigrations().map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('returns BIGINT and uint256 NUMERIC values as exact strings, and JSONB as JSON', async () => {
    const db = await openDatabase(options());
    try {
      await db.query(
        `INSERT INTO transfers (chain_id, id, safe, token_type, sender, recipient, value, tx_hash, block_number, log_index, executed_at_ms)
         VALUES ('1337', 't1', '0xS', 'ERC20', '0xA', '0xB', $1, '0xh', $2, 0, $3)`,
        [maxUint256, '9007199254740993', 1_700_000_000_000],
      );
      const [row] = await db.query<{ value: string; block_number: string; executed_at_ms: string }>(
        'SELECT value, block_number, executed_at_ms FROM transfers',
      );
      expect(row).toEqual({
        value: maxUint256,
        block_number: '9007199254740993',
        executed_at_ms: '1700000000000',
      });
      const typed = { types: { Mail: [] }, primaryType: 'Mail', domain: {}, message: { a: 1 } };
      for (const [hash, message] of [
        ['0x01', 'plain text'],
        ['0x02', typed],
      ] as const) {
        await db.query(
          `INSERT INTO messages (chain_id, message_hash, safe, message, proposed_by, created_at_ms, modified_at_ms)
           VALUES ('1337', $1, '0xS', $2, '0xA', 0, 0)`,
          [hash, JSON.stringify(message)],
        );
      }
      const messages = await db.query<{ message: unknown }>(
        'SELECT message FROM messages ORDER BY message_hash',
      );
      expect(messages.map((m) => m.message)).toEqual(['plain text', typed]);
    } finally {
      await db.close();
    }
  });

  it('rolls a failed transaction back completely', async () => {
    const db = await openDatabase(options());
    try {
      const insert = `INSERT INTO delegates (chain_id, delegate, delegator, label, created_at_ms) VALUES ('1337', $1, '0xOwner', 'x', 0)`;
      await expect(
        db.transaction(async (tx) => {
          await tx.query(insert, ['0xD1']);
          await tx.query(insert, ['0xD1']); // duplicate primary key
        }),
      ).rejects.toThrow();
      expect(await db.query('SELECT * FROM delegates')).toEqual([]);
      await db.transaction((tx) => tx.query(insert, ['0xD2']));
      expect(await db.query('SELECT delegate FROM delegates')).toEqual([{ delegate: '0xD2' }]);
    } finally {
      await db.close();
    }
  });

  it('keeps a write it acknowledged when the process is killed with SIGKILL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'countersign-store-'));
    const storeOptions = name === 'pglite' ? { dataDir } : options();
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(import.meta.dirname, 'fixtures/storeWriter.ts'),
          JSON.stringify(storeOptions),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('acked') && resolve());
        child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before acknowledging`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const db = await openDatabase(storeOptions);
      try {
        expect(await db.query('SELECT message_hash, message FROM messages')).toEqual([
          { message_hash: '0xacked', message: 'hello' },
        ]);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases().filter(({ name }) => name === 'postgres'))(
  'a long session on $name',
  ({ options }) => {
    it('asks the server to probe it (TCP keepalives), so a vanished replica’s lock goes within about 25 s', async () => {
      const db = await openDatabase(options());
      const session = await db.session!();
      try {
        const setting = async (name: string) => (await session.query(`SHOW ${name}`)).rows[0]?.[name];
        expect(await setting('tcp_keepalives_idle')).toBe('10');
        expect(await setting('tcp_keepalives_interval')).toBe('5');
        expect(await setting('tcp_keepalives_count')).toBe('3');
      } finally {
        await session.end();
        await db.close();
      }
    });
  },
);
