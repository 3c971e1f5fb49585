import { exactTokenAmount, formatFiat, formatTokenAmount } from './format';
import styles from './amounts.module.css';

/** A token amount from base units: rounded for reading, exact on hover. Symbols are rendered as text. */
export function TokenAmount({
  value,
  decimals,
  symbol,
  sign,
  testId,
}: {
  value: bigint | string;
  decimals: number | null | undefined;
  symbol?: string | null;
  /** Shown before the amount, e.g. "+" for incoming and "−" for outgoing transfers. */
  sign?: '+' | '−';
  testId?: string;
}) {
  const exact = exactTokenAmount(value, decimals);
  return (
    <span className={styles.token} title={symbol ? `${exact} ${symbol}` : exact} data-testid={testId}>
      {sign}
      {formatTokenAmount(value, decimals)}
      {/* The space sits outside the symbol's inline-block, where it would be dropped. */}
      {symbol ? (
        <>
          {' '}
          <span className={styles.symbol}>{symbol}</span>
        </>
      ) : null}
    </span>
  );
}

export function FiatAmount({
  value,
  currency,
  testId,
}: {
  /** Null where no price is known: said as such, never as zero. */
  value: string | number | null;
  currency: string;
  testId?: string;
}) {
  if (value === null)
    return (
      <span
        className={styles.fiat}
        data-testid={testId}
        data-unknown="true"
        title="The gateway knows no price for this token"
      >
        Price unknown
      </span>
    );
  return (
    <span className={styles.fiat} data-testid={testId}>
      {formatFiat(value, currency)}
    </span>
  );
}
