import * as z from 'zod/mini';
import { authNonceSchema, authSessionSchema, type VerifyAuthBody } from '../schemas/auth';
import type { RequestOptions, Transport } from '../http';
import { pass } from './common';

/**
 * Sign-In with Ethereum. The session is an HttpOnly cookie the gateway sets, so every one of these
 * requests carries credentials.
 */
export function authResource(t: Transport) {
  return {
    /** `GET /v1/auth/nonce`: a single-use nonce for the SIWE message. */
    getAuthNonce: (opts?: RequestOptions) =>
      t.request('/v1/auth/nonce', authNonceSchema, { ...pass(opts), credentials: 'include' }),
    /** `POST /v1/auth/verify`: checks the signed message and sets the session cookie. */
    verifyAuth: async ({ message, signature }: VerifyAuthBody, opts?: RequestOptions): Promise<void> => {
      await t.request('/v1/auth/verify', z.unknown(), {
        ...pass(opts),
        method: 'POST',
        body: { message, signature },
        credentials: 'include',
      });
    },
    /** `GET /v1/auth/me`: the signed-in account; 403 without a session. */
    getAuthSession: (opts?: RequestOptions) =>
      t.request('/v1/auth/me', authSessionSchema, { ...pass(opts), credentials: 'include' }),
    /**
     * `POST /v1/auth/logout`: drops the cookie. keepalive: a Disconnect just before the tab closes
     * still reaches the gateway.
     */
    logout: async (opts?: RequestOptions): Promise<void> => {
      await t.request('/v1/auth/logout', z.unknown(), {
        ...pass(opts),
        method: 'POST',
        credentials: 'include',
        keepalive: true,
      });
    },
  };
}
