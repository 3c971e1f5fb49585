/** Exact decimal arithmetic on strings, at 30 fractional digits: enough for wei times prices. */
const scale = 30;
const unit = 10n ** BigInt(scale);

export function parseDecimal(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const scaled = BigInt(whole ?? '0') * unit + BigInt((fraction.slice(0, scale) || '0').padEnd(scale, '0'));
  return sign === '-' ? -scaled : scaled;
}

/** A scaled value as a plain decimal string (no grouping, no exponent), at most `digits` decimals. */
export function formatDecimal(scaled: bigint, digits = 20): string {
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(scale, '0').slice(0, digits).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && text !== '0' ? `-${text}` : text;
}

export const multiply = (a: bigint, b: bigint) => (a * b) / unit;

/** A raw token amount in whole tokens, scaled. */
export const fromUnits = (amount: bigint, decimals: number) => (amount * unit) / 10n ** BigInt(decimals);
