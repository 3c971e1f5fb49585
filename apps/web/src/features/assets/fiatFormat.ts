import { formatFiat } from '../../ui';

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A token's price in fiat. Prices below one unit keep four significant digits (a $0.00001234 token
 * is not "$0.00"); others read as every fiat amount does.
 */
export function formatFiatPrice(value: string | null, currency: string): string {
  if (value === null) return 'Unknown';
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount === 0 || Math.abs(amount) >= 1) return formatFiat(value, currency);
  const code = currency.toUpperCase();
  let format = priceFormats.get(code);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        maximumSignificantDigits: 4,
      });
    } catch {
      format = new Intl.NumberFormat(undefined, { maximumSignificantDigits: 4 });
    }
    priceFormats.set(code, format);
  }
  const text = format.format(amount);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${code}`;
}

let currencyNames: Intl.DisplayNames | undefined | null;

/** "EUR · Euro" where the browser knows the currency's name, else the code alone ("ETH"). */
export function fiatCodeLabel(code: string): string {
  const upper = code.toUpperCase();
  if (currencyNames === undefined) {
    try {
      currencyNames = new Intl.DisplayNames(undefined, { type: 'currency' });
    } catch {
      currencyNames = null;
    }
  }
  let name: string | undefined;
  try {
    name = currencyNames?.of(upper);
  } catch {
    name = undefined;
  }
  return name && name !== upper ? `${upper} · ${name}` : upper;
}
