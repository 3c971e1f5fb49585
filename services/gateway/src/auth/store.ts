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
