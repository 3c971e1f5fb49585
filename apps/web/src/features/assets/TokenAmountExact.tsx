import { exactTokenAmount, formatTokenAmount } from '../../ui';
import { shortLabel } from './imageSource';
import styles from './TokenAmountExact.module.css';

/**
 * A balance in whole token units, every digit of it (grouped for reading, no rounding). Without
 * known decimals the gateway's raw integer is shown, and said to be base units.
 */
export function TokenAmountExact({
  value,
  decimals,
  symbol,
  testId,
}: {
  value: string;
  decimals: number | null;
  symbol: string;
  testId?: string;
}) {
  const known = decimals !== null;
  return (
    <span className={styles.amount} title={`${exactTokenAmount(value, decimals)} ${shortLabel(symbol)}`}>
      <span className={styles.number} data-testid={testId}>
        {formatTokenAmount(value, decimals, decimals ?? 0)}
      </span>{' '}
      <bdi className={styles.symbol}>{symbol}</bdi>
      {!known && <span className={styles.note}> (base units; decimals unknown)</span>}
    </span>
  );
}
