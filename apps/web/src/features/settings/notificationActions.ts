import type { Address } from 'viem';
import { getGateway } from '../../lib/gateway';
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

const gatewayError = (error: unknown) =>
  new NotificationError('gateway', describeGatewayError(error, getGateway().baseUrl).message);

/**
 * Registers this browser for one Safe's notifications: the connected owner signs the registration
 * hash (personal_sign over its raw bytes, as the gateway recovers a WEB device's signer), then the
 * gateway stores it. Remembered here once the gateway accepted it.
 */
export async function registerBrowserForSafe({ chainId, safe }: { chainId: string; safe: Address }) {
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
    await getGateway().registerDevice(
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
    throw gatewayError(error);
  }
  markSafeRegistered(chainId, safe, Date.now());
}

/** Removes one Safe from this browser's registration. */
export async function unregisterSafeFromBrowser({ chainId, safe }: { chainId: string; safe: Address }) {
  try {
    await getGateway().unregisterSafe({ chainId, uuid: getDevice().uuid, safeAddress: safe });
  } catch (error) {
    throw gatewayError(error);
  }
  markSafeUnregistered(chainId, safe);
}

/** Removes this browser, and every Safe registered on it, from the gateway. */
export async function unregisterBrowser({ chainId }: { chainId: string }) {
  try {
    await getGateway().unregisterDevice({ chainId, uuid: getDevice().uuid });
  } catch (error) {
    throw gatewayError(error);
  }
  markDeviceUnregistered();
}
