import { getAddress, isHash, type Address, type Client } from 'viem';
import { getTransactionReceipt } from 'viem/actions';
import { GatewayError, type GatewayClient } from '@countersign/gateway-api';
import { proxyFactoryOfLogs } from '@countersign/safe-core';
import type { FactoryCheck } from './health';

/**
 * Which factory created the Safe, verified rather than trusted: the gateway only names the creation
 * transaction (and a factory, a claim); the factory is the contract that emitted the ProxyCreation
 * event for this Safe in that transaction's receipt, as the chain's RPC returns it. Never throws: what
 * could not be read comes back as `unchecked`, in words.
 */
export async function checkSafeFactory(
  { gateway, client }: { gateway: GatewayClient; client: Client },
  { chainId, safe }: { chainId: string; safe: Address },
): Promise<FactoryCheck> {
  let claim;
  try {
    claim = await gateway.getSafeCreation({ chainId, safeAddress: safe });
  } catch (error) {
    return {
      status: 'unchecked',
      reason:
        error instanceof GatewayError && error.status === 404
          ? 'The gateway does not know the transaction that created this Safe.'
          : 'The gateway did not say which transaction created this Safe.',
    };
  }
  const hash = claim.transactionHash;
  if (!isHash(hash))
    return { status: 'unchecked', reason: 'The gateway gave no valid creation transaction for this Safe.' };
  let logs;
  try {
    ({ logs } = await getTransactionReceipt(client, { hash }));
  } catch {
    return {
      status: 'unchecked',
      reason: `The chain did not return the creation transaction the gateway names (${hash}).`,
    };
  }
  const factory = proxyFactoryOfLogs(logs, safe);
  if (factory === undefined)
    return {
      status: 'unchecked',
      reason: `The transaction the gateway names as this Safe’s creation (${hash}) created no Safe at this address.`,
    };
  return {
    status: 'checked',
    factory,
    gatewayFactory: getAddress(claim.factoryAddress),
    transactionHash: hash,
  };
}
