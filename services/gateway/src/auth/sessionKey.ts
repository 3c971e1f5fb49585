import { randomBytes } from 'node:crypto';
import type { Database } from '../store';

/**
 * The secret that signs session tokens: from configuration when given, else made once and kept in
 * the database, so that a restart does not sign everybody out.
 */
export async function sessionKey(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString('hex');
  await db.query(
    `INSERT INTO gateway_settings (key, value) VALUES ('session_key', $1) ON CONFLICT (key) DO NOTHING`,
    [candidate],
  );
  const [row] = await db.query<{ value: string }>(
    `SELECT value FROM gateway_settings WHERE key = 'session_key'`,
  );
  if (!row) throw new Error('The session key was not stored');
  return row.value;
}
