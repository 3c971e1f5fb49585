import type { ChainInfo } from '@countersign/gateway-api';

/** The chain's RPC URL the browser can use: an API_KEY_PATH URL needs a key this app does not hold. */
export function rpcUrlOf(chain: ChainInfo): string {
  return chain.rpcUri.authentication === 'API_KEY_PATH' ? chain.publicRpcUri.value : chain.rpcUri.value;
}
