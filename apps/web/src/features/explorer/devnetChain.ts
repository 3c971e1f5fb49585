import type { ChainInfo } from '@countersign/gateway-api';
import { isHttpUrl } from '../../lib/urls';
import { rpcUrlOf } from '../chains';

export type DevnetChainLookup = { ok: true; chain: ChainInfo; rpcUrl: string } | { ok: false; error: string };

export const devnetOnlyMessage =
  'This explorer serves the local devnet only, and this web app does not serve a devnet.';

/** The devnet in the gateway's chain list, and an RPC URL the browser may call. */
export function findDevnetChain(chains: readonly ChainInfo[], devnetChainId: string): DevnetChainLookup {
  const chain = chains.find((candidate) => candidate.chainId === devnetChainId);
  if (chain === undefined) {
    return { ok: false, error: `The gateway does not list the devnet (chain id ${devnetChainId}).` };
  }
  const rpcUrl = rpcUrlOf(chain);
  if (!isHttpUrl(rpcUrl)) {
    return {
      ok: false,
      error: `The gateway gives ${chain.chainName} an RPC URL that is not http(s): "${rpcUrl}".`,
    };
  }
  return { ok: true, chain, rpcUrl };
}
