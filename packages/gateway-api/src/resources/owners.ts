import { ownedSafesSchema } from '../schemas/assets';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams } from './common';

export function ownersResource(t: Transport) {
  return {
    /** `GET /v1/chains/{chainId}/owners/{ownerAddress}/safes`: the Safes an address owns on the chain. */
    getOwnedSafes: (
      { chainId, ownerAddress }: ChainParams & { ownerAddress: string },
      opts?: RequestOptions,
    ) => t.request(path`/v1/chains/${chainId}/owners/${ownerAddress}/safes`, ownedSafesSchema, pass(opts)),
  };
}
