import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * The largest body any route takes: the biggest real ones (a typed-data message, a proposal with a
 * few contract signatures) are a few KiB, so 64 KiB leaves room without letting one request make
 * the gateway hold megabytes.
 */
export const defaultMaxBodyBytes = 64 * 1024;

/** Refuses a body over `maxBytes` with 413 in the gateway's error shape, before any route reads it. */
export function limitBodies(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        {
          statusCode: 413,
          code: 413,
          message: `The body is too large: at most ${maxBytes} bytes`,
          error: 'Payload Too Large',
        },
        413,
      ),
  });
}
