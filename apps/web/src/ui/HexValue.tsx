import { CopyButton } from './CopyButton';
import styles from './HexValue.module.css';

/** `0x1234ab…cdef12`: both ends of a long hex value, enough to compare it with another. */
export function shortenHex(value: string, chars = 6): string {
  return value.length <= chars * 2 + 5 ? value : `${value.slice(0, chars + 2)}…${value.slice(-chars)}`;
}

/**
 * A hash, signature or other hex value: shortened (whole on hover and for screen readers) or whole
 * and wrapping, with a copy button named after what it copies ("Copy signature").
 */
export function HexValue({
  value,
  label,
  full = false,
  chars = 6,
  copy = true,
  testId,
}: {
  value: string;
  /** What the value is, for the copy button's name. */
  label: string;
  full?: boolean;
  chars?: number;
  copy?: boolean;
  testId?: string;
}) {
  const short = shortenHex(value, chars);
  return (
    <span className={styles.hex}>
      {full || short === value ? (
        <code className={styles.full} data-testid={testId}>
          {value}
        </code>
      ) : (
        <code className={styles.short} title={value} data-testid={testId} data-value={value}>
          <span aria-hidden="true">{short}</span>
          <span className="visually-hidden">{value}</span>
        </code>
      )}
      {copy && <CopyButton value={value} label={`Copy ${label}`} />}
    </span>
  );
}
