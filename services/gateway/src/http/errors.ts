import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BaseError, HttpRequestError, TimeoutError } from 'viem';

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

/** Why a request's work stopped: its deadline passed, or its client went away. */
export class RequestStopped extends Error {
  constructor(readonly why: 'deadline' | 'client') {
    super(why === 'deadline' ? 'The request passed its deadline' : 'The client went away');
  }
}

/** A chain call made for a request that the node did not answer within the call time cap. */
export class NodeCallTimeout extends Error {
  constructor(method: string, ms: number) {
    super(`The node did not answer ${method} within ${ms} ms`);
  }
}

/**
 * The chain's node failed the request (did not answer, in time or at all), or the request was stopped
 * at its deadline: not the gateway's bug, and not the client's, so 503, unlogged.
 */
function nodeFailure(error: unknown): HttpError | undefined {
  const found = failedCall(error);
  if (!found) return undefined;
  const message =
    found instanceof RequestStopped
      ? found.message
      : `The chain’s node did not answer: ${found instanceof BaseError ? found.shortMessage : (found as Error).message}`;
  return new HttpError(503, { code: 503, message });
}

const isFailedCall = (candidate: unknown) =>
  candidate instanceof RequestStopped ||
  candidate instanceof NodeCallTimeout ||
  candidate instanceof HttpRequestError ||
  candidate instanceof TimeoutError;

/** What in the error's chain of causes says the call did not get an answer, if anything does. */
const failedCall = (error: unknown): unknown =>
  error instanceof BaseError ? error.walk(isFailedCall) : isFailedCall(error) ? error : undefined;

/** The node did not answer a call (or the request was stopped): as opposed to a contract's "no". */
export const isNodeFailure = (error: unknown): boolean => Boolean(failedCall(error));

/** An error no handler turned into an answer: a bug or a failure below, answered 500 and logged. */
export function isUnhandled(error: unknown): boolean {
  return (
    !(error instanceof HttpError) &&
    !(error instanceof HTTPException && error.status === 400) &&
    nodeFailure(error) === undefined
  );
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
  const fromNode = nodeFailure(error);
  if (fromNode) return errorResponse(fromNode, c);
  // Hono's validator refuses a JSON body it cannot parse in words of its own; the gateway keeps its.
  if (error instanceof HTTPException && error.status === 400) return errorResponse(badJson(), c);
  if (options.logUnhandled ?? true) console.error('gateway: unhandled error', error);
  return c.json({ code: 500, message: 'Internal server error' }, 500);
}
