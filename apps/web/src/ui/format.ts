import { parseAddress } from '../lib/address';

/** The gateway sends checksummed addresses; this keeps the display checksummed whatever arrives. */
export function checksummed(address: string): string {
  return parseAddress(address) ?? address;
}

/** `0x1234…abcd`: enough of both ends to recognise an address, short enough for a row. */
export function shortenAddress(address: string, chars = 4): string {
  const value = checksummed(address);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return value;
  return `${value.slice(0, chars + 2)}…${value.slice(-chars)}`;
}

const grouping = new Intl.NumberFormat(undefined, { useGrouping: true, maximumFractionDigits: 0 });
const decimalSeparator =
  new Intl.NumberFormat(undefined).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/**
 * A token amount in whole units, from its base-unit integer: exact (no floating point), grouped for
 * the reader's locale, with at most `maxFractionDigits` decimals (rounded down, so a balance is
 * never shown larger than it is). Unreadable input comes back as it is.
 */
export function formatTokenAmount(
  raw: bigint | string,
  decimals: number | null | undefined,
  maxFractionDigits = 6,
): string {
  let value: bigint;
  try {
    value = typeof raw === 'bigint' ? raw : BigInt(raw);
  } catch {
    return String(raw);
  }
  const places = decimals ?? 0;
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const base = 10n ** BigInt(places);
  const whole = magnitude / base;
  let fraction = (magnitude % base).toString().padStart(places, '0').slice(0, maxFractionDigits);
  fraction = fraction.replace(/0+$/, '');
  const wholeText = grouping.format(whole);
  const tiny = whole === 0n && fraction === '' && magnitude > 0n;
  if (tiny)
    return `${negative ? '>-' : '<'}0${decimalSeparator}${'0'.repeat(Math.max(0, maxFractionDigits - 1))}1`;
  return `${negative ? '-' : ''}${wholeText}${fraction ? decimalSeparator + fraction : ''}`;
}

/** The exact amount in whole units, grouped for the reader's locale ("4,750.25"): for sentences. */
export function groupedExactAmount(raw: bigint | string, decimals: number | null | undefined): string {
  return formatTokenAmount(raw, decimals, Math.max(0, decimals ?? 0));
}

/** The exact amount in whole units as a plain decimal string ("1234.5"), for titles and CSV. */
export function exactTokenAmount(raw: bigint | string, decimals: number | null | undefined): string {
  let value: bigint;
  try {
    value = typeof raw === 'bigint' ? raw : BigInt(raw);
  } catch {
    return String(raw);
  }
  const places = decimals ?? 0;
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const base = 10n ** BigInt(places);
  const fraction = (magnitude % base).toString().padStart(places, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${magnitude / base}${fraction ? `.${fraction}` : ''}`;
}

const fiatFormats = new Map<string, Intl.NumberFormat>();

/**
 * A fiat amount from the gateway's decimal string. Codes that are not ISO currencies (ETH, BTC and
 * longer ones) are written after the number instead of with a currency sign.
 */
export function formatFiat(value: string | number, currency: string): string {
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return `${value} ${currency.toUpperCase()}`;
  const code = currency.toUpperCase();
  let format = fiatFormats.get(code);
  if (format === undefined) {
    // An ISO currency shows its own decimals (JPY none, USD two, KWD three); anything else the price
    // service quotes (BTC, ETH) is a coin: up to eight decimals, so a few dollars in BTC are not 0.
    format = isoCurrency(code)
      ? new Intl.NumberFormat(undefined, {
          style: 'currency',
          currency: code,
          currencyDisplay: 'narrowSymbol',
        })
      : new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 });
    fiatFormats.set(code, format);
  }
  const text = format.format(amount);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${code}`;
}

let isoCodes: Set<string> | undefined;
function isoCurrency(code: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCodes.has(code);
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fullDateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'long',
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export const formatDateTime = (date: Date) => dateTimeFormat.format(date);
export const formatFullDateTime = (date: Date) => fullDateTimeFormat.format(date);
export const formatDate = (date: Date) => dateFormat.format(date);
export const formatTime = (date: Date) => timeFormat.format(date);

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday": how long ago `date` was, relative to `now`. */
export function formatAge(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return Math.abs(seconds) < 45 ? 'just now' : relativeFormat.format(seconds, 'second');
}

/** A day label in the reader's time zone: Today, Yesterday, or the date. */
export function formatDayLabel(date: Date, now: Date = new Date()): string {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(now) - day(date)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return formatDate(date);
}
