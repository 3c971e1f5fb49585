import { describeGatewayError, isGatewayStatus, type ErrorDescription } from '../../lib/gatewayErrors';

export function safeNotFoundMessage(address: string, chainName: string): string {
  return `No Safe found at ${address} on ${chainName}.`;
}

export function chainNotServedMessage(chainName: string, chainId: string, gatewayUrl: string): string {
  return `Unknown chain: the gateway at ${gatewayUrl} does not serve ${chainName} (chain id ${chainId}).`;
}

export type SafeLoadContext = {
  address: string;
  chainId: string;
  chainName: string;
  gatewayUrl: string;
  /** The error of the chain's own request (GET /v1/chains/{chainId}), if it failed. */
  chainError: unknown;
};

/**
 * What to tell the user when a Safe does not load. The gateway answers 404 both for an unknown
 * chain and for an address that is not a Safe; the chain's own request tells the two apart.
 */
export function describeSafeLoadError(error: unknown, context: SafeLoadContext): ErrorDescription {
  if (isGatewayStatus(context.chainError, 404)) {
    return {
      message: chainNotServedMessage(context.chainName, context.chainId, context.gatewayUrl),
      retryable: false,
    };
  }
  if (isGatewayStatus(error, 404)) {
    return { message: safeNotFoundMessage(context.address, context.chainName), retryable: false };
  }
  return describeGatewayError(error, context.gatewayUrl);
}
