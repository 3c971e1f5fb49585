import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'ok' | 'warn' | 'danger';

export function Badge({
  tone = 'neutral',
  children,
  testId,
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} data-testid={testId} title={title}>
      {children}
    </span>
  );
}
