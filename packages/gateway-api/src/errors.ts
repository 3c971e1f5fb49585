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

/**
 * A write the gateway did not answer in time. Whether it was stored is unknown: the message says
 * so, so that the user checks before trying again.
 */
export class GatewayTimeoutError extends Error {
  override name = 'GatewayTimeoutError';
  constructor(readonly timeoutMs: number) {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    super(
      `The gateway did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. It may or may not have saved the request: check, then try again.`,
    );
  }
}
