import {
  decodeAbiParameters,
  decodeErrorResult,
  encodeFunctionData,
  parseAbi,
  size,
  slice,
  type Address,
  type Hex,
} from 'viem';
import type { SafeTx } from './safeTx';

/**
 * A simulation before anyone signs, with no third party: the Safe's own `simulateAndRevert`
 * (StorageAccessible) delegatecalls the canonical SimulateTxAccessor, which runs the transaction
 * as the Safe would (no signature check) and measures it; the Safe then reverts with the result, so
 * nothing changes. One `eth_call` on the chain's RPC, from any address.
 */
export const simulateTxAccessorAbi = parseAbi([
  'function simulate(address to, uint256 value, bytes data, uint8 operation) returns (uint256 estimate, bool success, bytes returnData)',
]);

export const storageAccessibleAbi = parseAbi([
  'function simulateAndRevert(address targetContract, bytes calldataPayload)',
]);

export type SimulationCall = { to: Address; data: Hex };

/** The eth_call that simulates `tx` on `safe` through the accessor. */
export function simulationCall(params: {
  safe: Address;
  accessor: Address;
  tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;
}): SimulationCall {
  const payload = encodeFunctionData({
    abi: simulateTxAccessorAbi,
    functionName: 'simulate',
    args: [params.tx.to, params.tx.value, params.tx.data, params.tx.operation],
  });
  return {
    to: params.safe,
    data: encodeFunctionData({
      abi: storageAccessibleAbi,
      functionName: 'simulateAndRevert',
      args: [params.accessor, payload],
    }),
  };
}

export type SimulationResult =
  | { ok: true; success: true; gasUsed: bigint; returnData: Hex }
  | { ok: true; success: false; gasUsed: bigint; returnData: Hex; revertReason: string }
  | { ok: false; error: string };

/**
 * Reads what simulateAndRevert reverted with: 32 bytes of the accessor call's success, 32 bytes of
 * its length, then its return data (estimate, success, returnData). A revert of the accessor call
 * itself (a delegatecall to a missing accessor, for instance) is reported as an error.
 */
export function readSimulation(revertData: Hex): SimulationResult {
  if (size(revertData) < 64) return { ok: false, error: 'The simulation returned no result.' };
  const [accessorSucceeded] = decodeAbiParameters([{ type: 'bool' }], slice(revertData, 0, 32));
  const response: Hex = size(revertData) === 64 ? '0x' : slice(revertData, 64);
  if (!accessorSucceeded) {
    return { ok: false, error: `The simulation could not run: ${decodeRevertReason(response)}` };
  }
  const [gasUsed, success, returnData] = decodeAbiParameters(
    [{ type: 'uint256' }, { type: 'bool' }, { type: 'bytes' }],
    response,
  );
  return success
    ? { ok: true, success: true, gasUsed, returnData }
    : { ok: true, success: false, gasUsed, returnData, revertReason: decodeRevertReason(returnData) };
}

const standardErrors = parseAbi(['error Error(string message)', 'error Panic(uint256 code)']);

/** Solidity panic codes, worded. */
const panics: Record<string, string> = {
  '1': 'assertion failed',
  '17': 'arithmetic overflow or underflow',
  '18': 'division by zero',
  '33': 'invalid enum value',
  '34': 'invalid storage byte array',
  '49': 'pop on an empty array',
  '50': 'array index out of bounds',
  '65': 'out of memory',
  '81': 'call to an uninitialised function',
};

/** Why a call reverted: its Error(string) message, a worded Panic, or the raw data. */
export function decodeRevertReason(data: Hex): string {
  if (data === '0x' || size(data) === 0) return 'reverted without a reason';
  try {
    const decoded = decodeErrorResult({ abi: standardErrors, data });
    if (decoded.errorName === 'Error') return String(decoded.args[0]);
    const code = String(decoded.args[0]);
    return `panic: ${panics[code] ?? `code ${code}`}`;
  } catch {
    return `reverted with data ${data.length > 74 ? `${data.slice(0, 74)}…` : data}`;
  }
}
