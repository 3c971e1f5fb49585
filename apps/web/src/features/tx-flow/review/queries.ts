import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafeTx } from '@countersign/safe-core';
import type { GatewayClient } from '@countersign/gateway-api';
import { useGateway } from '../../../lib/ServicesProvider';
import { safeKey, useSafe } from '../../safe';
import type { TxAction } from '../draft';
import { callOfDraft } from '../safeTxOfDraft';
import { callKey, simulationQueryOptions } from '../verify';

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

/** The Safe's nonce and the next one to propose at (`/nonces`). */
export const noncesQueryOptions = (gateway: GatewayClient, chainId: string, address: string) =>
  queryOptions({
    queryKey: safeKey(chainId, address, 'nonces'),
    queryFn: ({ signal }) => gateway.getNonces({ chainId, safeAddress: address }, { signal }),
  });

/** safeTxGas for the call, from the gateway's estimations endpoint. */
export const estimationQueryOptions = (
  gateway: GatewayClient,
  chainId: string,
  address: string,
  call: Call,
) =>
  queryOptions({
    queryKey: safeKey(chainId, address, 'review', 'estimation', ...callKey(call)),
    queryFn: ({ signal }) =>
      gateway.estimateSafeTxGas(
        {
          chainId,
          safeAddress: address,
          body: {
            to: call.to,
            value: call.value.toString(),
            data: call.data === '0x' ? null : call.data,
            operation: call.operation,
          },
        },
        { signal },
      ),
    retry: false,
    staleTime: 15_000,
  });

export const useNonces = (chainId: string, address: string) =>
  useQuery(noncesQueryOptions(useGateway(), chainId, address));

/**
 * Asks, ahead of the review, for what its first screen waits on and what depends only on the call:
 * the gateway's safeTxGas (the hash and its check on the contract wait for it) and the simulation.
 * Called when Continue is about to be pressed (the pointer reaches it, or it takes the focus), so an
 * owner's review opens with both answered; the review reads them from the cache (15 s), or asks
 * again itself when they are older or failed.
 */
export function useReviewPrefetch(): (actions: TxAction[]) => void {
  const { chain, address } = useSafe();
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useCallback(
    (actions) => {
      const call = callOfDraft({ actions });
      void queryClient.prefetchQuery(estimationQueryOptions(gateway, chain.chainId, address, call));
      void queryClient.prefetchQuery(simulationQueryOptions(chain, address, call));
    },
    [queryClient, gateway, chain, address],
  );
}
