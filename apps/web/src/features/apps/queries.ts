import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GatewayClient } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { persisted } from '../../lib/persistence';

/**
 * The chain's Safe Apps catalogue: chain data, not Safe data, so it sits under the chain's key and
 * every Safe of the chain shares one answer. It changes rarely; it is kept for several minutes and
 * in the saved cache.
 */
export const SAFE_APPS_STALE_MS = 10 * 60 * 1000;

export const safeAppsKey = (chainId: string) => ['chain', chainId, 'safe-apps'] as const;

export const safeAppsQueryOptions = (gateway: GatewayClient, chainId: string) =>
  queryOptions({
    queryKey: safeAppsKey(chainId),
    // The gateway may tailor the list to the client asking (its own origin).
    queryFn: ({ signal }) => gateway.getSafeApps({ chainId, clientUrl: window.location.origin }, { signal }),
    staleTime: SAFE_APPS_STALE_MS,
    meta: persisted,
  });

export function useSafeAppsQuery(chainId: string, { enabled = true } = {}) {
  return useQuery({ ...safeAppsQueryOptions(useGateway(), chainId), enabled });
}
