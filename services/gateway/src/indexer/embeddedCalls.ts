import {
  decodeAbiParameters,
  decodeFunctionData,
  getAbiItem,
  hexToBytes,
  toFunctionSelector,
  type Hex,
} from 'viem';
import { safeAbi } from '@countersign/safe-core';

export const execTransactionSelector = toFunctionSelector(
  'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
);
export const moduleExecSelectors = [
  toFunctionSelector('execTransactionFromModule(address,uint256,bytes,uint8)'),
  toFunctionSelector('execTransactionFromModuleReturnData(address,uint256,bytes,uint8)'),
] as const;

const execTransactionInputs = getAbiItem({ abi: safeAbi, name: 'execTransaction' }).inputs;

/** The execTransaction arguments of one call to a Safe. */
export type ExecCall = {
  to: Hex;
  value: bigint;
  data: Hex;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Hex;
  refundReceiver: Hex;
  signatures: Hex;
};

/** The arguments of a module's call to a Safe. */
export type ModuleCall = { to: Hex; value: bigint; data: Hex; operation: number };

/**
 * How much of a transaction's input is searched for embedded calls, and how many places that look
 * like one are tried: a relayer's batch is rarely larger, and a crafted input must not cost more.
 */
export const maxScannedInput = 256 * 1024;
export const maxEmbeddedTries = 256;

export function decodeExecTransaction(input: Hex): ExecCall | undefined {
  if (!input.toLowerCase().startsWith(execTransactionSelector)) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: safeAbi, data: input });
    if (args === undefined || args.length !== 10) return undefined;
    const [to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures] =
      args as readonly [Hex, bigint, Hex, number, bigint, bigint, bigint, Hex, Hex, Hex];
    return { to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures };
  } catch {
    return undefined;
  }
}

export function decodeModuleCall(input: Hex): ModuleCall | undefined {
  const selector = input.slice(0, 10).toLowerCase();
  if (!moduleExecSelectors.some((known) => known === selector)) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: safeAbi, data: input });
    if (args === undefined || args.length !== 4) return undefined;
    const [to, value, data, operation] = args as readonly [Hex, bigint, Hex, number];
    return { to, value, data, operation };
  } catch {
    return undefined;
  }
}

/**
 * Every execTransaction call carried anywhere inside `input`: a relayer, Multicall3, a parent Safe's
 * MultiSend or an ERC-4337 bundle passes the Safe's calldata on as one contiguous piece of its own
 * input, so decoding from each place the selector appears finds it whatever wraps it. A piece found
 * this way is only a candidate: the caller proves it by recomputing the safeTxHash the Safe emitted.
 */
export function embeddedExecCalls(input: Hex): ExecCall[] {
  const hex = input.slice(2, 2 + maxScannedInput * 2).toLowerCase();
  // Decoded from a view of the bytes at each place: no copy of the input per try.
  const bytes = hexToBytes(`0x${hex.length % 2 === 0 ? hex : hex.slice(0, -1)}`);
  const needle = execTransactionSelector.slice(2);
  const found: ExecCall[] = [];
  let tries = 0;
  // The selector of the input itself is the direct call, which the caller tries first.
  for (
    let at = hex.indexOf(needle, 8);
    at !== -1 && tries < maxEmbeddedTries;
    at = hex.indexOf(needle, at + 1)
  ) {
    // Calldata pieces start on a byte boundary.
    if (at % 2 !== 0) continue;
    tries += 1;
    try {
      const [to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures] =
        decodeAbiParameters(execTransactionInputs, bytes.subarray(at / 2 + 4));
      found.push({
        to,
        value,
        data: data as Hex,
        operation,
        safeTxGas,
        baseGas,
        gasPrice,
        gasToken,
        refundReceiver,
        signatures: signatures as Hex,
      });
    } catch {
      // Not a call after all: the selector's bytes were part of something else.
    }
  }
  return found;
}
