import { Button } from './Button';
import styles from './LoadMore.module.css';

/**
 * The foot of a paged list: a button for the next page, what is happening for screen readers, and
 * the error of a page that failed (the pages above it stay) with the same button to try again.
 */
export function LoadMore({
  hasMore,
  loading,
  error,
  onLoad,
  label = 'Load more',
  doneText,
}: {
  hasMore: boolean;
  loading: boolean;
  /** Why the last page could not be loaded, worded for the user. */
  error?: string;
  onLoad: () => void;
  label?: string;
  /** Said once every page is there ("All 42 messages shown"); nothing when left out. */
  doneText?: string;
}) {
  return (
    <div className={styles.foot}>
      {error !== undefined && (
        <p className={styles.error} role="alert" data-testid="load-more-error">
          {error}
        </p>
      )}
      {hasMore ? (
        <Button onClick={onLoad} disabled={loading} aria-busy={loading} data-testid="load-more">
          {loading ? 'Loading…' : error !== undefined ? 'Try again' : label}
        </Button>
      ) : (
        doneText !== undefined && <p className={styles.done}>{doneText}</p>
      )}
      <span role="status" aria-live="polite" className="visually-hidden">
        {loading ? 'Loading more' : ''}
      </span>
    </div>
  );
}
