import { privateKeyToAccount } from 'viem/accounts';
import { createGatewayClient, proposalBody } from '@countersign/gateway-api';
import { hashSafeTx, safeTxTypedData, type SafeTx } from '@countersign/safe-core';
import { devAccount, teamSafe } from './owners';
import type { E2eStack } from './stack';

/**
 * Queues a transaction of the demo team Safe as a co-signer would: owner A signs it at the nonce the
 * gateway recommends and proposes it over HTTP, so a test starts where a second owner opens it.
 */
export async function proposeAsOwnerA(stack: E2eStack, build: (nonce: bigint) => SafeTx) {
  const safe = teamSafe(stack);
  const client = createGatewayClient({ baseUrl: stack.gatewayUrl });
  const chainId = String(stack.chainId);
  const { recommendedNonce } = await client.getNonces({ chainId, safeAddress: safe });
  const tx = build(BigInt(recommendedNonce));
  const owner = privateKeyToAccount(devAccount(stack, 'owner A').privateKey);
  const signature = await owner.signTypedData(safeTxTypedData({ chainId: stack.chainId, safe, tx }));
  const safeTxHash = hashSafeTx({ chainId: stack.chainId, safe, tx });
  const details = await client.proposeTransaction({
    chainId,
    safeAddress: safe,
    body: proposalBody(tx, { safeTxHash, sender: owner.address, signature, origin: null }),
  });
  return { txId: details.txId, safeTxHash, nonce: Number(tx.nonce) };
}
