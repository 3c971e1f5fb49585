import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import type { Address } from 'viem';
import type { Database } from '../store';
import { isSessionRevoked, revokeSession } from './store';

const sessionCookie = 'access_token';

type Session = {
  sub: string;
  auth_method: 'siwe';
  chain_id: string;
  signer_address: string;
  exp: number;
  /** The session's id, which signing out revokes. */
  jti: string;
};

/** How session cookies are signed and sent. */
type SessionOptions = { key: string; secureCookies: boolean };

/**
 * The signed-in account of a request, from its session cookie; null when there is none, it is not
 * valid, or it was signed out. A token without an id comes from before sessions could be revoked, and
 * is refused for that reason: signing in again gives one that can be.
 */
export async function readSession(c: Context, key: string, db: Database): Promise<Session | null> {
  const token = getCookie(c, sessionCookie);
  if (!token) return null;
  let session: Session;
  try {
    session = (await verify(token, key, 'HS256')) as unknown as Session;
  } catch {
    return null;
  }
  if (typeof session.jti !== 'string' || session.jti === '') return null;
  return (await isSessionRevoked(db, session.jti)) ? null : session;
}

/** Signs `address` in on `chainId` until `expiresAtMs`: an HttpOnly cookie holding a signed session. */
export async function startSession(
  c: Context,
  options: SessionOptions,
  signer: { address: Address; chainId: number; expiresAtMs: number; now: number },
): Promise<void> {
  const { expiresAtMs, now } = signer;
  const session: Session = {
    sub: signer.address,
    auth_method: 'siwe',
    chain_id: String(signer.chainId),
    signer_address: signer.address,
    exp: Math.floor(expiresAtMs / 1000),
    jti: randomUUID(),
  };
  setCookie(c, sessionCookie, await sign(session, options.key, 'HS256'), {
    httpOnly: true,
    path: '/',
    sameSite: 'Lax',
    // Behind a TLS proxy the gateway itself sees http: configuration says the browser uses https.
    secure: options.secureCookies || new URL(c.req.url).protocol === 'https:',
    expires: new Date(expiresAtMs),
    maxAge: Math.max(0, Math.floor((expiresAtMs - now) / 1000)),
  });
}

/** Signs out: the session is revoked, not only its cookie dropped. */
export async function endSession(c: Context, key: string, db: Database): Promise<void> {
  const session = await readSession(c, key, db);
  if (session) await revokeSession(db, session.jti, session.exp * 1000);
  deleteCookie(c, sessionCookie, { path: '/' });
}
