import type { Address } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { fromGateway, walletFailure, type SignerService, type WriteResult } from '../wallet';
import { appIdentity } from './appIdentity';
import {
  getDevice,
  markDeviceUnregistered,
  markSafeRegistered,
  markSafeUnregistered,
} from './notificationDevice';
import { registrationBody, registrationHash, registrationTimestamp } from './registration';

/** One Safe of this browser's registration, and the gateway that holds it. */
type BrowserSafe = { gateway: GatewayClient; chainId: string; safe: Address };

/**
 * Registers this browser for one Safe's notifications: the connected owner signs the registration
 * hash (personal_sign over its raw bytes, as the gateway recovers a WEB device's signer), then the
 * gateway stores it. Remembered here once the gateway accepted it.
 */
export async function registerBrowserForSafe({
  gateway,
  signer,
  chainId,
  safe,
}: BrowserSafe & { signer: SignerService }): Promise<WriteResult<void>> {
  const device = getDevice();
  const timestamp = registrationTimestamp();
  const hash = registrationHash({
    timestamp,
    uuid: device.uuid,
    cloudMessagingToken: device.cloudMessagingToken,
    safes: [safe],
  });
  const signed = await signer.api.signMessage({ raw: hash });
  if (!signed.ok) return walletFailure(signed.error);
  const registered = await fromGateway(gateway, (client) =>
    client.registerDevice(
      registrationBody({
        uuid: device.uuid,
        cloudMessagingToken: device.cloudMessagingToken,
        timestamp,
        chainId,
        safes: [safe],
        signatures: [signed.value.signature],
        app: appIdentity,
      }),
    ),
  );
  if (registered.ok) markSafeRegistered(chainId, safe, Date.now());
  return registered;
}

/** Removes one Safe from this browser's registration. */
export async function unregisterSafeFromBrowser({
  gateway,
  chainId,
  safe,
}: BrowserSafe): Promise<WriteResult<void>> {
  const removed = await fromGateway(gateway, (client) =>
    client.unregisterSafe({ chainId, uuid: getDevice().uuid, safeAddress: safe }),
  );
  if (removed.ok) markSafeUnregistered(chainId, safe);
  return removed;
}

/** Removes this browser, and every Safe registered on it, from the gateway. */
export async function unregisterBrowser({
  gateway,
  chainId,
}: Omit<BrowserSafe, 'safe'>): Promise<WriteResult<void>> {
  const removed = await fromGateway(gateway, (client) =>
    client.unregisterDevice({ chainId, uuid: getDevice().uuid }),
  );
  if (removed.ok) markDeviceUnregistered();
  return removed;
}
