import { useId, useMemo, useState } from 'react';
import { Button, CopyButton, RevealedText } from '../../ui';
import { excerpt } from './excerpt';
import styles from './LongText.module.css';

const count = new Intl.NumberFormat();

/**
 * Untrusted text of any length, kept usable: line breaks kept, long words wrapped, the first part
 * shown with "Show all" for the rest (then in a box that scrolls, so what follows stays in reach),
 * and a copy button for the exact text.
 */
export function LongText({
  text,
  label,
  mono = false,
  testId,
}: {
  text: string;
  /** What the text is ("message"), for the buttons' names. */
  label: string;
  mono?: boolean;
  testId?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const { head, truncated } = useMemo(() => excerpt(text), [text]);
  const id = useId();
  const open = expanded && truncated;
  const lines = useMemo(() => text.split('\n').length, [text]);
  return (
    <div className={styles.wrap}>
      <div
        id={id}
        className={`${styles.text} ${mono ? styles.mono : ''} ${open ? styles.open : ''}`}
        dir="auto"
        data-testid={testId}
        {...(open ? { tabIndex: 0, role: 'region', 'aria-label': `The whole ${label}` } : {})}
      >
        {text === '' ? (
          <span className={styles.empty}>(empty)</span>
        ) : (
          <RevealedText text={open || !truncated ? text : head} />
        )}
        {truncated && !open && <span aria-hidden="true">…</span>}
      </div>
      <div className={styles.bar}>
        <span className={styles.size}>
          {count.format(text.length)} characters · {count.format(lines)} {lines === 1 ? 'line' : 'lines'}
        </span>
        {truncated && (
          <Button
            size="sm"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setExpanded(!open)}
            data-testid={testId && `${testId}-toggle`}
          >
            {open ? 'Show less' : 'Show all'}
          </Button>
        )}
        <CopyButton value={text} label={`Copy ${label}`} />
      </div>
    </div>
  );
}
