/**
 * The error texts of the Safe Apps protocol, word for word as the specification gives them (its
 * sections 5, 6 and 8), and the few this host adds where the specification is silent.
 */
export const bridgeErrors = {
  noTransactions: 'No transactions were passed',
  invalidSafeTxHash: 'Invalid safeTxHash',
  invalidTypedData: 'Invalid typed data',
  specifyPrimaryType: 'Please specify primaryType',
  permissionsRejected: 'Permissions rejected',
  permissionsRequestInvalid: 'Permissions request is invalid',
  undefinedRequest: 'Undefined request',
  notImplemented: (method: string) => `"${method}" not implemented`,
  // Not in the specification: this host's own words.
  invalidParams: (method: string, detail: string) => `Invalid parameters for ${method}: ${detail}`,
  rpcNotAllowed: (call: string) =>
    `The RPC method "${call}" is not allowed: Safe Apps may only read from the chain through Countersign`,
  transactionRejected: 'Transaction was rejected',
  signatureRejected: 'Signature was rejected',
  internal: 'The request could not be completed',
} as const;

/** The code EIP-1193 and the SDK give a refused permission. */
export const PERMISSION_REJECTED_CODE = 4001;

/**
 * A failure a handler reports to the app: `message` is what the app receives as `error`; `code`
 * (4001 for a refused permission) is kept for the host's own use, as the protocol's reply carries
 * only the text.
 */
export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

export const permissionsRejected = () =>
  new BridgeError(bridgeErrors.permissionsRejected, PERMISSION_REJECTED_CODE);
