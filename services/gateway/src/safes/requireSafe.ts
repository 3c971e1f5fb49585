import type { Address } from 'viem';
import type { ServedChain } from '../chains/registry';
import { isNodeFailure, notFound, serviceUnavailable } from '../http/errors';
import { readSafe, type SafeState } from './readSafe';

/** The Safe as it stands on chain: 404 when there is none at the address, 503 when the node does not answer. */
export async function requireSafe(
  chain: ServedChain,
  safe: Address,
  options: Parameters<typeof readSafe>[2] = {},
): Promise<SafeState> {
  let state: SafeState | null;
  try {
    state = await readSafe(chain.client, safe, options);
  } catch (error) {
    // Said as such in the answer (see errorResponse): a node that is slow, or a request that stopped.
    if (isNodeFailure(error)) throw error;
    console.error(`gateway: chain ${chain.config.chainId} did not answer`, error);
    throw serviceUnavailable();
  }
  if (!state) throw notFound(`No Safe found at ${safe} on chain ${chain.config.chainId}`);
  return state;
}
