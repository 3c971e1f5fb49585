import type { MiddlewareHandler } from 'hono';
import { isOperationsPath } from './operationsPaths';

/** Requests one replica answers at once: past it, new ones are told to come back. */
export const defaultMaxConcurrentRequests = 256;

/**
 * Answers 503 with Retry-After while `max` requests are already being answered, so that a flood
 * queues at the client and not in this process's memory. Health checks always pass.
 */
export function limitConcurrency(max: number): MiddlewareHandler {
  let inFlight = 0;
  return async (c, next) => {
    if (isOperationsPath(c.req.path)) return next();
    if (inFlight >= max)
      return c.json(
        { code: 503, message: 'The gateway is busy: try again in 1 s', error: 'Service Unavailable' },
        503,
        { 'Retry-After': '1' },
      );
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
}
