import { createClient, http, isHex, type Client, type Hex, type Transport } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { rpcUrlOf } from './rpcSources';

const readers = new Map<string, Client>();

/**
 * Which of a URL's clients: 'reads' for the quick calls a page waits on, 'long' for the calls that
 * can take a while (traces and the state-change simulations built on them). Each batches its own
 * calls only: a batch is answered when its slowest call is, and a review's hash check sent beside a
 * trace waited for the trace.
 */
type Lane = 'reads' | 'long';

/**
 * A read-only client of a chain's RPC, one per URL and lane, batching the reads made together and
 * not retried (an error shows at once). It carries no actions: callers import the few they use from
 * `viem/actions`, so that a lazy view does not bring all of viem's public actions with it.
 */
export function chainReader(rpcUrl: string, lane: Lane = 'reads'): Client {
  const key = `${lane} ${rpcUrl}`;
  let reader = readers.get(key);
  if (!reader) {
    const transport = http(rpcUrl, { batch: true, retryCount: 0, timeout: 10_000 });
    reader = createClient({ transport: lane === 'reads' ? transport : onLane(transport) });
    readers.set(key, reader);
  }
  return reader;
}

/**
 * viem batches the calls to one URL from every client together, unless they carry different abort
 * signals: each call of another lane carries that lane's own (never aborted), unless it has one.
 */
function onLane(transport: Transport): Transport {
  const laneSignal = new AbortController().signal;
  return (params) => {
    const made = transport(params);
    return {
      ...made,
      request: (args, options) => made.request(args, { ...options, signal: options?.signal ?? laneSignal }),
    };
  };
}

/**
 * The chain's reader, for the modules that read chains. Imported from here, not through a feature's
 * index: viem's client then loads with those (lazy) modules, not with the app's first script.
 */
export const chainClient = (chain: ChainInfo, lane: Lane = 'reads'): Client =>
  chainReader(rpcUrlOf(chain), lane);

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
