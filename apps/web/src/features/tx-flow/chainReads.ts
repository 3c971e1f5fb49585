import { createPublicClient, http, isHex, type Address, type Hex, type PublicClient } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import {
  readSimulation,
  safe141,
  safeAbi,
  safeTxArgs,
  simulationCall,
  type SafeTx,
  type SimulationResult,
} from '@countersign/safe-core';
import { rpcUrlOf } from '../chains';

const clients = new Map<string, PublicClient>();

/**
 * A read-only client on the chain's own RPC (as the gateway's chain configuration names it): the
 * review checks the gateway's word against the chain. Batched; not retried, so an error shows at once.
 */
export function chainClient(chain: ChainInfo): PublicClient {
  const url = rpcUrlOf(chain);
  let client = clients.get(url);
  if (!client) {
    client = createPublicClient({ transport: http(url, { batch: true, retryCount: 0 }) });
    clients.set(url, client);
  }
  return client;
}

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

function shortMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error) return String(error.shortMessage);
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the transaction as the Safe would, without signatures, through the canonical
 * SimulateTxAccessor (one eth_call; no third party sees it). The Safe reverts with the outcome, so
 * the call "fails" by design: the revert data is the answer.
 */
export async function simulateSafeTx(
  client: PublicClient,
  params: { safe: Address; tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'> },
): Promise<SimulationResult> {
  const accessor = safe141.simulateTxAccessor;
  const call = simulationCall({ safe: params.safe, accessor, tx: params.tx });
  const [code, answer] = await Promise.all([
    client.getCode({ address: accessor }),
    client.request({ method: 'eth_call', params: [{ to: call.to, data: call.data }, 'latest'] }).then(
      () => ({ data: undefined, error: 'The Safe answered the simulation without its result.' }),
      (error: unknown) => ({ data: revertDataOf(error), error: shortMessage(error) }),
    ),
  ]);
  if (!code || code === '0x') {
    return { ok: false, error: 'The SimulateTxAccessor contract is not deployed on this chain.' };
  }
  if (!answer.data) return { ok: false, error: `The simulation could not run: ${answer.error}` };
  try {
    return readSimulation(answer.data);
  } catch {
    return { ok: false, error: 'The simulation returned an answer that could not be read.' };
  }
}

/** The Safe contract's own getTransactionHash for `tx`: the hash its signatures must cover. */
export function contractTransactionHash(client: PublicClient, safe: Address, tx: SafeTx): Promise<Hex> {
  return client.readContract({
    address: safe,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    args: [...safeTxArgs(tx), tx.nonce],
  });
}
