import type { ReactNode } from 'react';
import styles from './Details.module.css';

/** Label–value pairs (a definition list), two columns on wide screens, stacked on phones. */
export function DetailList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className={styles.details} data-testid={testId}>
      {children}
    </dl>
  );
}

export function Detail({
  label,
  children,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Key figures in cards (nonce, threshold, total value…). */
export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className={styles.stats}>{children}</dl>;
}

export function Stat({
  label,
  children,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
