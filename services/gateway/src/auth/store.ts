import type { Queryable } from '../store';

/** Keeps a new SIWE nonce until `expiresAtMs`, forgetting the expired ones. */
export async function storeNonce(
  db: Queryable,
  nonce: string,
  now: number,
  expiresAtMs: number,
): Promise<void> {
  await db.query('DELETE FROM auth_nonces WHERE expires_at_ms < $1', [now]);
  await db.query('INSERT INTO auth_nonces (nonce, expires_at_ms) VALUES ($1, $2)', [nonce, expiresAtMs]);
}

/** Uses up a nonce: whether it was there and still valid. */
export async function consumeNonce(db: Queryable, nonce: string, now: number): Promise<boolean> {
  const consumed = await db.query(
    'DELETE FROM auth_nonces WHERE nonce = $1 AND expires_at_ms >= $2 RETURNING nonce',
    [nonce, now],
  );
  return consumed.length > 0;
}

export async function isSessionRevoked(db: Queryable, sessionId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM revoked_sessions WHERE session_id = $1', [sessionId])).length > 0;
}

/** Revokes a session until it would have expired anyway, forgetting those past it. */
export async function revokeSession(db: Queryable, sessionId: string, expiresAtMs: number): Promise<void> {
  await db.query('DELETE FROM revoked_sessions WHERE expires_at_ms < $1', [Date.now()]);
  await db.query(
    'INSERT INTO revoked_sessions (session_id, expires_at_ms) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING',
    [sessionId, expiresAtMs],
  );
}

/**
 * The session key kept in the database: `candidate` when none was kept yet. Whoever stores first
 * wins, so that gateways starting together on one database agree.
 */
export async function storedSessionKey(db: Queryable, candidate: string): Promise<string> {
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
