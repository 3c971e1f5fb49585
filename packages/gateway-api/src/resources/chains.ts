import { chainInfoSchema, chainPageSchema } from '../schemas/chains';
import { masterCopiesSchema } from '../schemas/safes';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams, type CursorParams } from './common';

export function chainsResource(t: Transport) {
  return {
    /** `GET /v1/chains`: a page of chain configurations (20 by default). */
    getChains: (params: CursorParams = {}, opts?: RequestOptions) =>
      t.request('/v1/chains', chainPageSchema, { ...pass(opts), query: { cursor: params.cursor } }),
    /** `GET /v1/chains/{chainId}`. */
    getChain: ({ chainId }: ChainParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}`, chainInfoSchema, pass(opts)),
    /** `GET /v1/chains/{chainId}/about/master-copies`: the Safe singletons the chain supports. */
    getMasterCopies: ({ chainId }: ChainParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/about/master-copies`, masterCopiesSchema, pass(opts)),
  };
}
