import type { GatewayClient } from '@countersign/gateway-api';
import { describeGatewayError } from '../../../lib/gatewayErrors';
import type { WalletError } from '../../wallet';

/**
 * Why a step of a flow failed, worded for the owner: the wallet's words (a decline keeps the review
 * as it was), the gateway's words exactly as it sent them, or a check Countersign made itself.
 */
export type FlowError =
  | { source: 'wallet'; message: string; kind: WalletError['kind'] }
  | { source: 'gateway'; message: string }
  | { source: 'check'; message: string };

export type FlowResult<T> = { ok: true; value: T } | { ok: false; error: FlowError };

export const walletFailure = (error: WalletError): { ok: false; error: FlowError } => ({
  ok: false,
  error: { source: 'wallet', message: error.message, kind: error.kind },
});

export const checkFailure = (message: string): { ok: false; error: FlowError } => ({
  ok: false,
  error: { source: 'check', message },
});

/** Runs a request to this gateway, turning its error into the gateway's own words. */
export async function fromGateway<T>(
  gateway: GatewayClient,
  request: (gateway: GatewayClient) => Promise<T>,
): Promise<FlowResult<T>> {
  try {
    return { ok: true, value: await request(gateway) };
  } catch (error) {
    return {
      ok: false,
      error: { source: 'gateway', message: describeGatewayError(error, gateway.baseUrl).message },
    };
  }
}
