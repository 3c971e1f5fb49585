import { queryOptions } from '@tanstack/react-query';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import type { SafeTx } from '@countersign/safe-core';
import { chainClient } from '../../../lib/chainReader';
import { safeKey } from '../../safe';
import { contractTransactionHash, simulateSafeTx, simulateStateChangesOnChain } from '../chainReads';

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

/** Calls as query key parts: bigints are not JSON. */
export const callKey = (call: Call) => [call.to, call.value.toString(), call.data, call.operation];

/** The call simulated on the chain's RPC, as the Safe would run it. */
export const simulationQueryOptions = (chain: ChainInfo, address: Address, call: Call) =>
  queryOptions({
    queryKey: safeKey(chain.chainId, address, 'review', 'simulation', ...callKey(call)),
    queryFn: () => simulateSafeTx(chainClient(chain), { safe: address, tx: call }),
    retry: false,
    staleTime: 15_000,
  });

/**
 * What the transaction changes, executed as its executor would on the chain's node (or, where the
 * node cannot, by an EVM in the browser over the chain's RPC), signed by the Safe's owners now
 * (their approved hashes stand in for signatures). The key holds the call, the nonce and the
 * safeTxHash (which covers every field), and the owners who stand in.
 */
export const stateChangesQueryOptions = (
  chain: ChainInfo,
  address: Address,
  params: { tx: SafeTx; safeTxHash: Hex; owners: readonly string[]; threshold: number },
) => {
  const owners = params.owners
    .filter((owner) => isAddress(owner, { strict: false }))
    .map((owner) => getAddress(owner));
  return queryOptions({
    queryKey: safeKey(chain.chainId, address, 'review', 'state-changes', ...callKey(params.tx), [
      params.tx.nonce.toString(),
      params.safeTxHash,
      params.threshold,
      ...owners,
    ]),
    queryFn: () =>
      simulateStateChangesOnChain(chainClient(chain, 'long'), { safe: address, ...params, owners }),
    retry: false,
    staleTime: 15_000,
  });
};

/** The Safe contract's own hash of the SafeTx, to check the one computed here against. */
export const contractHashQueryOptions = (chain: ChainInfo, address: Address, tx: SafeTx) =>
  queryOptions({
    queryKey: safeKey(chain.chainId, address, 'review', 'contract-hash', ...callKey(tx), [
      tx.safeTxGas.toString(),
      tx.baseGas.toString(),
      tx.gasPrice.toString(),
      tx.gasToken,
      tx.refundReceiver,
      tx.nonce.toString(),
    ]),
    queryFn: () => contractTransactionHash(chainClient(chain), address, tx),
    retry: false,
    staleTime: Infinity,
  });
