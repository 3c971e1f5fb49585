import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** Nothing to show yet: says so, and what to do about it. */
export function EmptyState({
  title,
  children,
  action,
  icon,
  testId = 'empty-state',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.empty} data-testid={testId}>
      {icon !== undefined && <div className={styles.icon}>{icon}</div>}
      <p className={styles.title}>{title}</p>
      {children !== undefined && <div className={styles.text}>{children}</div>}
      {action !== undefined && <div className={styles.action}>{action}</div>}
    </div>
  );
}
