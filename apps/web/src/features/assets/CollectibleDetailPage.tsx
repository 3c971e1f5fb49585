import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { Collectible } from '@countersign/gateway-api';
import {
  Address,
  ArrowUpRightIcon,
  ButtonLink,
  ChevronRightIcon,
  CopyButton,
  Detail,
  DetailList,
  EmptyState,
  ErrorAlert,
  Page,
  QueryView,
  Section,
  Skeleton,
  useDescribeQueryError,
} from '../../ui';
import { chainExplorer } from '../chains';
import { useSafe } from '../safe';
import { AssetsTabs } from './AssetsTabs';
import { collectibleTitle, collectionLabel, findCollectible, listState } from './collectibles';
import { metadataTree, nftTraits } from './metadata';
import { MetadataTree } from './MetadataTree';
import { NftImage } from './NftImage';
import { useCollectiblesQuery } from './queries';
import styles from './CollectibleDetailPage.module.css';

/**
 * /:safeId/assets/collectibles/:contract/:tokenId: one NFT with everything the gateway knows of it.
 * It is looked for in the collectibles list (already in the cache when coming from the grid); a link
 * opened directly pages through the list until the NFT is found or the list ends.
 */
export function CollectibleDetailPage() {
  const describeQueryError = useDescribeQueryError();
  const { chain, address, paths } = useSafe();
  const { contract = '', tokenId = '' } = useParams();
  const query = useCollectiblesQuery(chain.chainId, address);
  const item = findCollectible(query.data, contract, tokenId);
  const searching = item === undefined && query.hasNextPage && !query.isFetchNextPageError;
  const { isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (searching && !isFetchingNextPage) void fetchNextPage();
  }, [searching, isFetchingNextPage, fetchNextPage]);

  const back = (
    <Link to={paths.collectibles} className={styles.back} data-testid="collectible-back">
      <ChevronRightIcon className={styles.backIcon} /> All collectibles
    </Link>
  );

  return (
    <Page
      title={item ? collectibleTitle(item) : 'Collectible'}
      heading={item ? <bdi data-testid="collectible-title">{collectibleTitle(item)}</bdi> : 'Collectible'}
      description={item ? <bdi>{collectionLabel(item)}</bdi> : undefined}
      actions={back}
      testId="collectible-page"
    >
      <AssetsTabs />
      <QueryView
        query={searching ? { ...query, data: undefined, isError: false } : listState(query)}
        loadingLabel="Loading the collectible"
        skeleton={<DetailSkeleton />}
        errorTitle="Collectibles could not be loaded"
      >
        {() =>
          item === undefined && query.isFetchNextPageError ? (
            // The NFT may be on the page that failed: say so rather than that the Safe lacks it.
            <ErrorAlert
              title="Collectibles could not be loaded"
              message={describeQueryError(query.error).message}
              retrying={isFetchingNextPage}
              onRetry={() => void fetchNextPage()}
            />
          ) : item === undefined ? (
            <EmptyState title="This Safe does not hold this collectible">
              Token <code>#{tokenId}</code> of <code>{contract}</code> is not among the Safe’s collectibles.
              It may have been sent away.
            </EmptyState>
          ) : (
            <CollectibleDetail
              item={item}
              explorerUrl={chainExplorer(chain).address(item.address)}
              sendPath={paths.newTransactionOf('nft', { contract: item.address, id: item.id })}
            />
          )
        }
      </QueryView>
    </Page>
  );
}

function CollectibleDetail({
  item,
  explorerUrl,
  sendPath,
}: {
  item: Collectible;
  explorerUrl: string | null;
  /** The Send NFT form, with this NFT chosen. */
  sendPath: string;
}) {
  const traits = nftTraits(item.metadata);
  const title = collectibleTitle(item);
  return (
    <div className={styles.layout}>
      <div className={styles.media}>
        <NftImage uris={[item.imageUri, item.logoUri]} alt={`Image of ${title.slice(0, 80)}`} eager />
      </div>
      <div className={styles.info}>
        <ButtonLink
          to={sendPath}
          size="sm"
          icon={<ArrowUpRightIcon />}
          className={styles.send}
          data-testid="collectible-send"
        >
          Send
        </ButtonLink>
        {item.description !== null && item.description.trim() !== '' && (
          <p className={styles.description} data-testid="collectible-description">
            {item.description}
          </p>
        )}
        <DetailList testId="collectible-details">
          <Detail label="Collection">
            <bdi data-testid="collectible-collection">{collectionLabel(item)}</bdi>
          </Detail>
          <Detail label="Contract" testId="collectible-contract">
            <Address address={item.address} name={item.tokenName || null} copy explorerUrl={explorerUrl} />
          </Detail>
          <Detail label="Token ID">
            <code className={styles.wrap} data-testid="collectible-token-id">
              {item.id}
            </code>
            <CopyButton value={item.id} label="Copy token ID" />
          </Detail>
          <Detail label="Token URI">
            {item.uri === null || item.uri === '' ? (
              <span className={styles.muted}>None</span>
            ) : (
              <>
                {/* Scrolls when long, so it takes keyboard focus. */}
                <code className={styles.uri} tabIndex={0} data-testid="collectible-uri">
                  {item.uri}
                </code>
                <CopyButton value={item.uri} label="Copy token URI" />
              </>
            )}
          </Detail>
        </DetailList>
      </div>

      {traits.length > 0 && (
        <Section title="Traits" id="traits">
          <ul className={styles.traits} data-testid="collectible-traits">
            {traits.map((trait, index) => (
              <li key={index} className={styles.trait}>
                <bdi className={styles.traitType}>{trait.type}</bdi>
                <bdi className={styles.traitValue}>{trait.value}</bdi>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title="Metadata" id="metadata">
        {item.metadata === null ? (
          <p className={styles.muted} data-testid="collectible-metadata">
            The gateway has no metadata for this token.
          </p>
        ) : (
          <div className={styles.metadata} tabIndex={0} role="group" aria-label="Metadata fields">
            <MetadataTree node={metadataTree(item.metadata)} testId="collectible-metadata" />
          </div>
        )}
      </Section>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className={styles.layout}>
      <div className={styles.media}>
        <Skeleton height="auto" className={styles.skeletonImage} radius="var(--radius-lg)" />
      </div>
      <div className={styles.info}>
        <Skeleton width="80%" />
        <Skeleton height="12rem" radius="var(--radius-lg)" />
      </div>
    </div>
  );
}
