import { useQuery } from '@tanstack/react-query';
import { getGateway } from '../../lib/gateway';

export const safeInfoQueryKey = (chainId: string, address: string) =>
  ['safe-info', chainId, address] as const;

/** The Safe's settings and state from GET /v1/chains/{chainId}/safes/{address}. */
export function useSafeInfo(chainId: string, address: string) {
  return useQuery({
    queryKey: safeInfoQueryKey(chainId, address),
    queryFn: ({ signal }) => getGateway().getSafeInfo(chainId, address, signal),
  });
}
