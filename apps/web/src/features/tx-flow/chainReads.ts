import type { Address, Client, Hex } from 'viem';
import { getCode, readContract } from 'viem/actions';
import {
  readSimulation,
  safe141,
  safeAbi,
  safeTxArgs,
  simulateStateChanges,
  simulationCall,
  type SafeTx,
  type RpcRequest,
  type SimulationResult,
  type StateChangesOutcome,
} from '@countersign/safe-core';
import { revertDataOf } from '../../lib/chainReader';

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
  client: Client,
  params: { safe: Address; tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'> },
): Promise<SimulationResult> {
  const accessor = safe141.simulateTxAccessor;
  const call = simulationCall({ safe: params.safe, accessor, tx: params.tx });
  const [code, answer] = await Promise.all([
    getCode(client, { address: accessor }),
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
export function contractTransactionHash(client: Client, safe: Address, tx: SafeTx): Promise<Hex> {
  return readContract(client, {
    address: safe,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    args: [...safeTxArgs(tx), tx.nonce],
  });
}

/**
 * What the transaction changes, from executing it on the chain's node as its executor would
 * (eth_simulateV1, and debug_traceCall for the Safe's storage); where the node offers no
 * eth_simulateV1, from executing it in the browser over the state the RPC gives (an EVM loaded for
 * this only). Only the chain's RPC is asked.
 */
export function simulateStateChangesOnChain(
  client: Client,
  params: { safe: Address; tx: SafeTx; safeTxHash: Hex; owners: readonly Address[]; threshold: number },
): Promise<StateChangesOutcome> {
  const request: RpcRequest = (args) => client.request(args as Parameters<Client['request']>[0]);
  return simulateStateChanges(
    request,
    { ...params, accessor: safe141.simulateTxAccessor },
    {
      fallback: async (input) =>
        (await import('./verify/browserEvm')).executeStateChangesInBrowser(request, input),
    },
  );
}
