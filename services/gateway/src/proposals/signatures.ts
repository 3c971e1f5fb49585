import {
  deleteRequestTypedData,
  delegateTotp,
  recoverSafeSignatures,
  SafeSignatureError,
  safeTxTypedData,
  typedDataPreimage,
  type SafeTx,
} from '@countersign/safe-core';
import { getAddress, hashTypedData, recoverAddress, size, type Address, type Hex } from 'viem';
import type { ServedChain } from '../chains/registry';
import { unprocessable } from '../http/errors';
import { verifySafeSignatures } from '../safes/verifySignatures';
import type { StoredSignature } from './store';

/** What was signed: a SafeTx of a Safe, and its hash. */
export type SignedSafeTx = {
  safe: Address;
  /** The Safe's version, which decides how contract owners are asked (see contractSignatureForm). */
  version: string | null;
  tx: SafeTx;
  safeTxHash: Hex;
  owners: readonly Address[];
};

/** The owners' signatures in `signatures` over the SafeTx, each checked (EIP-712, eth_sign, EIP-1271, approved hash). */
export async function ownersSignatures(
  chain: ServedChain,
  target: SignedSafeTx,
  signatures: Hex,
): Promise<StoredSignature[]> {
  try {
    return await verifySafeSignatures(chain.client, {
      safe: target.safe,
      version: target.version,
      hash: target.safeTxHash,
      preimage: typedDataPreimage(
        safeTxTypedData({ chainId: Number(chain.config.chainId), safe: target.safe, tx: target.tx }),
      ),
      signatures,
      owners: target.owners,
    });
  } catch (error) {
    if (error instanceof SafeSignatureError) throw unprocessable('Invalid signature');
    throw error;
  }
}

/**
 * Whether `signature` is `sender`'s own ECDSA signature over the SafeTx: EIP-712 (recovered from the
 * safeTxHash itself) or eth_sign in the Safe's form (v + 4). Only one 65-byte signature: a delegate
 * speaks for itself and signs for no owner.
 */
async function signedBySender(safeTxHash: Hex, signature: Hex, sender: Address): Promise<boolean> {
  if (size(signature) !== 65) return false;
  try {
    const [parsed] = await recoverSafeSignatures(safeTxHash, signature, 1);
    return (parsed?.type === 'EOA' || parsed?.type === 'ETH_SIGN') && parsed.owner === sender;
  } catch {
    return false;
  }
}

/**
 * The confirmations a proposal brings, checked against its sender: an owner's signature must be among
 * them (it is a confirmation), a delegate's only vouches for the proposal and confirms nothing.
 */
export async function proposalSignatures(
  chain: ServedChain,
  target: SignedSafeTx,
  sender: { address: Address; role: 'owner' | 'delegate' },
  signature: Hex | undefined,
): Promise<StoredSignature[]> {
  if (!signature) throw unprocessable("A proposal needs its sender's signature");
  if (sender.role === 'delegate') {
    if (!(await signedBySender(target.safeTxHash, signature, sender.address)))
      throw unprocessable('Invalid signature');
    return [];
  }
  const signatures = await ownersSignatures(chain, target, signature);
  if (!signatures.some((s) => s.owner === sender.address)) throw unprocessable('Unauthorized address');
  return signatures;
}

/** Only who proposed a transaction may take it back, signing the delete request for this hour or the last. */
export async function checkDeletedByProposer(
  chainId: string,
  record: { safe: Address; safeTxHash: Hex; proposer: Address | null },
  signature: Hex,
): Promise<void> {
  const now = delegateTotp();
  for (const totp of [now, now - 1n]) {
    const typedData = deleteRequestTypedData({
      chainId: Number(chainId),
      safe: record.safe,
      safeTxHash: record.safeTxHash,
      totp,
    });
    try {
      const recovered = getAddress(await recoverAddress({ hash: hashTypedData(typedData), signature }));
      if (recovered === record.proposer) return;
    } catch {
      // Not a valid ECDSA signature for this hour.
    }
  }
  throw unprocessable('Invalid signature');
}
