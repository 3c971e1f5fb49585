/**
 * The gateway's fiat amounts are decimal strings with up to 20 decimals ("35625.5", "0.0000012").
 * Sorting and totals work on them exactly, as scaled integers: floats would reorder ties and leave
 * a hidden token's cents in the total.
 */
type Decimal = { units: bigint; scale: number };

const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

function parse(text: string): Decimal | undefined {
  const match = decimalPattern.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

function format({ units, scale }: Decimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Whether `text` is a decimal string the gateway would send. */
export const isDecimal = (text: string): boolean => parse(text) !== undefined;

/**
 * Orders two decimal strings by value: negative when `a` is smaller. A string that is not a
 * decimal counts as zero, so one unreadable price does not scatter the list.
 */
export function compareDecimals(a: string, b: string): number {
  const [x, y] = aligned(parse(a) ?? { units: 0n, scale: 0 }, parse(b) ?? { units: 0n, scale: 0 });
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The exact sum of decimal strings (unreadable ones count as zero), as a decimal string. */
export function sumDecimals(values: readonly string[]): string {
  let total: Decimal = { units: 0n, scale: 0 };
  for (const value of values) {
    const next = parse(value);
    if (next === undefined) continue;
    const [x, y, scale] = aligned(total, next);
    total = { units: x + y, scale };
  }
  return format(total);
}

/** `a − b`, exactly. */
export function subtractDecimals(a: string, b: string): string {
  const [x, y, scale] = aligned(parse(a) ?? { units: 0n, scale: 0 }, parse(b) ?? { units: 0n, scale: 0 });
  return format({ units: x - y, scale });
}
