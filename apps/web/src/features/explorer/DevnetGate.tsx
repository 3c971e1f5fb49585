import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicClient } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { useRuntimeConfig } from '../../lib/ServicesProvider';
import { ErrorAlert, Loading, QueryErrorAlert } from '../../ui';
import { useChains } from '../chains';
import { createDevnetClient } from './devnetClient';
import { devnetOnlyMessage, findDevnetChain } from './devnetChain';

export type Devnet = { chain: ChainInfo; rpcUrl: string; client: PublicClient };

type DevnetGateProps = { children: (devnet: Devnet) => ReactNode };

/**
 * Renders its children with the devnet chain the path names (/explorer/1338/…; the main devnet
 * without one), or says why there is none to read from.
 */
export function DevnetGate({ children }: DevnetGateProps) {
  const devnetChainIds = useRuntimeConfig().devnet?.chainIds;
  const { chainId } = useParams();
  if (devnetChainIds === undefined) {
    return (
      <ErrorAlert title="No devnet here" message={devnetOnlyMessage}>
        <Link to="/">Open a Safe instead</Link>
      </ErrorAlert>
    );
  }
  const devnetChainId = chainId ?? devnetChainIds[0];
  if (devnetChainId === undefined || !devnetChainIds.includes(devnetChainId)) {
    return (
      <ErrorAlert
        title="Not a devnet chain"
        message={`This explorer serves the devnet chains ${devnetChainIds.join(' and ')}, not “${chainId}”.`}
      >
        <Link to="/">Open a Safe instead</Link>
      </ErrorAlert>
    );
  }
  return <DevnetChainResolver devnetChainId={devnetChainId}>{children}</DevnetChainResolver>;
}

function DevnetChainResolver({ devnetChainId, children }: DevnetGateProps & { devnetChainId: string }) {
  const chainsQuery = useChains();
  if (chainsQuery.data === undefined) {
    return chainsQuery.isError ? (
      <QueryErrorAlert query={chainsQuery} title="The chain list could not be loaded" />
    ) : (
      <Loading label="Loading chains…" />
    );
  }
  const lookup = findDevnetChain(chainsQuery.data, devnetChainId);
  if (!lookup.ok) return <ErrorAlert title="The devnet cannot be read" message={lookup.error} />;
  return (
    <WithDevnetClient chain={lookup.value.chain} rpcUrl={lookup.value.rpcUrl}>
      {children}
    </WithDevnetClient>
  );
}

function WithDevnetClient({
  chain,
  rpcUrl,
  children,
}: DevnetGateProps & { chain: ChainInfo; rpcUrl: string }) {
  const client = useMemo(() => createDevnetClient(rpcUrl), [rpcUrl]);
  return children({ chain, rpcUrl, client });
}
