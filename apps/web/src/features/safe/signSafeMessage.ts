import { adjustTypedDataSignatureV, safeMessageTypedData } from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import { ok } from '../../lib/result';
import { checkFailure, walletFailure, type SignerService, type WriteResult } from '../wallet';

const isOwner = (owners: readonly string[], address: string) =>
  owners.some((owner) => owner.toLowerCase() === address.toLowerCase());

/**
 * The connected owner signs the message for the Safe: EIP-712 `SafeMessage(bytes message)` over the
 * Safe's domain, wrapping the message hash, with the wallet on the Safe's chain. An account that is
 * not an owner signs nothing the gateway would accept, so its signature goes no further.
 */
export async function signSafeMessage({
  signer,
  chainId,
  safe,
  owners,
  contentHash,
}: {
  signer: SignerService;
  chainId: string;
  safe: Address;
  owners: readonly string[];
  /** What SafeMessage wraps: a content hash, or raw bytes (a parent Safe's message for its child). */
  contentHash: Hex;
}): Promise<WriteResult<{ signature: Hex; signer: Address }>> {
  const typedData = safeMessageTypedData({ chainId: Number(chainId), safe, message: contentHash });
  const signed = await signer.api.signTypedData(typedData, { chainId: Number(chainId) });
  if (!signed.ok) return walletFailure(signed.error);
  const { address, signature } = signed.value;
  if (!isOwner(owners, address)) {
    return checkFailure(
      `The wallet signed as ${address}, which is not an owner of this Safe. Switch to an owner’s account and sign again.`,
    );
  }
  try {
    return ok({ signature: adjustTypedDataSignatureV(signature), signer: address });
  } catch (error) {
    return walletFailure({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
