import type { DecodeDataBody } from '../schemas/dataDecoder';
import { dataDecodedSchema } from '../schemas/transactions';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams } from './common';

export function dataDecoderResource(t: Transport) {
  return {
    /** `POST /v1/chains/{chainId}/data-decoder`: the method and parameters of `data` sent to `to`. */
    decodeData: ({ chainId, data, to }: ChainParams & DecodeDataBody, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/data-decoder`, dataDecodedSchema, {
        ...pass(opts),
        method: 'POST',
        body: { data, to },
      }),
  };
}
