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

/** Connection failures of a database that is down, unknown or refusing us, by their error codes. */
const databaseUnreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '28P01',
  '28000',
  '3D000',
]);

/** Whether a failed start is a database that could not be reached (so the setting is named, not a stack). */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  const inner = error instanceof AggregateError ? (error.errors as unknown[]) : [];
  return (code !== undefined && databaseUnreachableCodes.has(code)) || inner.some(isDatabaseUnreachable);
}
