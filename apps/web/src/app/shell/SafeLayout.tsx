import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ChainInfo } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { isGatewayDown, isGatewayStatus } from '../../lib/gatewayErrors';
import { useGateway } from '../../lib/ServicesProvider';
import {
  ButtonLink,
  ErrorAlert,
  Loading,
  Page,
  QueryErrorAlert,
  SavedDataNotice,
  TitleSuffix,
  useDescribeQueryError,
} from '../../ui';
import { AddressBookNames, useAddressBook } from '../../features/address-book';
import { TokenNames } from '../../features/assets';
import {
  findChainByShortName,
  rememberChainId,
  unknownShortNameMessage,
  useChain,
  useSelectedChain,
} from '../../features/chains';
import type { SafeNavItem } from '../../features/safe';
import {
  chainSafeStateQueryOptions,
  formatSafeId,
  safeHomePath,
  safePaths,
  useSafeInfoQuery,
  withChainTruth,
  safeInfoFromChain,
  useTagInvalidation,
  SafeContext,
  type SafeContextValue,
  parseSafeId,
} from '../../features/safe';
import { ChainTrustNotices } from '../../features/chain-trust';
import { WalletConnectRequests } from '../../features/walletconnect';
import { describeSafeLoadError } from './safeErrors';
import { SafeFrame } from './SafeFrame';
import { PlainPage } from './Layout';
import { WithoutGatewayNotice } from './WithoutGatewayNotice';

/**
 * /:safeId/*: checks the address, resolves the chain short name, loads SafeInfo once (then polls it),
 * and renders the Safe's pages inside the Safe frame. Pages read the Safe with useSafe().
 */
export function SafeLayout({ navigation }: { navigation: SafeNavItem[] }) {
  const { safeId = '' } = useParams();
  const parsed = parseSafeId(safeId);
  if (!parsed.ok) {
    return (
      <PlainPage>
        <Page title="Invalid address" heading="Invalid Safe address">
          <ErrorAlert message={parsed.error}>
            <OpenAnotherSafe />
          </ErrorAlert>
        </Page>
      </PlainPage>
    );
  }
  return (
    <ChainResolver
      safeId={safeId}
      shortName={parsed.shortName}
      address={parsed.address}
      navigation={navigation}
    />
  );
}

/** The current URL with its first segment (the Safe id) replaced: keeps the view and its query. */
function useCanonicalPath(safeId: string) {
  const location = useLocation();
  const rest = location.pathname.split('/').slice(2).join('/');
  return `/${safeId}/${rest || 'home'}${location.search}${location.hash}`;
}

function ChainResolver({
  safeId,
  shortName,
  address,
  navigation,
}: {
  safeId: string;
  shortName: string | undefined;
  address: Address;
  navigation: SafeNavItem[];
}) {
  const { query, chains, chain: selected } = useSelectedChain();
  const resolved = shortName === undefined ? selected : chains && findChainByShortName(chains, shortName);
  const canonical = useCanonicalPath(resolved ? formatSafeId(resolved.shortName, address) : safeId);

  if (chains === undefined) {
    return query.isError ? (
      <PlainPage>
        <Page title="Chains unavailable">
          <QueryErrorAlert query={query} title="The chain list could not be loaded" />
        </Page>
      </PlainPage>
    ) : (
      <Loading label="Loading chains…" />
    );
  }
  if (resolved === undefined) {
    if (shortName === undefined)
      return (
        <PlainPage>
          <ErrorAlert title="No chains" message="The gateway lists no chains." />
        </PlainPage>
      );
    return (
      <PlainPage>
        <Page title="Unknown chain">
          <ErrorAlert message={unknownShortNameMessage(shortName, chains)}>
            {chains.slice(0, 6).map((chain) => (
              <ButtonLink
                key={chain.chainId}
                to={safeHomePath(chain.shortName, address)}
                size="sm"
                data-testid="open-on-chain"
              >
                Open on {chain.chainName}
              </ButtonLink>
            ))}
            <OpenAnotherSafe />
          </ErrorAlert>
        </Page>
      </PlainPage>
    );
  }
  // Canonical URL: the gateway's short name and the checksummed address (a bare address opens on
  // the selected chain).
  if (formatSafeId(resolved.shortName, address) !== safeId) return <Navigate replace to={canonical} />;
  return (
    <SafeLoader
      key={`${resolved.chainId}:${address}`}
      chain={resolved}
      address={address}
      navigation={navigation}
    />
  );
}

function SafeLoader({
  chain,
  address,
  navigation,
}: {
  chain: ChainInfo;
  address: Address;
  navigation: SafeNavItem[];
}) {
  const describeQueryError = useDescribeQueryError();
  const gateway = useGateway();
  const chainQuery = useChain(chain.chainId);
  const query = useSafeInfoQuery(chain.chainId, address);
  const names = useAddressBook(chain.chainId);
  useTagInvalidation(chain.chainId, address, query.data);

  useEffect(() => {
    rememberChainId(chain.chainId);
  }, [chain.chainId]);

  const safeId = formatSafeId(chain.shortName, address);
  const freshChain = chainQuery.data ?? chain;
  const { data: servedSafe, isError, error, refetch } = query;
  // No SafeInfo and no gateway to ask: the page goes on from the Safe contract alone. Asked again,
  // the query reads "pending", not "error": what the last try found stands until it answers.
  const downNow = isError ? isGatewayDown(error) : servedSafe !== undefined ? false : undefined;
  const [down, setDown] = useState(false);
  if (downNow !== undefined && downNow !== down) setDown(downNow);
  const withoutGateway = servedSafe === undefined && (downNow ?? down);
  // The Safe contract's own answer: what the pages show where the gateway's differs (withChainTruth).
  const chainStateQuery = useQuery({
    ...chainSafeStateQueryOptions(freshChain, address),
    enabled: servedSafe !== undefined || withoutGateway,
  });
  const chainState = chainStateQuery.data;
  const gatewaySafe = useMemo(
    () =>
      servedSafe ??
      (withoutGateway && chainState ? safeInfoFromChain(chain.chainId, address, chainState) : undefined),
    [servedSafe, withoutGateway, chainState, chain.chainId, address],
  );
  const data = useMemo(
    () => (gatewaySafe && chainState ? withChainTruth(gatewaySafe, chainState) : gatewaySafe),
    [gatewaySafe, chainState],
  );
  // Polls that bring nothing new keep the same data (structural sharing) and so the same value.
  const value = useMemo<SafeContextValue | undefined>(
    () =>
      data && {
        chain: freshChain,
        address,
        safeId,
        safe: data,
        gatewaySafe: gatewaySafe ?? data,
        query: { isError, error, refetch: () => void refetch() },
        paths: safePaths(freshChain.shortName, address),
        withoutGateway: servedSafe === undefined,
      },
    [data, gatewaySafe, servedSafe, isError, error, refetch, freshChain, address, safeId],
  );
  const describe = () =>
    describeSafeLoadError(query.error, {
      address,
      chainId: chain.chainId,
      chainName: chain.chainName,
      gatewayUrl: gateway.baseUrl,
      chainError: chainQuery.error,
    });
  // The gateway answers 404 both for "no Safe" and for "no such chain": the chain's own answer tells which.
  const chainSettled = chainQuery.isError || (chainQuery.isSuccess && !chainQuery.isPlaceholderData);
  const title = names[address] ?? safeId;

  if (value === undefined) {
    const readingChain = withoutGateway && chainStateQuery.isPending;
    if (
      (query.isPending && !withoutGateway) ||
      readingChain ||
      (isGatewayStatus(query.error, 404) && !chainSettled)
    ) {
      return (
        <TitleSuffix value={title}>
          <AddressBookNames chainId={chain.chainId}>
            <SafeFrame navigation={navigation} pending={{ chain, address, safeId }} />
          </AddressBookNames>
        </TitleSuffix>
      );
    }
    const description = describe();
    return (
      <PlainPage>
        <Page title={`${safeId}`} heading="The Safe could not be loaded">
          <QueryErrorAlert query={query} description={description} retry={description.retryable}>
            <OpenAnotherSafe />
          </QueryErrorAlert>
        </Page>
      </PlainPage>
    );
  }

  return (
    <TitleSuffix value={title}>
      <AddressBookNames chainId={chain.chainId}>
        <TokenNames chainId={chain.chainId} address={address}>
          <SafeContext.Provider value={value}>
            <WalletConnectRequests />
            <SafeFrame
              navigation={navigation}
              notice={
                <>
                  {value.withoutGateway ? (
                    <WithoutGatewayNotice
                      gatewayUrl={gateway.baseUrl}
                      retrying={query.isFetching}
                      onRetry={() => void query.refetch()}
                    />
                  ) : (
                    query.isError && (
                      <SavedDataNotice
                        updatedAt={query.dataUpdatedAt}
                        reason={
                          isGatewayStatus(query.error, 404)
                            ? describe().message
                            : describeQueryError(query.error).message
                        }
                        retrying={query.isFetching}
                        onRetry={() => void query.refetch()}
                      />
                    )
                  )}
                  <ChainTrustNotices />
                </>
              }
            />
          </SafeContext.Provider>
        </TokenNames>
      </AddressBookNames>
    </TitleSuffix>
  );
}

/** The way on from a Safe that cannot be shown: the start page, to open or create another. */
function OpenAnotherSafe() {
  return (
    <ButtonLink to="/" size="sm" variant="secondary" data-testid="open-another-safe">
      Open another Safe
    </ButtonLink>
  );
}
