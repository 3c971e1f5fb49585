import type { Address } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { describeGatewayError } from '../../lib/gatewayErrors';
import { walletApi } from '../wallet';
import { appIdentity } from './appIdentity';
import {
  getDevice,
  markDeviceUnregistered,
  markSafeRegistered,
  markSafeUnregistered,
} from './notificationDevice';
import { registrationBody, registrationHash, registrationTimestamp } from './registration';

/** A failed step, worded for the user: by the wallet's error mapper, or the gateway's answer as it is. */
export class NotificationError extends Error {
  override name = 'NotificationError';
  constructor(
    readonly source: 'wallet' | 'gateway',
    message: string,
  ) {
    super(message);
  }
}

const gatewayError = (gateway: GatewayClient, error: unknown) =>
  new NotificationError('gateway', describeGatewayError(error, gateway.baseUrl).message);

/** One Safe of this browser's registration, and the gateway that holds it. */
type BrowserSafe = { gateway: GatewayClient; chainId: string; safe: Address };

/**
 * Registers this browser for one Safe's notifications: the connected owner signs the registration
 * hash (personal_sign over its raw bytes, as the gateway recovers a WEB device's signer), then the
 * gateway stores it. Remembered here once the gateway accepted it.
 */
export async function registerBrowserForSafe({ gateway, chainId, safe }: BrowserSafe) {
  const device = getDevice();
  const timestamp = registrationTimestamp();
  const hash = registrationHash({
    timestamp,
    uuid: device.uuid,
    cloudMessagingToken: device.cloudMessagingToken,
    safes: [safe],
  });
  const signed = await walletApi.signMessage({ raw: hash });
  if (!signed.ok) throw new NotificationError('wallet', signed.error.message);
  try {
    await gateway.registerDevice(
      registrationBody({
        uuid: device.uuid,
        cloudMessagingToken: device.cloudMessagingToken,
        timestamp,
        chainId,
        safes: [safe],
        signatures: [signed.value.signature],
        app: appIdentity,
      }),
    );
  } catch (error) {
    throw gatewayError(gateway, error);
  }
  markSafeRegistered(chainId, safe, Date.now());
}

/** Removes one Safe from this browser's registration. */
export async function unregisterSafeFromBrowser({ gateway, chainId, safe }: BrowserSafe) {
  try {
    await gateway.unregisterSafe({ chainId, uuid: getDevice().uuid, safeAddress: safe });
  } catch (error) {
    throw gatewayError(gateway, error);
  }
  markSafeUnregistered(chainId, safe);
}

/** Removes this browser, and every Safe registered on it, from the gateway. */
export async function unregisterBrowser({ gateway, chainId }: { gateway: GatewayClient; chainId: string }) {
  try {
    await gateway.unregisterDevice({ chainId, uuid: getDevice().uuid });
  } catch (error) {
    throw gatewayError(gateway, error);
  }
  markDeviceUnregistered();
}
