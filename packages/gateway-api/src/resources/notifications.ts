import * as z from 'zod/mini';
import type { RegisterDeviceBody } from '../schemas/accounts';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams } from './common';

type DeviceParams = ChainParams & { uuid: string };

export function notificationsResource(t: Transport) {
  const none = async (url: string, init: Parameters<Transport['request']>[2]): Promise<void> => {
    await t.request(url, z.unknown(), init);
  };
  return {
    /** `POST /v1/register/notifications`: registers a device for the Safes it names. No body in the answer. */
    registerDevice: (body: RegisterDeviceBody, opts?: RequestOptions) =>
      none('/v1/register/notifications', { ...pass(opts), method: 'POST', body }),
    /** `DELETE /v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safeAddress}`: one Safe off the device. */
    unregisterSafe: (
      { chainId, uuid, safeAddress }: DeviceParams & { safeAddress: string },
      opts?: RequestOptions,
    ) =>
      none(path`/v1/chains/${chainId}/notifications/devices/${uuid}/safes/${safeAddress}`, {
        ...pass(opts),
        method: 'DELETE',
      }),
    /** `DELETE /v1/chains/{chainId}/notifications/devices/{uuid}`: the whole device. */
    unregisterDevice: ({ chainId, uuid }: DeviceParams, opts?: RequestOptions) =>
      none(path`/v1/chains/${chainId}/notifications/devices/${uuid}`, { ...pass(opts), method: 'DELETE' }),
  };
}
