import type { Address } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { delegateTotp, delegateTypedData } from '@countersign/safe-core';
import { checkFailure, fromGateway, walletFailure, type SignerService, type WriteResult } from '../wallet';
import { sameAddress } from '../../lib/address';

type SafeOnChain = { gateway: GatewayClient; signer: SignerService; chainId: string; safe: Address };

/**
 * The connected account's signature over a delegate's address for this hour, as the gateway checks
 * both adding and removing one; `signer` says who must give it.
 */
async function signDelegate(
  wallet: SignerService,
  chainId: string,
  delegate: Address,
  signers: readonly string[],
) {
  const signed = await wallet.api.signTypedData(
    delegateTypedData({ chainId: Number(chainId), delegate, totp: delegateTotp() }),
    { chainId: Number(chainId) },
  );
  if (!signed.ok) return walletFailure(signed.error);
  if (!signers.some((signer) => sameAddress(signer, signed.value.address)))
    return checkFailure(
      `Your wallet signed with ${signed.value.address}, which cannot do this: switch to ${signers.join(' or ')}.`,
    );
  return { ok: true as const, value: signed.value };
}

/** Makes `delegate` a delegate of the Safe for the connected owner, who signs it. */
export async function addSafeDelegate({
  gateway,
  signer,
  chainId,
  safe,
  owner,
  delegate,
  label,
}: SafeOnChain & { owner: Address; delegate: Address; label: string }): Promise<WriteResult<void>> {
  if (sameAddress(owner, delegate)) return checkFailure('An owner cannot be its own delegate.');
  const signed = await signDelegate(signer, chainId, delegate, [owner]);
  if (!signed.ok) return signed;
  return fromGateway(gateway, (client) =>
    client.addDelegate(
      { chainId },
      { safe, delegate, delegator: owner, signature: signed.value.signature, label },
    ),
  );
}

/** Removes a delegation of the Safe: its delegator or the delegate itself signs it. */
export async function removeSafeDelegate({
  gateway,
  signer,
  chainId,
  safe,
  delegate,
  delegator,
}: SafeOnChain & { delegate: Address; delegator: Address }): Promise<WriteResult<void>> {
  const signed = await signDelegate(signer, chainId, delegate, [delegator, delegate]);
  if (!signed.ok) return signed;
  return fromGateway(gateway, (client) =>
    client.removeDelegate({ chainId, delegate }, { safe, delegator, signature: signed.value.signature }),
  );
}
