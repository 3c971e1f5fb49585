import { balancesSchema, fiatCodesSchema } from '../schemas/assets';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type SafeParams } from './common';

export type GetBalancesParams = SafeParams & {
  /** A fiat code, any case; 'usd' by default. */
  currency?: string;
  /** Only trusted tokens (the gateway's default: false). */
  trusted?: boolean;
  /** Leave out spam tokens (the gateway's default: true). */
  excludeSpam?: boolean;
};

export function balancesResource(t: Transport) {
  return {
    /** `GET /v1/chains/{chainId}/safes/{safeAddress}/balances/{currency}`. */
    getBalances: (
      { chainId, safeAddress, currency = 'usd', trusted, excludeSpam }: GetBalancesParams,
      opts?: RequestOptions,
    ) =>
      t.request(path`/v1/chains/${chainId}/safes/${safeAddress}/balances/${currency}`, balancesSchema, {
        ...pass(opts),
        query: { trusted, exclude_spam: excludeSpam },
      }),
    /** `GET /v1/balances/supported-fiat-codes`. */
    getFiatCodes: (opts?: RequestOptions) =>
      t.request('/v1/balances/supported-fiat-codes', fiatCodesSchema, pass(opts)),
  };
}
