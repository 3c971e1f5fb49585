import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SafeTx } from '@countersign/safe-core';
import type { GatewayClient } from '@countersign/gateway-api';
import { useGateway } from '../../../lib/ServicesProvider';
import { safeKey } from '../../safe';
import { callKey } from '../verify';

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
