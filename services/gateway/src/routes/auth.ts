import { Hono } from 'hono';
import { generateSiweNonce } from 'viem/siwe';
import { z } from 'zod';
import { checkSiweMessage, isSignedBy, maxSessionMs, nonceLifetimeMs } from '../auth/siwe';
import type { ChainRegistry } from '../chains/registry';
import { jsonBody } from '../http/validate';
import { endSession, readSession, startSession } from '../auth/session';
import { consumeNonce, storeNonce } from '../auth/store';
import { HttpError } from '../http/errors';
import type { Database } from '../store';
import { hexSchema } from '@countersign/gateway-api';
import * as zm from 'zod/mini';

/** A SIWE message is a few hundred characters; a contract wallet's signature may be a few KiB. */
const verifyBodySchema = z.object({
  message: z.string().min(1).max(4096),
  signature: hexSchema.check(zm.maxLength(2 + 2 * 16 * 1024)),
});

const unauthorized = (message: string) =>
  new HttpError(401, { statusCode: 401, code: 401, message, error: 'Unauthorized' });
const forbidden = () =>
  new HttpError(403, { statusCode: 403, code: 403, message: 'Forbidden resource', error: 'Forbidden' });

/**
 * Sign-In with Ethereum. A nonce is single-use and valid for five minutes (kept in the database);
 * verify checks the message's fields (its domain and uri among the web app's origins, its chain one
 * this gateway serves), consumes its nonce, checks the signature (EOA or EIP-1271) and sets an
 * HttpOnly session cookie that lasts until the message's expirationTime (at most 24 h). Logout
 * revokes the session, not only the cookie.
 */
export function authRoutes(
  chains: ChainRegistry,
  db: Database,
  key: string,
  options: { webOrigins: readonly string[]; secureCookies: boolean },
) {
  const audience = () => ({
    webOrigins: options.webOrigins,
    chainIds: chains.all().map((chain) => chain.config.chainId),
  });
  return new Hono()
    .get('/v1/auth/nonce', async (c) => {
      const nonce = generateSiweNonce();
      const now = Date.now();
      await storeNonce(db, nonce, now, now + nonceLifetimeMs);
      return c.json({ nonce });
    })
    .post('/v1/auth/verify', jsonBody(verifyBodySchema), async (c) => {
      const body = c.req.valid('json');
      const now = Date.now();
      const checked = checkSiweMessage(body.message, now, audience());
      if (!checked.ok)
        throw new HttpError(checked.failure.status, {
          statusCode: checked.failure.status,
          code: checked.failure.status,
          message: checked.failure.message,
        });
      const { message } = checked;
      if (!(await consumeNonce(db, message.nonce, now))) throw unauthorized('Invalid nonce');
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
      await startSession(
        c,
        { key, secureCookies: options.secureCookies },
        {
          address: message.address,
          chainId: message.chainId,
          expiresAtMs: message.expirationTime ? message.expirationTime.getTime() : now + maxSessionMs,
          now,
        },
      );
      return c.body(null, 200);
    })
    .get('/v1/auth/me', async (c) => {
      const session = await readSession(c, key, db);
      if (!session) throw forbidden();
      return c.json({
        id: session.sub,
        authMethod: session.auth_method,
        signerAddress: session.signer_address,
        chainId: session.chain_id,
      });
    })
    .post('/v1/auth/logout', async (c) => {
      await endSession(c, key, db);
      return c.body(null, 200);
    });
}
