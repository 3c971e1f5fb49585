import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import { generateSiweNonce } from 'viem/siwe';
import { z } from 'zod';
import { checkSiweMessage, isSignedBy, maxSessionMs, nonceLifetimeMs } from '../auth/siwe';
import type { ChainRegistry } from '../chains/registry';
import { parseBody } from '../http/body';
import { HttpError } from '../http/errors';
import type { Database } from '../store';
import { hexSchema } from '@countersign/gateway-api';

export const sessionCookie = 'access_token';

const verifyBodySchema = z.object({ message: z.string().min(1), signature: hexSchema });

const unauthorized = (message: string) =>
  new HttpError(401, { statusCode: 401, code: 401, message, error: 'Unauthorized' });
const forbidden = () =>
  new HttpError(403, { statusCode: 403, code: 403, message: 'Forbidden resource', error: 'Forbidden' });

type Session = { sub: string; auth_method: 'siwe'; chain_id: string; signer_address: string; exp: number };

/** The signed-in account of a request, from its session cookie; null when there is none or it is not valid. */
export async function readSession(c: Context, key: string): Promise<Session | null> {
  const token = getCookie(c, sessionCookie);
  if (!token) return null;
  try {
    return (await verify(token, key, 'HS256')) as unknown as Session;
  } catch {
    return null;
  }
}

/**
 * Sign-In with Ethereum. A nonce is single-use and valid for five minutes (kept in the database);
 * verify checks the message's fields, consumes its nonce, checks the signature (EOA or EIP-1271) and
 * sets an HttpOnly session cookie that lasts until the message's expirationTime (at most 24 h).
 */
export function authRoutes(chains: ChainRegistry, db: Database, key: string) {
  return new Hono()
    .get('/v1/auth/nonce', async (c) => {
      const nonce = generateSiweNonce();
      const now = Date.now();
      await db.query('DELETE FROM auth_nonces WHERE expires_at_ms < $1', [now]);
      await db.query('INSERT INTO auth_nonces (nonce, expires_at_ms) VALUES ($1, $2)', [
        nonce,
        now + nonceLifetimeMs,
      ]);
      return c.json({ nonce });
    })
    .post('/v1/auth/verify', async (c) => {
      const body = await parseBody(c, verifyBodySchema);
      const now = Date.now();
      const checked = checkSiweMessage(body.message, now);
      if (!checked.ok)
        throw new HttpError(checked.failure.status, {
          statusCode: checked.failure.status,
          code: checked.failure.status,
          message: checked.failure.message,
        });
      const { message } = checked;
      const consumed = await db.query(
        'DELETE FROM auth_nonces WHERE nonce = $1 AND expires_at_ms >= $2 RETURNING nonce',
        [message.nonce, now],
      );
      if (consumed.length === 0) throw unauthorized('Invalid nonce');
      if (
        !(await isSignedBy(
          chains,
          message.chainId,
          message.address,
          body.message,
          body.signature as `0x${string}`,
        ))
      ) {
        throw unauthorized('Invalid signature');
      }
      const expiresAtMs = message.expirationTime ? message.expirationTime.getTime() : now + maxSessionMs;
      const session: Session = {
        sub: message.address,
        auth_method: 'siwe',
        chain_id: String(message.chainId),
        signer_address: message.address,
        exp: Math.floor(expiresAtMs / 1000),
      };
      setCookie(c, sessionCookie, await sign(session, key, 'HS256'), {
        httpOnly: true,
        path: '/',
        sameSite: 'Lax',
        secure: new URL(c.req.url).protocol === 'https:',
        expires: new Date(expiresAtMs),
        maxAge: Math.max(0, Math.floor((expiresAtMs - now) / 1000)),
      });
      return c.body(null, 200);
    })
    .get('/v1/auth/me', async (c) => {
      const session = await readSession(c, key);
      if (!session) throw forbidden();
      return c.json({
        id: session.sub,
        authMethod: session.auth_method,
        signerAddress: session.signer_address,
        chainId: session.chain_id,
      });
    })
    .post('/v1/auth/logout', (c) => {
      deleteCookie(c, sessionCookie, { path: '/' });
      return c.body(null, 200);
    });
}
