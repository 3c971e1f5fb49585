import * as z from 'zod/mini';
import { deferred } from './deferred';
import { addressSchema, hexSchema } from './primitives';

/**
 * The body of `POST /v1/chains/{c}/data-decoder`: the calldata and the contract it is sent to (`to`
 * is required by the gateway). The answer is a DataDecoded (see transactions.ts).
 */
export const decodeDataBodySchema = deferred(() => z.object({ data: hexSchema, to: addressSchema }));
export type DecodeDataBody = z.infer<typeof decodeDataBodySchema>;
