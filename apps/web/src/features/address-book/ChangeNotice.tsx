import { forwardRef, type ReactNode } from 'react';
import { Button, CheckIcon, WarningIcon } from '../../ui';
import styles from './ChangeNotice.module.css';

export type Notice = {
  tone: 'ok' | 'warn';
  message: ReactNode;
  undo?: () => void;
};

/**
 * What the last change did (added, renamed, removed with Undo, imported), in one live region that
 * is always on the page, so screen readers announce each change.
 */
export const ChangeNotice = forwardRef<HTMLButtonElement, { notice: Notice | null; onDismiss: () => void }>(
  function ChangeNotice({ notice, onDismiss }, undoRef) {
    return (
      <div role="status" aria-live="polite" className={styles.region} data-testid="change-notice">
        {notice && (
          <div className={`${styles.notice} ${styles[notice.tone]}`}>
            {notice.tone === 'ok' ? (
              <CheckIcon className={styles.icon} />
            ) : (
              <WarningIcon className={styles.icon} />
            )}
            <p className={styles.message}>{notice.message}</p>
            <span className={styles.actions}>
              {notice.undo && (
                <Button ref={undoRef} size="sm" onClick={notice.undo} data-testid="undo-remove">
                  Undo
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={onDismiss}>
                Dismiss
              </Button>
            </span>
          </div>
        )}
      </div>
    );
  },
);
