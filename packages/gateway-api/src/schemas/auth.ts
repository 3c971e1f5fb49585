import * as z from 'zod/mini';
import { deferred } from './deferred';
import { addressSchema } from './primitives';

/** `GET /v1/auth/nonce`: a single-use nonce for a Sign-In with Ethereum message. */
export const authNonceSchema = deferred(() => z.object({ nonce: z.string().check(z.minLength(1)) }));
export type AuthNonce = z.infer<typeof authNonceSchema>;

/** The body of `POST /v1/auth/verify`: the EIP-4361 message and its signature. */
export type VerifyAuthBody = { message: string; signature: string };

/**
 * `GET /v1/auth/me`: the account the session cookie belongs to. The real gateway sends
 * `{id, authMethod, signerAddress?, email?}` (no signerAddress for other sign-in methods); this
 * project's gateway adds the chain the message was signed for.
 */
export const authSessionSchema = deferred(() =>
  z.object({
    id: z.string(),
    authMethod: z.string(),
    signerAddress: z.optional(addressSchema),
    chainId: z.optional(z.string()),
    email: z.optional(z.string()),
  }),
);
export type AuthSession = z.infer<typeof authSessionSchema>;
