import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  hashTypedData,
  keccak256,
  numberToHex,
  parseAbiParameters,
  toHex,
  type Address,
  type Hex,
} from 'viem';
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

/**
 * The safeTxHash of `tx` at any nonce, for finding which nonce an execution ran at when only its
 * fields and its hash are known (a Safe without L2 events does not say): the struct's encoding is
 * built once and only the nonce word, its last, changes between calls. Equal to hashSafeTx.
 */
export function safeTxHasherByNonce(params: {
  chainId: number;
  safe: Address;
  tx: Omit<SafeTx, 'nonce'>;
}): (nonce: bigint) => Hex {
  const { tx } = params;
  const domainSeparator = keccak256(
    encodeAbiParameters(parseAbiParameters('bytes32, uint256, address'), [
      keccak256(toHex('EIP712Domain(uint256 chainId,address verifyingContract)')),
      BigInt(params.chainId),
      params.safe,
    ]),
  );
  const typeHash = keccak256(
    toHex(
      'SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,' +
        'uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)',
    ),
  );
  const head = encodeAbiParameters(
    parseAbiParameters(
      'bytes32, address, uint256, bytes32, uint8, uint256, uint256, uint256, address, address',
    ),
    [
      typeHash,
      tx.to,
      tx.value,
      keccak256(tx.data),
      tx.operation,
      tx.safeTxGas,
      tx.baseGas,
      tx.gasPrice,
      tx.gasToken,
      tx.refundReceiver,
    ],
  );
  return (nonce) => {
    const structHash = keccak256(concat([head, numberToHex(nonce, { size: 32 })]));
    return keccak256(concat(['0x1901', domainSeparator, structHash]));
  };
}
