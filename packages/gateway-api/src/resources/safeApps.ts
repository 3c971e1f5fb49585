import { safeAppsSchema } from '../schemas/accounts';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams } from './common';

export type GetSafeAppsParams = ChainParams & {
  /** The client's own URL (the server reads `clientUrl`, camelCase). */
  clientUrl?: string;
  /** Only the app at this URL. */
  url?: string;
};

export function safeAppsResource(t: Transport) {
  return {
    /** `GET /v1/chains/{chainId}/safe-apps`: the Safe Apps listed for the chain. */
    getSafeApps: ({ chainId, clientUrl, url }: GetSafeAppsParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/safe-apps`, safeAppsSchema, {
        ...pass(opts),
        query: { clientUrl, url },
      }),
  };
}
