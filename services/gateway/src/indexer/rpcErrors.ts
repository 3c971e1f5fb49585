import {
  BaseError,
  HttpRequestError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  TimeoutError,
} from 'viem';

/** The error and every error it wraps (viem wraps the transport's in the action's). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (
    let at: unknown = error;
    at !== undefined && at !== null && found.length < 16;
    at = (at as { cause?: unknown }).cause
  ) {
    found.push(at);
    if (!(at instanceof Error)) break;
  }
  return found;
}

/**
 * An error of the node that says it cannot answer this (a method it lacks, state it pruned), as
 * opposed to one that says try again (rate limits, time-outs, a node that is down): those fail the
 * pass, which is tried again later, so that nothing is marked unrecoverable by a passing failure.
 */
export function isTransient(error: unknown): boolean {
  return causes(error).some((cause) => {
    if (cause instanceof TimeoutError) return true;
    if (cause instanceof HttpRequestError)
      return cause.status === undefined || cause.status === 429 || cause.status >= 500;
    const text =
      cause instanceof BaseError ? cause.shortMessage : cause instanceof Error ? cause.message : '';
    return /rate limit|too many requests|timed? ?out|ECONNREFUSED|ECONNRESET|fetch failed/i.test(text);
  });
}

export function isUnsupported(error: unknown): boolean {
  return causes(error).some((cause) => {
    if (cause instanceof MethodNotFoundRpcError || cause instanceof MethodNotSupportedRpcError) return true;
    const text = cause instanceof Error ? cause.message : '';
    return /method .*(not found|not supported|does not exist|not available)|unsupported method|not whitelisted/i.test(
      text,
    );
  });
}
