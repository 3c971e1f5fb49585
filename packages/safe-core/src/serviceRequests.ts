/** Requests the transaction service (and this gateway) accept only when signed: delegates and deletions. */
import type { Address, Hex } from 'viem';

/** Delegate signatures expire with the hour: the time-based one-time value they sign. */
export function delegateTotp(nowMs: number = Date.now()): bigint {
  return BigInt(Math.floor(nowMs / 1000 / 3600));
}

/** The EIP-712 domain of the transaction service's signed requests, optionally bound to a Safe. */
function serviceDomain(chainId: number, safe?: Address) {
  return {
    name: 'Safe Transaction Service',
    version: '1.0',
    chainId,
    ...(safe ? { verifyingContract: safe } : {}),
  } as const;
}

/**
 * What a delegator signs to add or remove a delegate (the transaction service's v2 scheme): EIP-712
 * Delegate(delegateAddress, totp) in the "Safe Transaction Service" 1.0 domain of the chain.
 */
export function delegateTypedData(params: { chainId: number; delegate: Address; totp: bigint }) {
  return {
    domain: serviceDomain(params.chainId),
    types: {
      Delegate: [
        { name: 'delegateAddress', type: 'address' },
        { name: 'totp', type: 'uint256' },
      ],
    },
    primaryType: 'Delegate',
    message: { delegateAddress: params.delegate, totp: params.totp },
  } as const;
}

/** What a proposer signs to delete a proposal they made: EIP-712 DeleteRequest(safeTxHash, totp). */
export function deleteRequestTypedData(params: {
  chainId: number;
  safe: Address;
  safeTxHash: Hex;
  totp: bigint;
}) {
  return {
    domain: serviceDomain(params.chainId, params.safe),
    types: {
      DeleteRequest: [
        { name: 'safeTxHash', type: 'bytes32' },
        { name: 'totp', type: 'uint256' },
      ],
    },
    primaryType: 'DeleteRequest',
    message: { safeTxHash: params.safeTxHash, totp: params.totp },
  } as const;
}
