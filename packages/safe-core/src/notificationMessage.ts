import type { Address } from 'viem';

/** The message a device registration is signed over: "gnosis-safe" + timestamp + uuid + token + Safes. */
export function notificationRegistrationMessage(params: {
  timestamp: string;
  uuid: string;
  cloudMessagingToken: string;
  safes: readonly Address[];
}): string {
  const safes = [...params.safes].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  return `gnosis-safe${params.timestamp}${params.uuid}${params.cloudMessagingToken}${safes.join('')}`;
}
