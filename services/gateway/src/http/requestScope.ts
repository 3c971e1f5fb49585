import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { HttpError, RequestStopped } from './errors';
import { TokenBuckets, type RateLimit } from './rateLimit';
import { isOperationsPath, isTestControlPath } from './operationsPaths';

/**
 * What bounds the work one request may make the gateway and its node do (issue 32). Every chain call
 * made while answering a request carries the gas cap and the time cap and stops with the request's
 * deadline (see chains/scopedTransport.ts); calls into a contract the requester names (EIP-1271
 * wallets, estimates) also draw on the caller's budget.
 */
export type RequestLimits = {
  /** How long one request may take before it is answered 504 and its chain calls stop. */
  deadlineMs: number;
  /** The gas any eth_call or estimate made for a request may use. */
  callGasCap: bigint;
  /** How long one chain call made for a request may take. */
  callTimeoutMs: number;
  /** Calls into requester-named contracts per client (null: no budget). */
  callBudget: RateLimit | null;
};

export const defaultRequestLimits: RequestLimits & { callBudget: RateLimit } = {
  deadlineMs: 5_000,
  callGasCap: 1_000_000n,
  callTimeoutMs: 2_000,
  // Two a second on average, a minute's worth as burst: a Sign-In or a proposal takes one or two.
  callBudget: { limit: 120, windowMs: 60_000 },
};

type RequestScope = {
  signal: AbortSignal;
  /** The client's rate-limit key (its address, or its IPv6 network). */
  caller: string;
  limits: RequestLimits;
  budget: TokenBuckets;
};

const scopes = new AsyncLocalStorage<RequestScope>();

/** The scope of the request being answered, if the code runs for one (not for the indexer). */
export const currentRequest = (): RequestScope | undefined => scopes.getStore();

/**
 * Gives every request a deadline: past it (or once the client goes away), the chain calls made for it
 * throw, and a request still running is answered 504. Health checks and the test-only routes have
 * none: the first must answer whatever else runs, the second wait for the chain on purpose.
 */
export function requestDeadline(
  limits: RequestLimits,
  callerOf: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  const budget = new TokenBuckets();
  return async (c, next) => {
    if (isOperationsPath(c.req.path) || isTestControlPath(c.req.path)) return next();
    const timeout = AbortSignal.timeout(limits.deadlineMs);
    const signal = AbortSignal.any([timeout, c.req.raw.signal]);
    let stopped: () => void = () => undefined;
    const passed = new Promise<'stopped'>((resolve) => {
      stopped = () => resolve('stopped');
      if (signal.aborted) resolve('stopped');
      else signal.addEventListener('abort', stopped, { once: true });
    });
    const scope: RequestScope = { signal, caller: callerOf(c), limits, budget };
    try {
      const outcome = await scopes.run(scope, () =>
        Promise.race([next().then(() => 'done' as const), passed]),
      );
      if (outcome === 'stopped') {
        c.res = c.json(
          {
            code: 504,
            message: `The request took longer than the gateway allows (${limits.deadlineMs} ms)`,
          },
          504,
        );
      }
    } finally {
      signal.removeEventListener('abort', stopped);
    }
  };
}

/** Why the request's work must stop, once its deadline passed or its client left. */
export function whyStopped(scope: RequestScope): RequestStopped | undefined {
  if (!scope.signal.aborted) return undefined;
  const reason: unknown = scope.signal.reason;
  return new RequestStopped(
    reason instanceof DOMException && reason.name === 'TimeoutError' ? 'deadline' : 'client',
  );
}

/**
 * Takes one call into a requester-named contract from the caller's budget; 429 when it is spent.
 * Outside a request (the indexer), free.
 */
export function spendCallBudget(): void {
  const scope = currentRequest();
  if (!scope?.limits.callBudget) return;
  const waitMs = scope.budget.take(`calls ${scope.caller}`, scope.limits.callBudget);
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new HttpError(429, {
      statusCode: 429,
      code: 429,
      message: `Too many calls into contracts: try again in ${seconds} s`,
      error: 'Too Many Requests',
    });
  }
}
