import { delegatePageSchema } from '../schemas/accounts';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams, type CursorParams } from './common';

/** At least one of the four filters is required by the gateway (else 422). */
export type GetDelegatesParams = ChainParams &
  CursorParams & {
    safe?: string;
    delegate?: string;
    delegator?: string;
    label?: string;
  };

export function delegatesResource(t: Transport) {
  return {
    /** `GET /v2/chains/{chainId}/delegates`. */
    getDelegates: (
      { chainId, safe, delegate, delegator, label, cursor }: GetDelegatesParams,
      opts?: RequestOptions,
    ) =>
      t.request(path`/v2/chains/${chainId}/delegates`, delegatePageSchema, {
        ...pass(opts),
        query: { safe, delegate, delegator, label, cursor },
      }),
  };
}
