import type { Address } from 'viem';
import type { Database, Queryable } from '../store';

/** A Safe a device is told about, and who signed for it. */
export type Subscription = { chainId: string; safe: Address; signers: Address[] };

/** The signers a device was registered by, over all its Safes. */
export async function deviceSigners(db: Queryable, uuid: string): Promise<Set<string>> {
  const rows = await db.query<{ signers: string }>(
    'SELECT signers FROM notification_subscriptions WHERE device_uuid = $1',
    [uuid],
  );
  return new Set(rows.flatMap((row) => row.signers.split(',').filter(Boolean)));
}

/**
 * Stores a device and its subscriptions. `replace` drops what the device had before (a phone
 * re-registering); otherwise they are added to (a browser).
 */
export function storeRegistration(
  db: Database,
  device: {
    uuid: string;
    cloudMessagingToken: string;
    buildNumber: string;
    bundle: string;
    deviceType: string;
    version: string;
  },
  subscriptions: readonly Subscription[],
  replace: boolean,
): Promise<void> {
  const now = Date.now();
  return db.transaction(async (sql) => {
    await sql.query(
      `INSERT INTO notification_devices (uuid, cloud_messaging_token, build_number, bundle, device_type, version, created_at_ms, updated_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (uuid) DO UPDATE SET cloud_messaging_token = EXCLUDED.cloud_messaging_token,
         build_number = EXCLUDED.build_number, bundle = EXCLUDED.bundle, device_type = EXCLUDED.device_type,
         version = EXCLUDED.version, updated_at_ms = EXCLUDED.updated_at_ms`,
      [
        device.uuid,
        device.cloudMessagingToken,
        device.buildNumber,
        device.bundle,
        device.deviceType,
        device.version,
        now,
      ],
    );
    if (replace)
      await sql.query('DELETE FROM notification_subscriptions WHERE device_uuid = $1', [device.uuid]);
    for (const s of subscriptions) {
      await sql.query(
        `INSERT INTO notification_subscriptions (device_uuid, chain_id, safe, signers) VALUES ($1, $2, $3, $4)
         ON CONFLICT (device_uuid, chain_id, safe) DO UPDATE SET signers = EXCLUDED.signers`,
        [device.uuid, s.chainId, s.safe, s.signers.join(',')],
      );
    }
  });
}

export async function deleteSubscription(
  db: Queryable,
  uuid: string,
  chainId: string,
  safe: Address,
): Promise<void> {
  await db.query(
    'DELETE FROM notification_subscriptions WHERE device_uuid = $1 AND chain_id = $2 AND safe = $3',
    [uuid, chainId, safe],
  );
}

export async function deleteDevice(db: Queryable, uuid: string): Promise<void> {
  await db.query('DELETE FROM notification_devices WHERE uuid = $1', [uuid]);
}
