import type { ChainInfo } from '@countersign/gateway-api';
import { err, ok, type Result } from '../../lib/result';
import { isHttpUrl } from '../../lib/urls';
import { rpcUrlOf } from '../chains';

export const devnetOnlyMessage =
  'This explorer serves the local devnet only, and this web app does not serve a devnet.';

/** The devnet in the gateway's chain list, and an RPC URL the browser may call. */
export function findDevnetChain(
  chains: readonly ChainInfo[],
  devnetChainId: string,
): Result<{ chain: ChainInfo; rpcUrl: string }> {
  const chain = chains.find((candidate) => candidate.chainId === devnetChainId);
  if (chain === undefined) {
    return err(`The gateway does not list the devnet (chain id ${devnetChainId}).`);
  }
  const rpcUrl = rpcUrlOf(chain);
  if (!isHttpUrl(rpcUrl)) {
    return err(`The gateway gives ${chain.chainName} an RPC URL that is not http(s): "${rpcUrl}".`);
  }
  return ok({ chain, rpcUrl });
}
