import { encodeFunctionData, hashTypedData, type Address, type Hex } from 'viem';
import { safeAbi } from './abis';
import { zeroAddress } from './addresses';
import type { Operation } from './operation';

/** The fields a Safe signs over: the EIP-712 `SafeTx` struct. */
export type SafeTx = {
  to: Address;
  value: bigint;
  data: Hex;
  operation: Operation;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
};

export const safeTxTypes = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/** A SafeTx with the defaults every plain call uses: no refund, no gas limits. */
export function buildSafeTx(fields: Pick<SafeTx, 'to' | 'nonce'> & Partial<SafeTx>): SafeTx {
  return {
    value: 0n,
    data: '0x',
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    ...fields,
  };
}

/** The EIP-712 typed data an owner signs to approve `tx` on `safe`. */
export function safeTxTypedData(params: { chainId: number; safe: Address; tx: SafeTx }) {
  return {
    domain: { chainId: params.chainId, verifyingContract: params.safe },
    types: safeTxTypes,
    primaryType: 'SafeTx',
    message: params.tx,
  } as const;
}

/** The safeTxHash: equal to the contract's getTransactionHash(). */
export function hashSafeTx(params: { chainId: number; safe: Address; tx: SafeTx }): Hex {
  return hashTypedData(safeTxTypedData(params));
}

/** The SafeTx fields in the order the Safe's methods take them (execTransaction, getTransactionHash). */
export function safeTxArgs(tx: SafeTx) {
  return [
    tx.to,
    tx.value,
    tx.data,
    tx.operation,
    tx.safeTxGas,
    tx.baseGas,
    tx.gasPrice,
    tx.gasToken,
    tx.refundReceiver,
  ] as const;
}

/** The calldata that executes `tx` on its Safe with the given `signatures` bytes (see encodeSignatures). */
export function encodeExecTransaction(tx: SafeTx, signatures: Hex): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [...safeTxArgs(tx), signatures],
  });
}
