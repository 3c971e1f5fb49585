import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { ErrorAlert, Loading, QueryErrorAlert } from '../../app/ErrorAlert';
import { getGateway } from '../../lib/gateway';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import { rememberChainId, useChain, useSelectedChain } from '../chains/useChains';
import { findChainByShortName, unknownShortNameMessage } from '../chains/selectedChain';
import { parseSafeId } from './safeId';
import { formatSafeId, safeHomePath } from './safePath';
import { describeSafeLoadError } from './safeErrors';
import { SafeOverview } from './SafeOverview';
import { useSafeInfo } from './useSafeInfo';

/** /:safeId/home: checks the address, resolves the chain short name, then loads the Safe. */
export function SafeOverviewRoute() {
  const { safeId = '' } = useParams();
  const parsed = parseSafeId(safeId);
  if (!parsed.ok) {
    return (
      <section className="page">
        <title>Invalid address · Countersign</title>
        <ErrorAlert title="Invalid Safe address" message={parsed.error} />
      </section>
    );
  }
  return <ChainResolver safeId={safeId} shortName={parsed.shortName} address={parsed.address} />;
}

function ChainResolver({
  safeId,
  shortName,
  address,
}: {
  safeId: string;
  shortName: string | undefined;
  address: string;
}) {
  const { query, chains, chain: selected } = useSelectedChain();
  if (chains === undefined) {
    return query.isError ? (
      <section className="page">
        <QueryErrorAlert query={query} title="The chain list could not be loaded" />
      </section>
    ) : (
      <Loading label="Loading chains…" />
    );
  }
  if (shortName === undefined) {
    // A bare address in the URL opens on the selected chain, under its canonical URL.
    if (selected === undefined) {
      return <ErrorAlert title="No chains" message="The gateway lists no chains." />;
    }
    return <Navigate replace to={safeHomePath(selected.shortName, address)} />;
  }
  const chain = findChainByShortName(chains, shortName);
  if (chain === undefined) {
    return (
      <section className="page">
        <title>Unknown chain · Countersign</title>
        <ErrorAlert title="Unknown chain" message={unknownShortNameMessage(shortName, chains)} />
      </section>
    );
  }
  if (formatSafeId(chain.shortName, address) !== safeId) {
    // Canonical URL: the gateway's short name and the checksummed address.
    return <Navigate replace to={safeHomePath(chain.shortName, address)} />;
  }
  return <SafeLoader key={`${chain.chainId}:${address}`} chain={chain} address={address} />;
}

function SafeLoader({ chain, address }: { chain: ChainInfo; address: string }) {
  const chainQuery = useChain(chain.chainId);
  const safeQuery = useSafeInfo(chain.chainId, address);

  useEffect(() => {
    rememberChainId(chain.chainId);
  }, [chain.chainId]);

  const title = <title>{`${formatSafeId(chain.shortName, address)} · Countersign`}</title>;
  const describe = () =>
    describeSafeLoadError(safeQuery.error, {
      address,
      chainId: chain.chainId,
      chainName: chain.chainName,
      gatewayUrl: getGateway().baseUrl,
      chainError: chainQuery.error,
    });
  // The gateway answers 404 both for "no Safe" and for "no such chain": the chain's own answer tells which.
  const chainSettled = chainQuery.isError || (chainQuery.isSuccess && !chainQuery.isPlaceholderData);

  if (safeQuery.data === undefined) {
    if (safeQuery.isPending || (isGatewayStatus(safeQuery.error, 404) && !chainSettled)) {
      return (
        <>
          {title}
          <Loading label="Loading Safe…" />
        </>
      );
    }
    return (
      <section className="page">
        {title}
        <QueryErrorAlert query={safeQuery} title="The Safe could not be loaded" description={describe()} />
      </section>
    );
  }

  return (
    <section className="page">
      {title}
      {safeQuery.isError && (
        <QueryErrorAlert
          query={safeQuery}
          title="Showing saved data: the Safe could not be refreshed"
          description={describe()}
        />
      )}
      <SafeOverview safe={safeQuery.data} chain={chainQuery.data ?? chain} />
    </section>
  );
}
