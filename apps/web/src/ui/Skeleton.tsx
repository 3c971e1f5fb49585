import type { CSSProperties, ReactNode } from 'react';
import styles from './Skeleton.module.css';

/**
 * A grey placeholder of the size of what is loading, so nothing moves when it arrives. Hidden
 * from screen readers: the surrounding `Loading` status says what is loading.
 */
export function Skeleton({
  width = '100%',
  height = '1rem',
  radius,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${styles.skeleton} ${className ?? ''}`}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

/** A loading region: a status for assistive technology, skeletons for the eye. */
export function Loading({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={styles.loading} data-testid="loading">
      <span className="visually-hidden">{label}</span>
      {children ?? <Skeleton height="1.25rem" width="12rem" />}
    </div>
  );
}

/** Rows of the height of list rows, for lists and tables. */
export function SkeletonRows({ rows = 5, height = '3.5rem' }: { rows?: number; height?: string }) {
  return (
    <div className={styles.rows}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} radius="var(--radius-md)" />
      ))}
    </div>
  );
}
