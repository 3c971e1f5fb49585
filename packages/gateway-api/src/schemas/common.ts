import * as z from 'zod/mini';
import { deferred } from './deferred';
import { orNull } from './lenient';
import { addressSchema } from './primitives';

/** An address with what the gateway knows of it; name and logo may be absent (read as null). */
export const addressInfoSchema = deferred(() =>
  z.object({
    value: addressSchema,
    name: orNull(z.string()),
    logoUri: orNull(z.string()),
  }),
);
export type AddressInfo = z.infer<typeof addressInfoSchema>;

/**
 * A page of results. `next`/`previous` are absolute URLs built by the gateway (absent reads as
 * null); `cursorOf` takes the cursor out of one, to ask for that page from the configured base URL.
 */
export function pageSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({
    count: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
    next: orNull(z.string()),
    previous: orNull(z.string()),
    results: z.array(item),
  });
}
export type Page<T> = {
  count?: number | null;
  next: string | null;
  previous: string | null;
  results: T[];
};

/**
 * What an error answer may carry: the NestJS shapes `{statusCode, message}`, the data-source shape
 * `{code, message}`, and zod's 422 `{statusCode, code, message, path}`.
 */
export const errorBodySchema = deferred(() =>
  z.looseObject({
    code: z.optional(z.union([z.number(), z.string()])),
    statusCode: z.optional(z.number()),
    message: z.string(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;
