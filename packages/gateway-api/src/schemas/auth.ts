import { z } from 'zod';
import { addressSchema } from './primitives';

/** `GET /v1/auth/nonce`: a single-use nonce for a Sign-In with Ethereum message. */
export const authNonceSchema = z.object({ nonce: z.string().min(8) });

/** `GET /v1/auth/me`: the account the session cookie belongs to. */
export const authSessionSchema = z.object({
  id: z.string(),
  authMethod: z.string(),
  signerAddress: addressSchema,
  chainId: z.string(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
