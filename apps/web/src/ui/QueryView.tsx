import type { ReactNode } from 'react';
import type { ErrorDescription } from '../lib/gatewayErrors';
import { Alert } from './Alert';
import { Button } from './Button';
import { QueryErrorAlert, useDescribeQueryError } from './ErrorAlert';
import { formatAge, formatDateTime } from './format';
import { Loading } from './Skeleton';

/** The parts of a TanStack query result the views read (plain and infinite queries alike). */
export type QueryState<T> = {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
};

type QueryViewProps<T> = {
  query: QueryState<T>;
  /** What is loading, for screen readers ("Loading balances"). */
  loadingLabel: string;
  /** Placeholders of the size of the content, so nothing moves when it arrives. */
  skeleton?: ReactNode;
  errorTitle: string;
  describeError?: (error: unknown) => ErrorDescription;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * Every state of one query, the same way in every view: skeletons while loading, the client's error
 * message with Retry, an empty state that says what to do, the data; and data kept from before
 * (the persisted cache) marked with its age while the gateway does not answer.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  skeleton,
  errorTitle,
  describeError,
  isEmpty,
  empty,
  children,
}: QueryViewProps<T>) {
  const describeQueryError = useDescribeQueryError();
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <QueryErrorAlert
          query={query}
          title={errorTitle}
          description={(describeError ?? describeQueryError)(query.error)}
        />
      );
    }
    return <Loading label={loadingLabel}>{skeleton}</Loading>;
  }
  const data = query.data;
  return (
    <>
      {query.isError && (
        <SavedDataNotice
          updatedAt={query.dataUpdatedAt}
          reason={(describeError ?? describeQueryError)(query.error).message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
      {isEmpty?.(data) && empty !== undefined ? empty : children(data)}
    </>
  );
}

/** Data shown from an earlier visit because the gateway did not answer now: said, with its age. */
export function SavedDataNotice({
  updatedAt,
  reason,
  onRetry,
  retrying = false,
}: {
  updatedAt: number;
  reason: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const date = new Date(updatedAt);
  return (
    <Alert
      tone="warn"
      role="status"
      testId="saved-data"
      title={
        <>
          Saved data from{' '}
          <time dateTime={date.toISOString()} title={formatDateTime(date)}>
            {formatAge(date)}
          </time>
        </>
      }
      actions={
        onRetry && (
          <Button size="sm" onClick={onRetry} disabled={retrying} data-testid="retry-button">
            {retrying ? 'Retrying…' : 'Retry'}
          </Button>
        )
      }
    >
      <p>It could not be refreshed: {reason}</p>
    </Alert>
  );
}
