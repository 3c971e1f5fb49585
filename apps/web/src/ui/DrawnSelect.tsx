import type { ReactNode } from 'react';
import styles from './DrawnSelect.module.css';

/**
 * A select whose closed look the app draws: `shown` in a box with a chevron, and the real select
 * (`children`) lying over it, invisible, so that it takes every tap and key and opens the browser's
 * own list. For a header, where a select's closed look (its option's whole text) has no room.
 */
export function DrawnSelect({
  shown,
  start,
  shownTestId,
  children,
}: {
  /** Text: cut short with an ellipsis where the box has no room for all of it. */
  shown: ReactNode;
  /** Before the text, never cut (an icon, a colour). */
  start?: ReactNode;
  shownTestId?: string;
  /** The <select>, with its label named by id. */
  children: ReactNode;
}) {
  return (
    <div className={styles.drawn}>
      <span className={styles.shown} aria-hidden="true" data-testid={shownTestId}>
        {start}
        <span className={styles.text}>{shown}</span>
      </span>
      {children}
    </div>
  );
}
