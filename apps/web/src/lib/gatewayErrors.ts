import { GatewayContractError, GatewayError, GatewayTimeoutError } from '@countersign/gateway-api';

export type ErrorDescription = {
  message: string;
  /** Worth offering a Retry button: the gateway did not answer or failed on its side. */
  retryable: boolean;
};

/** fetch() rejects with a TypeError when no answer arrives (refused, DNS, CORS, offline). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The gateway is not there to answer (no connection, no answer in time, or a proxy in front of it
 * saying so), as opposed to answering no: what lets a page go on from the chain alone.
 */
export function isGatewayDown(error: unknown): boolean {
  return (
    isNetworkError(error) ||
    error instanceof GatewayTimeoutError ||
    (error instanceof GatewayError && [502, 503, 504].includes(error.status))
  );
}

export function isGatewayStatus(error: unknown, status: number): error is GatewayError {
  return error instanceof GatewayError && error.status === status;
}

/** A gateway answer, or undefined where the gateway knows no such thing (404); other errors go on. */
export async function orNotFound<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (isGatewayStatus(error, 404)) return undefined;
    throw error;
  }
}

export function gatewayUnreachableMessage(gatewayUrl: string): string {
  return `The gateway at ${gatewayUrl} does not answer. Check that it is running and reachable.`;
}

/** A message a user can act on, for any error a gateway call can throw. */
export function describeGatewayError(error: unknown, gatewayUrl: string): ErrorDescription {
  if (isNetworkError(error)) {
    return { message: gatewayUnreachableMessage(gatewayUrl), retryable: true };
  }
  if (error instanceof GatewayError) {
    const message = error.message.trim() || `The gateway answered with HTTP status ${error.status}.`;
    return { message, retryable: error.status >= 500 };
  }
  if (error instanceof GatewayTimeoutError) {
    return { message: error.message, retryable: true };
  }
  if (error instanceof GatewayContractError) {
    return { message: error.message, retryable: false };
  }
  if (error instanceof Error && error.message.trim() !== '') {
    return { message: error.message, retryable: false };
  }
  return { message: 'Something went wrong while talking to the gateway.', retryable: true };
}
