import { BaseError, HttpRequestError, TimeoutError } from 'viem';
import type { ErrorDescription } from '../../lib/gatewayErrors';
import { InvalidRpcAnswerError } from './rpcAnswers';

/** A message a user can act on, for any error a read from the devnet RPC can throw. */
export function describeRpcError(error: unknown, rpcUrl: string): ErrorDescription {
  if (error instanceof InvalidRpcAnswerError) return { message: error.message, retryable: false };
  if (error instanceof BaseError) {
    // viem wraps transport failures; the innermost one says whether anything answered.
    const http = error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError);
    if (http instanceof TimeoutError) {
      return { message: `The devnet RPC at ${rpcUrl} did not answer in time.`, retryable: true };
    }
    if (http instanceof HttpRequestError) {
      return {
        message:
          http.status === undefined
            ? `The devnet RPC at ${rpcUrl} does not answer. Check that the chain is running.`
            : `The devnet RPC at ${rpcUrl} answered with HTTP status ${http.status}.`,
        retryable: true,
      };
    }
    return { message: `The devnet RPC refused the request: ${error.shortMessage}`, retryable: true };
  }
  if (error instanceof Error && error.message.trim() !== '') {
    return { message: error.message, retryable: true };
  }
  return { message: 'Something went wrong while reading from the devnet.', retryable: true };
}
