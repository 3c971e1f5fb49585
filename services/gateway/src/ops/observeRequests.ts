import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { isUnhandled } from '../http/errors';
import type { GatewayMetrics } from './gatewayMetrics';
import type { GatewayLog } from './log';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The pattern of the route that answered (`/v1/chains/:chainId/safes/:safeAddress`): the last one
 * matched that is not a catch-all middleware. `unmatched` when none did (a 404, a CORS preflight),
 * so that paths nobody routes never become labels of their own.
 */
export function routePattern(c: Context): string {
  const route = matchedRoutes(c).findLast((each) => !each.path.endsWith('*'));
  return route?.path ?? 'unmatched';
}

/** Counts and times each request under its route pattern, and logs it when the log is JSON. */
export function observeRequests(options: { metrics?: GatewayMetrics; log: GatewayLog }): MiddlewareHandler {
  const { metrics, log } = options;
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const method = knownMethods.has(c.req.method) ? c.req.method : 'OTHER';
    const route = routePattern(c);
    const status = c.res.status;
    if (metrics) {
      metrics.requests.inc({ method, route, status: String(status) });
      metrics.requestDuration.observe({ method, route }, seconds);
    }
    if (log.format === 'json') {
      const fields = { method, route, status, durationMs: Math.round(seconds * 100_000) / 100 };
      log.request(fields, c.error !== undefined && isUnhandled(c.error) ? c.error : undefined);
    }
  };
}
