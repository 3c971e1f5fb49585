import type { GatewayClient } from '@countersign/gateway-api';
import { describeGatewayError } from '../../lib/gatewayErrors';
import { err, ok, type Result } from '../../lib/result';
import type { WalletError } from './walletErrors';

/**
 * Why a write (a transaction, a message, an app's signature request, a notification registration)
 * failed, worded for the owner: the wallet's words (a decline leaves the screen as it was), the
 * gateway's words exactly as it sent them, or a check Countersign made itself.
 */
export type WriteError =
  | { source: 'wallet'; message: string; kind: WalletError['kind'] }
  | { source: 'gateway'; message: string }
  | { source: 'check'; message: string };

/** What every write answers; only faults of the app itself are thrown. */
export type WriteResult<T> = Result<T, WriteError>;

export const walletFailure = (error: Pick<WalletError, 'kind' | 'message'>) =>
  err<WriteError>({ source: 'wallet', message: error.message, kind: error.kind });

export const checkFailure = (message: string) => err<WriteError>({ source: 'check', message });

export const gatewayFailure = (gateway: GatewayClient, error: unknown) =>
  err<WriteError>({ source: 'gateway', message: describeGatewayError(error, gateway.baseUrl).message });

/** Runs a request to this gateway, turning its error into the gateway's own words. */
export async function fromGateway<T>(
  gateway: GatewayClient,
  request: (gateway: GatewayClient) => Promise<T>,
): Promise<WriteResult<T>> {
  try {
    return ok(await request(gateway));
  } catch (error) {
    return gatewayFailure(gateway, error);
  }
}
