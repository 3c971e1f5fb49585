import { useQuery } from '@tanstack/react-query';
import type { Address, Hash } from 'viem';
import { readAddressState, readTransaction } from './devnetClient';
import type { Devnet } from './DevnetGate';

/** How often a pending transaction is looked at again until it has a receipt. */
const PENDING_POLL_MS = 2000;

export function useAddressState(devnet: Devnet, address: Address) {
  return useQuery({
    queryKey: ['explorer', 'address', devnet.chain.chainId, address],
    queryFn: () => readAddressState(devnet.client, address),
  });
}

export function useTransactionFacts(devnet: Devnet, hash: Hash) {
  return useQuery({
    queryKey: ['explorer', 'tx', devnet.chain.chainId, hash],
    queryFn: () => readTransaction(devnet.client, hash),
    refetchInterval: (query) => (query.state.data?.outcome.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
