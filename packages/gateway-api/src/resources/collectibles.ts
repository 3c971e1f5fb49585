import { collectiblePageSchema, collectiblesSchema } from '../schemas/assets';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type CursorParams, type SafeParams } from './common';

export type CollectiblesFilter = {
  /** Only trusted collections (the gateway's default: false). */
  trusted?: boolean;
  /** Leave out spam (the gateway's default: true). */
  excludeSpam?: boolean;
};

export function collectiblesResource(t: Transport) {
  return {
    /**
     * `GET /v1/chains/{chainId}/safes/{safeAddress}/collectibles`: every collectible, unpaged. Served
     * by this project's gateway; Safe's own gateway answers 404 (use getCollectiblesPage).
     */
    getCollectibles: (
      { chainId, safeAddress, trusted, excludeSpam }: SafeParams & CollectiblesFilter,
      opts?: RequestOptions,
    ) =>
      t.request(path`/v1/chains/${chainId}/safes/${safeAddress}/collectibles`, collectiblesSchema, {
        ...pass(opts),
        query: { trusted, exclude_spam: excludeSpam },
      }),
    /** `GET /v2/chains/{chainId}/safes/{safeAddress}/collectibles`: a page of collectibles. */
    getCollectiblesPage: (
      { chainId, safeAddress, cursor, trusted, excludeSpam }: SafeParams & CursorParams & CollectiblesFilter,
      opts?: RequestOptions,
    ) =>
      t.request(path`/v2/chains/${chainId}/safes/${safeAddress}/collectibles`, collectiblePageSchema, {
        ...pass(opts),
        query: { cursor, trusted, exclude_spam: excludeSpam },
      }),
  };
}
