import { useEffect, useRef, useState } from 'react';
import { IconButton } from './Button';
import { CheckIcon, CopyIcon } from './icons';
import styles from './CopyButton.module.css';

const COPIED_FOR_MS = 1500;

/** Copies `value` to the clipboard and says "Copied!" (visibly and to screen readers) for a moment. */
export function CopyButton({ value, label = 'Copy address' }: { value: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = window.setTimeout(() => setState('idle'), COPIED_FOR_MS);
  };

  return (
    <span className={styles.wrap}>
      <IconButton label={label} onClick={() => void copy()} data-testid="copy-button">
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </IconButton>
      <span role="status" aria-live="polite" className={state === 'idle' ? 'visually-hidden' : styles.tip}>
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </span>
  );
}
