import { z } from 'zod';
import { addressSchema } from './primitives';

export const addressInfoSchema = z.object({
  value: addressSchema,
  name: z.string().nullable(),
  logoUri: z.string().nullable(),
});
export type AddressInfo = z.infer<typeof addressInfoSchema>;

/** A page of results; next/previous are absolute URLs to fetch as they are. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative().nullable().optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
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
export const errorBodySchema = z
  .object({
    code: z.union([z.number(), z.string()]).optional(),
    statusCode: z.number().optional(),
    message: z.string(),
  })
  .loose();
export type ErrorBody = z.infer<typeof errorBodySchema>;
