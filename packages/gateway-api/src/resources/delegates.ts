import * as z from 'zod/mini';
import { delegatePageSchema, type AddDelegateBody, type RemoveDelegateBody } from '../schemas/accounts';
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
  const none = async (url: string, init: Parameters<Transport['request']>[2]): Promise<void> => {
    await t.request(url, z.unknown(), init);
  };
  return {
    /** `POST /v2/chains/{chainId}/delegates`: signed by the delegator over the delegate's address. */
    addDelegate: ({ chainId }: ChainParams, body: AddDelegateBody, opts?: RequestOptions) =>
      none(path`/v2/chains/${chainId}/delegates`, { ...pass(opts), method: 'POST', body }),
    /** `DELETE /v2/chains/{chainId}/delegates/{delegate}`: signed by the delegator or the delegate. */
    removeDelegate: (
      { chainId, delegate }: ChainParams & { delegate: string },
      body: RemoveDelegateBody,
      opts?: RequestOptions,
    ) => none(path`/v2/chains/${chainId}/delegates/${delegate}`, { ...pass(opts), method: 'DELETE', body }),
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
