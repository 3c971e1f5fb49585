import { HttpError } from './errors';

/** A boolean query parameter, read like the real gateway's ParseBoolPipe. */
export function parseBoolQuery(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, {
    statusCode: 400,
    code: 400,
    message: 'Validation failed (boolean string is expected)',
    error: 'Bad Request',
  });
}
