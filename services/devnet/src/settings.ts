import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** The repository's root, found from this module's place in it (services/devnet/src). */
export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Where state lives unless a setting says otherwise: the repository's `.countersign/`. */
export const defaultStateRoot = resolve(repoRoot, '.countersign');

/**
 * A path setting as the user meant it: relative to the directory the command was run from. npm runs
 * `npm start -w <package>` in the package's folder but keeps the user's own in INIT_CWD.
 */
export function resolvePathSetting(value: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.INIT_CWD ?? process.cwd(), value);
}

/** A URL as it may be printed: without its user and password. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = '***';
    url.password = '';
    return url.href;
  } catch {
    // Not a URL: a password may still sit between "//" and "@".
    return value.replace(/\/\/[^/@]*@/, '//***@');
  }
}

/**
 * anvil listens on an IP address only: a host name (HOST=localhost) is resolved to its address,
 * IPv4 first (localhost → 127.0.0.1). Throws a one-line error naming the setting otherwise.
 */
export async function ipForAnvil(host: string, setting = 'HOST'): Promise<string> {
  if (isIP(host)) return host;
  try {
    return (await lookup(host, { family: 4 })).address;
  } catch {
    throw new Error(
      `${setting}="${host}" does not resolve to an IPv4 address for the chain (anvil): set ${setting} to an IP address such as 127.0.0.1`,
    );
  }
}

/**
 * Connection failures of a database, by their error codes, in the words that say what to fix: a
 * server that is down or unknown, a login it refused (PostgreSQL 28P01, 28000), a database it lacks
 * (3D000).
 */
const databaseFailures: Record<string, string> = {
  ECONNREFUSED: 'could not be reached',
  ENOTFOUND: 'could not be reached',
  ETIMEDOUT: 'could not be reached',
  EHOSTUNREACH: 'could not be reached',
  EAI_AGAIN: 'could not be reached',
  '28P01': 'refused the login: wrong user name or password',
  '28000': 'refused the login: this user may not connect',
  '3D000': 'has no such database',
};

/** What went wrong with the database, in words naming what to fix; undefined for another failure. */
export function databaseFailure(error: unknown): string | undefined {
  const code = (error as { code?: string } | undefined)?.code;
  if (code !== undefined && databaseFailures[code] !== undefined) return databaseFailures[code];
  const inner = error instanceof AggregateError ? (error.errors as unknown[]) : [];
  return inner.map(databaseFailure).find((words) => words !== undefined);
}

/** Whether a failed start is the database's (so the setting is named, not a stack). */
export const isDatabaseUnreachable = (error: unknown): boolean => databaseFailure(error) !== undefined;
