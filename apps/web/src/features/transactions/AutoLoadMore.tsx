import { useEffect, useRef } from 'react';
import { LoadMore, useDescribeQueryError } from '../../ui';

/** A page already on its way is awaited, not asked for again (scroll, observer and keys all ask). */
const joinInFlight = { cancelRefetch: false };

type Paging = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => unknown;
};

/**
 * The end of a paged list: the next page loads as this comes into view, and its button does the same
 * for keyboards; a page that failed says why, and the button tries again (never on its own, so a
 * gateway that keeps failing is not asked again and again).
 */
export function AutoLoadMore({
  paging,
  label,
  doneText,
}: {
  paging: Paging;
  label: string;
  doneText?: string;
}) {
  const describeQueryError = useDescribeQueryError();
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging;
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const element = ref.current;
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage(joinInFlight);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, fetchNextPage]);

  return (
    <div ref={ref}>
      <LoadMore
        hasMore={hasNextPage}
        loading={isFetchingNextPage}
        error={isFetchNextPageError ? describeQueryError(paging.error).message : undefined}
        onLoad={() => void fetchNextPage(joinInFlight)}
        label={label}
        doneText={doneText}
      />
    </div>
  );
}
