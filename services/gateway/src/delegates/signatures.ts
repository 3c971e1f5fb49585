import { delegateTotp, delegateTypedData, typedDataPreimage } from '@countersign/safe-core';
import { getAddress, hashTypedData, recoverAddress, type Address, type Hex } from 'viem';
import type { ServedChain } from '../chains/registry';
import { isValidContractSignature } from '../safes/verifySignatures';

/**
 * Whether `signer` signed the delegate message for `delegate` this hour or the last: by recovery for
 * an EOA, by EIP-1271 for a contract.
 */
export async function signedDelegate(
  chain: ServedChain,
  signer: Address,
  delegate: Address,
  signature: Hex,
): Promise<boolean> {
  const now = delegateTotp();
  for (const totp of [now, now - 1n]) {
    const typedData = delegateTypedData({ chainId: Number(chain.config.chainId), delegate, totp });
    const hash = hashTypedData(typedData);
    try {
      if (getAddress(await recoverAddress({ hash, signature })) === signer) return true;
    } catch {
      // Not a plain ECDSA signature.
    }
    if (
      await isValidContractSignature(
        chain.client,
        signer,
        { hash, preimage: typedDataPreimage(typedData) },
        signature,
      )
    )
      return true;
  }
  return false;
}

/** Either the delegator or the delegate itself may remove a delegation. */
export async function signedByDelegatorOrDelegate(
  chain: ServedChain,
  delegators: readonly Address[],
  delegate: Address,
  signature: Hex,
): Promise<boolean> {
  for (const signer of new Set([...delegators, delegate])) {
    if (await signedDelegate(chain, signer, delegate, signature)) return true;
  }
  return false;
}
