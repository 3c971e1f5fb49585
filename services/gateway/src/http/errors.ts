import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An answer that is an error, in the Safe Client Gateway's shapes: `{code, message}` for a missing
 * resource or an unreachable upstream, `{statusCode, code, message, path}` for request validation.
 * Every body carries `code` so clients following the specification show "{code}: {message}".
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown> & { message: string },
  ) {
    super(body.message);
  }
}

export const notFound = (message: string) => new HttpError(404, { code: 404, message });

export const invalidParam = (path: string, message: string) =>
  new HttpError(422, { statusCode: 422, code: 'custom', message, path: [path] });

/** A 422 the way the gateway words its own checks: `{statusCode, code, message}`. */
export const unprocessable = (message: string) => new HttpError(422, { statusCode: 422, code: 422, message });

export const badRequest = (message: string) =>
  new HttpError(400, { statusCode: 400, code: 400, message, error: 'Bad Request' });

export const badJson = () => badRequest('The body is not valid JSON');

export const serviceUnavailable = () => new HttpError(503, { code: 503, message: 'Service unavailable' });

/** An error no handler turned into an answer: a bug or a failure below, answered 500 and logged. */
export function isUnhandled(error: unknown): boolean {
  return !(error instanceof HttpError) && !(error instanceof HTTPException && error.status === 400);
}

/**
 * The answer to an error a route threw. An unhandled one is logged here unless `logUnhandled` is
 * false (the JSON request log carries it then, see observeRequests).
 */
export function errorResponse(
  error: unknown,
  c: Context,
  options: { logUnhandled?: boolean } = {},
): Response {
  if (error instanceof HttpError) return c.json(error.body, error.status);
  // Hono's validator refuses a JSON body it cannot parse in words of its own; the gateway keeps its.
  if (error instanceof HTTPException && error.status === 400) return errorResponse(badJson(), c);
  if (options.logUnhandled ?? true) console.error('gateway: unhandled error', error);
  return c.json({ code: 500, message: 'Internal server error' }, 500);
}
