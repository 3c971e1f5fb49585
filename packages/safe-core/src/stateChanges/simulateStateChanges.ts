import { isHex, size } from 'viem';
import { prestateDiffRequest, simulateV1Request, type StateChangesInput } from './request';
import { readPrestateDiff, readSimulateV1Answer } from './rpcAnswers';
import { readStateChanges } from './readStateChanges';
import type { StateChanges } from './types';

/** Whatever sends a JSON-RPC request to the chain's node (a viem Client's `request`). */
export type RpcRequest = (args: { method: string; params: readonly unknown[] }) => Promise<unknown>;

/** What an engine gives: the changes, or why it could not run at all (nothing was checked then). */
export type StateChangesOutcome =
  | { status: 'done'; changes: StateChanges }
  | { status: 'unavailable'; engine: StateChanges['engine']; reason: string };

/** An RPC error's own words: viem's details or short message, else the error's message. */
export const rpcErrorMessage = (error: unknown): string => {
  if (error && typeof error === 'object') {
    const details = (error as { details?: unknown }).details;
    if (typeof details === 'string' && details) return details;
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string' && short) return short;
  }
  return error instanceof Error ? error.message : String(error);
};

/**
 * The node does not offer `method`: JSON-RPC -32601 (method not found) or -32004 (method not
 * supported), or words to that effect about a method. An error that only says "not found" (a
 * header, a block) is the method failing, not missing.
 */
const isMethodNotOffered = (error: unknown, method: string) => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === -32601 || code === -32004) return true;
  const message = rpcErrorMessage(error);
  return (
    /not (found|supported|available|allowed|enabled|whitelisted)|does not exist|unsupported|unknown|-32601/i.test(
      message,
    ) &&
    (/method/i.test(message) || message.includes(method))
  );
};

/**
 * Executes the Safe transaction on the chain's node as its executor would (eth_simulateV1, with
 * native transfers traced), and asks for the prestate diff of the same execution (debug_traceCall)
 * to see every write to the Safe's storage. Only the chain's RPC is asked; nothing is sent.
 * Where the node does not offer eth_simulateV1, `fallback` (another engine) runs the same input.
 */
export async function simulateStateChanges(
  request: RpcRequest,
  params: Omit<StateChangesInput, 'safeCode'>,
  options: { fallback?: (input: StateChangesInput) => Promise<StateChangesOutcome> } = {},
): Promise<StateChangesOutcome> {
  let safeCode: unknown;
  try {
    safeCode = await request({ method: 'eth_getCode', params: [params.safe, 'latest'] });
  } catch (error) {
    return {
      status: 'unavailable',
      engine: 'eth_simulateV1',
      reason: `The node did not give the Safe's code (${rpcErrorMessage(error)}): what this transaction changes was not checked.`,
    };
  }
  if (!isHex(safeCode) || size(safeCode) === 0) {
    return {
      status: 'unavailable',
      engine: 'eth_simulateV1',
      reason: 'The Safe has no code on this chain: what this transaction changes was not checked.',
    };
  }
  const input: StateChangesInput = { ...params, safeCode };
  let simulation: ReturnType<typeof simulateV1Request>;
  let trace: ReturnType<typeof prestateDiffRequest>;
  try {
    simulation = simulateV1Request(input);
    trace = prestateDiffRequest(input);
  } catch (error) {
    return {
      status: 'unavailable',
      engine: 'eth_simulateV1',
      reason: `${rpcErrorMessage(error)} What this transaction changes was not checked.`,
    };
  }
  const [simulated, prestate] = await Promise.all([
    request(simulation).then(
      (answer) => ({ ok: true as const, answer }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    request(trace).then(
      (answer) => {
        try {
          return readPrestateDiff(answer);
        } catch (error) {
          return { error: `the node's prestate diff could not be read (${rpcErrorMessage(error)}).` };
        }
      },
      (error: unknown) => ({
        error: isMethodNotOffered(error, trace.method)
          ? "this chain's node offers no storage diff (debug_traceCall with the prestate tracer), so they were not checked."
          : `the node's storage diff failed (${rpcErrorMessage(error)}), so they were not checked.`,
      }),
    ),
  ]);
  if (!simulated.ok) {
    if (options.fallback && isMethodNotOffered(simulated.error, simulation.method))
      return options.fallback(input);
    return {
      status: 'unavailable',
      engine: 'eth_simulateV1',
      reason: isMethodNotOffered(simulated.error, simulation.method)
        ? "This chain's node offers no simulation (eth_simulateV1): what this transaction changes was not checked."
        : `The node's simulation (eth_simulateV1) failed: ${rpcErrorMessage(simulated.error)}. What this transaction changes was not checked.`,
    };
  }
  try {
    const blocks = readSimulateV1Answer(simulated.answer);
    return { status: 'done', changes: readStateChanges({ input, blocks, prestate }) };
  } catch (error) {
    return {
      status: 'unavailable',
      engine: 'eth_simulateV1',
      reason: `The node's simulation answer could not be read (${rpcErrorMessage(error)}): what this transaction changes was not checked.`,
    };
  }
}
