import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFailure, ipForAnvil, lockStateDir, redactUrl, resolvePathSetting } from '../src';
import { repoRoot } from '../src/settings';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'countersign-settings-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('path settings', () => {
  it('are relative to the directory the command was run from (INIT_CWD), else the working one', () => {
    expect(resolvePathSetting('chains.json', { INIT_CWD: '/home/op' })).toBe('/home/op/chains.json');
    expect(resolvePathSetting('/etc/chains.json', { INIT_CWD: '/home/op' })).toBe('/etc/chains.json');
    expect(resolvePathSetting('chains.json', {})).toBe(join(process.cwd(), 'chains.json'));
  });

  it("find the repository's root from the module", () => {
    expect(existsSync(join(repoRoot, 'package-lock.json'))).toBe(true);
  });
});

describe('redactUrl', () => {
  it('drops the user and password of a URL, and keeps the rest', () => {
    expect(redactUrl('postgres://app:s3cret@db.example:5432/countersign')).toBe(
      'postgres://***@db.example:5432/countersign',
    );
    expect(redactUrl('postgres://db.example/countersign')).toBe('postgres://db.example/countersign');
    expect(redactUrl('not a url //user:pw@host')).not.toContain('pw');
  });
});

describe('ipForAnvil', () => {
  it('resolves localhost to 127.0.0.1 and keeps IP addresses', async () => {
    expect(await ipForAnvil('localhost')).toBe('127.0.0.1');
    expect(await ipForAnvil('0.0.0.0')).toBe('0.0.0.0');
  });

  it('refuses a name that does not resolve, naming the setting', async () => {
    await expect(ipForAnvil('no-such-host.invalid', 'RPC_HOST')).rejects.toThrow(
      /^RPC_HOST="no-such-host.invalid" does not resolve .*: set RPC_HOST to an IP address/,
    );
  });
});

describe('lockStateDir', () => {
  it("takes the folder's lock with this pid, refuses it to a second start, and frees it", () => {
    const stateDir = join(folder(), 'nested', 'devnet');
    const lock = lockStateDir(stateDir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    // Another live process's lock: this test's parent stands in for a running start.
    writeFileSync(lock.path, `${process.ppid}\n`);
    expect(() => lockStateDir(stateDir)).toThrow(
      `DEVNET_STATE_DIR=${stateDir} is in use by another start (pid ${process.ppid}): stop it, or set DEVNET_STATE_DIR to another folder`,
    );
    // Not ours any more: releasing leaves it.
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
    writeFileSync(lock.path, `${process.pid}\n`);
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });

  it('takes over the lock of a process that is gone', () => {
    const stateDir = folder();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(stateDir, 'lock'), `${dead}\n`);
    const lock = lockStateDir(stateDir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });
});

describe('databaseFailure', () => {
  it('says what to fix: the server, the login or the database', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(databaseFailure(coded('ECONNREFUSED'))).toBe('could not be reached');
    expect(databaseFailure(coded('28P01'))).toBe('refused the login: wrong user name or password');
    expect(databaseFailure(coded('3D000'))).toBe('has no such database');
    expect(databaseFailure(new AggregateError([new Error('x'), coded('ETIMEDOUT')]))).toBe(
      'could not be reached',
    );
    expect(databaseFailure(coded('EACCES'))).toBeUndefined();
  });
});
