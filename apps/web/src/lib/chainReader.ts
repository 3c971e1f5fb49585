import { createClient, http, isHex, type Client, type Hex } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { rpcUrlOf } from './rpcSources';

const readers = new Map<string, Client>();

/**
 * A read-only client of a chain's RPC, one per URL, batching the reads made together and not retried
 * (an error shows at once). It carries no actions: callers import the few they use from
 * `viem/actions`, so that a lazy view does not bring all of viem's public actions with it.
 */
export function chainReader(rpcUrl: string): Client {
  let reader = readers.get(rpcUrl);
  if (!reader) {
    reader = createClient({ transport: http(rpcUrl, { batch: true, retryCount: 0, timeout: 10_000 }) });
    readers.set(rpcUrl, reader);
  }
  return reader;
}

/**
 * The chain's reader, for the modules that read chains. Imported from here, not through a feature's
 * index: viem's client then loads with those (lazy) modules, not with the app's first script.
 */
export const chainClient = (chain: ChainInfo): Client => chainReader(rpcUrlOf(chain));

/** The revert data an RPC error carries (`error.data`, somewhere along its causes). */
export function revertDataOf(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === 'string' && isHex(data)) return data;
    if (data && typeof data === 'object' && isHex((data as { data?: unknown }).data)) {
      return (data as { data: Hex }).data;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
