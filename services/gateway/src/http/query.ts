import { z } from 'zod';
import { badRequest } from './errors';
import { parseCursor } from './paging';
import { addressParam } from './params';

/** A boolean query parameter, read like the real gateway's ParseBoolPipe. */
export function parseBoolQuery(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest('Validation failed (boolean string is expected)');
}

/**
 * A boolean query parameter in a query schema. A value other than true or false is 400, not 422, as
 * the real gateway's ParseBoolPipe answers it; so it is refused here rather than as a schema issue.
 */
export const boolQuery = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => parseBoolQuery(value, fallback));

/** An optional address in the query (`?token_address=`), checksummed. */
export const optionalAddressQuery = addressParam.optional();

/** `?cursor=limit=…&offset=…`, read as a page window; a malformed one means the first page. */
export const cursor = z
  .string()
  .optional()
  .transform((value) => parseCursor(value));

/** The query of a plain paged list. */
export const cursorQuery = z.object({ cursor });
