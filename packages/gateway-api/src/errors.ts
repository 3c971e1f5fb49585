/**
 * A gateway answer the client could not accept. `message` follows the specification:
 * "{code}: {message}" when the error body has both, else the HTTP status text.
 */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** A successful answer whose JSON did not match the contract: the gateway and this client disagree. */
export class GatewayContractError extends Error {
  override name = 'GatewayContractError';
  constructor(
    readonly url: string,
    readonly issues: string,
  ) {
    super(`Unexpected response from the gateway (${url}): ${issues}`);
  }
}
