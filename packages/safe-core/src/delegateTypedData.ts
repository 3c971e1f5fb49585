import type { Address } from 'viem';

/** Delegate signatures expire with the hour: the time-based one-time value they sign. */
export function delegateTotp(nowMs: number = Date.now()): bigint {
  return BigInt(Math.floor(nowMs / 1000 / 3600));
}

/**
 * What a delegator signs to add or remove a delegate (the transaction service's v2 scheme): EIP-712
 * Delegate(delegateAddress, totp) in the "Safe Transaction Service" 1.0 domain of the chain.
 */
export function delegateTypedData(params: { chainId: number; delegate: Address; totp: bigint }) {
  return {
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: params.chainId },
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
