import { randomBytes } from 'node:crypto';
import type { Database } from '../store';
import { storedSessionKey } from './store';

/**
 * The secret that signs session tokens: from configuration when given, else made once and kept in
 * the database, so that a restart does not sign everybody out.
 */
export async function sessionKey(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  return storedSessionKey(db, randomBytes(32).toString('hex'));
}
