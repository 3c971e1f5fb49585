import type { RegisterDeviceBody } from '@countersign/gateway-api';
import { notificationRegistrationMessage } from '@countersign/safe-core';
import { keccak256, stringToBytes, type Address, type Hex } from 'viem';

/** What the app tells the gateway about itself when it registers a device. */
export type AppIdentity = { bundle: string; version: string; buildNumber: string };

/** The gateway accepts a registration signed within 5 minutes of its clock: Unix seconds, as a string. */
export function registrationTimestamp(nowMs: number = Date.now()): string {
  return String(Math.floor(nowMs / 1000));
}

/**
 * The hash a registration is signed over: keccak256("gnosis-safe" + timestamp + uuid + token +
 * the Safes sorted). A browser (device type WEB) signs it with personal_sign, as raw bytes.
 */
export function registrationHash(params: {
  timestamp: string;
  uuid: string;
  cloudMessagingToken: string;
  safes: readonly Address[];
}): Hex {
  return keccak256(stringToBytes(notificationRegistrationMessage(params)));
}

/** The body of POST /v1/register/notifications for one browser and the Safes of one chain. */
export function registrationBody(params: {
  uuid: string;
  cloudMessagingToken: string;
  timestamp: string;
  chainId: string;
  safes: readonly Address[];
  signatures: readonly Hex[];
  app: AppIdentity;
}): RegisterDeviceBody {
  return {
    uuid: params.uuid,
    cloudMessagingToken: params.cloudMessagingToken,
    buildNumber: params.app.buildNumber,
    bundle: params.app.bundle,
    deviceType: 'WEB',
    version: params.app.version,
    timestamp: params.timestamp,
    safeRegistrations: [
      { chainId: params.chainId, safes: [...params.safes], signatures: [...params.signatures] },
    ],
  };
}
