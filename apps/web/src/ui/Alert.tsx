import type { ReactNode } from 'react';
import { InfoIcon, WarningIcon } from './icons';
import styles from './Alert.module.css';

export type AlertTone = 'info' | 'warn' | 'danger' | 'ok';

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** `alert` interrupts a screen reader; use it for errors and warnings that need action. */
  role?: 'alert' | 'status' | 'note';
  testId?: string;
};

/** A boxed message. Text is rendered as text: never pass HTML from the gateway or an app. */
export function Alert({ tone = 'info', title, children, actions, role, testId }: AlertProps) {
  const Icon = tone === 'info' || tone === 'ok' ? InfoIcon : WarningIcon;
  return (
    <div
      className={`${styles.alert} ${styles[tone]}`}
      role={role ?? (tone === 'danger' ? 'alert' : 'status')}
      data-testid={testId}
    >
      <Icon className={styles.icon} size={20} />
      <div className={styles.body}>
        {title !== undefined && <p className={styles.title}>{title}</p>}
        {children !== undefined && <div className={styles.message}>{children}</div>}
        {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}
