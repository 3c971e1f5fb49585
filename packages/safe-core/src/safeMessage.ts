import { hashTypedData, type Address, type Hex } from 'viem';

/** The EIP-712 typed data that wraps an off-chain message for a Safe (`SafeMessage(bytes message)`). */
export function safeMessageTypedData(params: { chainId: number; safe: Address; message: Hex }) {
  return {
    domain: { chainId: params.chainId, verifyingContract: params.safe },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: params.message },
  } as const;
}

export function hashSafeMessage(params: { chainId: number; safe: Address; message: Hex }): Hex {
  return hashTypedData(safeMessageTypedData(params));
}
