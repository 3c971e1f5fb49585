import { randomUUID } from 'node:crypto';
import { keccak256, stringToBytes, type Address } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { notificationRegistrationMessage } from '@countersign/safe-core';

/**
 * A web push registration of one Safe on the devnet chain, in the body `POST /v1/register/notifications`
 * takes, signed by `signer` over the registration message (unsigned when null). A null timestamp is
 * sent as null and signed as empty, as a client that left it out would.
 */
export async function registrationBody(options: {
  safe: Address;
  signer: HDAccount | null;
  uuid?: string;
  timestamp?: string | null;
  token?: string;
}) {
  const uuid = options.uuid ?? randomUUID();
  const timestamp =
    options.timestamp === undefined ? String(Math.floor(Date.now() / 1000)) : options.timestamp;
  const token = options.token ?? 'web-push-token';
  const hash = keccak256(
    stringToBytes(
      notificationRegistrationMessage({
        timestamp: timestamp ?? '',
        uuid,
        cloudMessagingToken: token,
        safes: [options.safe],
      }),
    ),
  );
  return {
    uuid,
    cloudMessagingToken: token,
    buildNumber: '1',
    bundle: 'countersign',
    deviceType: 'WEB',
    version: '1.0.0',
    timestamp,
    safeRegistrations: [
      {
        chainId: '1337',
        safes: [options.safe],
        signatures: options.signer ? [await options.signer.signMessage({ message: { raw: hash } })] : [],
      },
    ],
  };
}
