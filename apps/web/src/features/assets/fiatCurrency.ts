import { useCallback } from 'react';
import { storedState, useStoredState } from '../../lib/storedState';

/** The specification's default fiat currency. */
export const DEFAULT_FIAT_CURRENCY = 'usd';

const STORAGE_KEY = 'countersign.fiat-currency';

/**
 * A fiat code as the app keeps it: lower case, as in the gateway's paths (`/balances/usd`). The
 * gateway lists codes in upper case; anything that could not be a code reads as the default.
 */
export function normalizeFiatCode(code: string | null | undefined): string {
  const value = (code ?? '').trim().toLowerCase();
  return /^[a-z0-9]{2,10}$/.test(value) ? value : DEFAULT_FIAT_CURRENCY;
}

// Bare text, as it was always kept.
const setting = storedState(STORAGE_KEY, {
  fallback: DEFAULT_FIAT_CURRENCY,
  parse: (stored) => normalizeFiatCode(String(stored)),
  text: true,
});

/** The fiat currency every view shows values in, remembered across reloads. */
export const readFiatCurrency = (): string => setting.get();

export function setFiatCurrency(code: string): boolean {
  return setting.set(normalizeFiatCode(code));
}

/**
 * The fiat currency the user chose (lower case, `usd` until they choose), and the function that
 * changes it for every view that shows fiat values, in this tab and the others.
 */
export function useFiatCurrency(): [currency: string, setCurrency: (code: string) => void] {
  const currency = useStoredState(setting);
  return [currency, useCallback((code: string) => void setFiatCurrency(code), [])];
}

/** The currencies most owners pick, shown first in this order; the others follow alphabetically. */
const POPULAR_FIAT_CODES = ['usd', 'eur', 'gbp', 'jpy', 'chf', 'cad', 'aud', 'cny', 'inr', 'krw', 'brl'];

/** The codes to offer (normalised, without repeats), split into the popular ones and the rest. */
export function orderFiatCodes(codes: readonly string[]): { popular: string[]; others: string[] } {
  const unique = [...new Set(codes.map(normalizeFiatCode))];
  return {
    popular: POPULAR_FIAT_CODES.filter((code) => unique.includes(code)),
    others: unique.filter((code) => !POPULAR_FIAT_CODES.includes(code)).sort(),
  };
}
