import { useSyncExternalStore } from 'react';
import { readStoredString, writeStoredString } from '../../lib/storage';

/**
 * This browser as a notification device: a uuid made once and kept, a token, and what it has
 * registered. The gateway has no endpoint that says what a device is registered for, so the
 * registrations are remembered here when the gateway accepts them.
 *
 * A browser's push token comes from a push service (Firebase Cloud Messaging for Safe{Wallet}),
 * which this self-hosted app does not have. The token is a placeholder, named so that nobody
 * mistakes it for one: the gateway stores the registration, and no notification can reach it.
 */
export const PLACEHOLDER_TOKEN_PREFIX = 'countersign-no-push-service-';

const KEY = 'countersign.notifications';

export type NotificationDevice = {
  uuid: string;
  cloudMessagingToken: string;
  /** Since the gateway accepted a registration, until the device is unregistered. */
  deviceRegistered: boolean;
  /** `chainId:checksummedSafe` → when the gateway accepted its registration (ms). */
  safes: Record<string, number>;
};

export const safeRegistrationKey = (chainId: string, safe: string) => `${chainId}:${safe}`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A version 4 UUID. crypto.randomUUID exists only in secure contexts, and a self-hosted app may be
 * served over plain http on a LAN address; getRandomValues is there in every context.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function newDevice(): NotificationDevice {
  return {
    uuid: randomUuid(),
    cloudMessagingToken: `${PLACEHOLDER_TOKEN_PREFIX}${randomUuid()}`,
    deviceRegistered: false,
    safes: {},
  };
}

/** The stored device when it is whole; anything else starts afresh. */
export function parseDevice(text: string | null): NotificationDevice | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<NotificationDevice>;
    if (typeof value.uuid !== 'string' || !uuidPattern.test(value.uuid)) return undefined;
    if (typeof value.cloudMessagingToken !== 'string' || value.cloudMessagingToken === '') return undefined;
    const safes: Record<string, number> = {};
    if (typeof value.safes === 'object' && value.safes !== null) {
      for (const [key, at] of Object.entries(value.safes)) if (typeof at === 'number') safes[key] = at;
    }
    return {
      uuid: value.uuid,
      cloudMessagingToken: value.cloudMessagingToken,
      deviceRegistered: value.deviceRegistered === true,
      safes,
    };
  } catch {
    return undefined;
  }
}

let current: NotificationDevice | undefined;
const listeners = new Set<() => void>();

/** The device, made (and stored) on first use. */
export function getDevice(): NotificationDevice {
  if (current === undefined) {
    current = parseDevice(readStoredString(KEY)) ?? newDevice();
    writeStoredString(KEY, JSON.stringify(current));
  }
  return current;
}

export function updateDevice(change: (device: NotificationDevice) => NotificationDevice): void {
  // Read again first: another tab may have registered since.
  current = parseDevice(readStoredString(KEY)) ?? getDevice();
  current = change(current);
  writeStoredString(KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    current = parseDevice(event.newValue) ?? current;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useNotificationDevice(): NotificationDevice {
  return useSyncExternalStore(subscribe, getDevice, getDevice);
}

export const markSafeRegistered = (chainId: string, safe: string, at: number) =>
  updateDevice((device) => ({
    ...device,
    deviceRegistered: true,
    safes: { ...device.safes, [safeRegistrationKey(chainId, safe)]: at },
  }));

export const markSafeUnregistered = (chainId: string, safe: string) =>
  updateDevice((device) => {
    const { [safeRegistrationKey(chainId, safe)]: _removed, ...safes } = device.safes;
    return { ...device, safes };
  });

export const markDeviceUnregistered = () =>
  updateDevice((device) => ({ ...device, deviceRegistered: false, safes: {} }));

/** For tests: forget the in-memory copy so the next read comes from storage. */
export function resetDeviceCache(): void {
  current = undefined;
}
