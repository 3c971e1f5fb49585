import { safeCreationSchema, safeInfoSchema } from '../schemas/safes';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type SafeParams } from './common';

export function safesResource(t: Transport) {
  return {
    /** `GET /v1/chains/{chainId}/safes/{safeAddress}`: the Safe as the chain holds it. */
    getSafeInfo: ({ chainId, safeAddress }: SafeParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/safes/${safeAddress}`, safeInfoSchema, pass(opts)),
    /** `GET …/safes/{safeAddress}/transactions/creation`: the transaction that created the Safe (404: unknown). */
    getSafeCreation: ({ chainId, safeAddress }: SafeParams, opts?: RequestOptions) =>
      t.request(
        path`/v1/chains/${chainId}/safes/${safeAddress}/transactions/creation`,
        safeCreationSchema,
        pass(opts),
      ),
  };
}
