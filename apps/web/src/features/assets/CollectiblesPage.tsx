import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Collectible } from '@countersign/gateway-api';
import { Button, EmptyState, ErrorAlert, Page, QueryView, Skeleton, useDescribeQueryError } from '../../ui';
import { useSafe } from '../safe';
import { AssetsTabs } from './AssetsTabs';
import {
  collectibleTitle,
  collectionLabel,
  collectiblePath,
  listState,
  loadedCollectibles,
} from './collectibles';
import { NftImage } from './NftImage';
import { useCollectiblesQuery } from './queries';
import styles from './CollectiblesPage.module.css';

/** /:safeId/assets/collectibles: the Safe's NFTs, page by page as the end of the grid comes into view. */
export function CollectiblesPage() {
  const { chain, address, paths } = useSafe();
  const query = useCollectiblesQuery(chain.chainId, address);
  return (
    <Page title="Collectibles" heading="Assets" testId="collectibles-page">
      <AssetsTabs />
      <QueryView
        query={listState(query)}
        loadingLabel="Loading collectibles"
        skeleton={<CollectiblesSkeleton />}
        errorTitle="Collectibles could not be loaded"
        isEmpty={(data) => data.pages.every((page) => page.results.length === 0)}
        empty={
          <EmptyState title="No collectibles yet" icon={<PictureIcon />}>
            NFTs (ERC721 tokens) sent to this Safe’s address appear here. Use Receive to show its address.
          </EmptyState>
        }
      >
        {(data) => {
          const items = loadedCollectibles(data);
          const total = data.pages[0]?.count;
          return (
            <>
              <p className={styles.count} data-testid="collectibles-count">
                {typeof total === 'number' && total > items.length
                  ? `Showing ${items.length} of ${total} collectibles`
                  : `${items.length} ${items.length === 1 ? 'collectible' : 'collectibles'}`}
              </p>
              <ul className={styles.grid} data-testid="collectibles-grid">
                {items.map((item) => (
                  <li key={`${item.address}:${item.id}`}>
                    <CollectibleCard
                      item={item}
                      to={collectiblePath(paths.collectibles, item.address, item.id)}
                    />
                  </li>
                ))}
              </ul>
              <MorePages
                hasNextPage={query.hasNextPage}
                isFetchingNextPage={query.isFetchingNextPage}
                error={query.isFetchNextPageError ? query.error : undefined}
                fetchNextPage={() => void query.fetchNextPage()}
              />
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}

function CollectibleCard({ item, to }: { item: Collectible; to: string }) {
  return (
    <Link to={to} className={styles.card} data-testid="collectible-card" data-token-id={item.id}>
      <NftImage uris={[item.imageUri, item.logoUri]} />
      <span className={styles.body}>
        <bdi className={styles.name} data-testid="collectible-name">
          {collectibleTitle(item)}
        </bdi>
        <bdi className={styles.collection} data-testid="collectible-collection">
          {collectionLabel(item)}
        </bdi>
        <span className={styles.tokenId}>
          Token ID <code data-testid="collectible-token-id">{item.id}</code>
        </span>
      </span>
    </Link>
  );
}

/**
 * "Load more", pressed by itself when it comes into view; a button still, for keyboards and for
 * browsers without IntersectionObserver. A failed page is said, with Retry.
 */
function MorePages({
  hasNextPage,
  isFetchingNextPage,
  error,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  error: unknown;
  fetchNextPage: () => void;
}) {
  const describeQueryError = useDescribeQueryError();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(fetchNextPage);
  useLayoutEffect(() => {
    latest.current = fetchNextPage;
  });
  const canLoad = hasNextPage && !isFetchingNextPage && error === undefined;

  useEffect(() => {
    const element = sentinel.current;
    if (!canLoad || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad]);

  return (
    <div ref={sentinel} className={styles.more}>
      {error !== undefined ? (
        <ErrorAlert
          title="More collectibles could not be loaded"
          message={describeQueryError(error).message}
          onRetry={fetchNextPage}
        />
      ) : hasNextPage ? (
        <Button onClick={fetchNextPage} disabled={isFetchingNextPage} data-testid="load-more">
          {isFetchingNextPage ? 'Loading more…' : 'Load more'}
        </Button>
      ) : null}
      <span role="status" className="visually-hidden">
        {isFetchingNextPage ? 'Loading more collectibles' : ''}
      </span>
    </div>
  );
}

function CollectiblesSkeleton() {
  return (
    <div className={styles.skeleton}>
      <Skeleton width="8rem" height="1.25rem" />
      <div className={styles.grid}>
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className={styles.skeletonCard}>
            <Skeleton height="auto" className={styles.skeletonImage} radius="0" />
            <span className={styles.body}>
              <Skeleton width="70%" />
              <Skeleton width="50%" height="0.875rem" />
              <Skeleton width="40%" height="0.875rem" />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

export function PictureIcon() {
  return (
    <svg
      width={32}
      height={32}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m4 18 5.5-5.5 4 4 2.5-2.5 4.5 4.5" />
    </svg>
  );
}
