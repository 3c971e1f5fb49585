import type { Address } from 'viem';

/**
 * Where fiat prices come from. Production gateways ask a price API; none can be reached here, so
 * Countersign ships StaticPriceTable, prices from configuration, behind this same interface.
 */
export type PriceSource = {
  /** USD per whole token (native currency: address null), as a decimal string; null when unknown. */
  usdPrice(chainId: string, token: Address | null): string | null;
  /** Units of `fiatCode` per USD, as a decimal string; null for a code it does not know. */
  fiatPerUsd(fiatCode: string): string | null;
  supportedFiatCodes(): string[];
};

export type PriceTable = {
  /** chainId → token address (or "native") → USD price. */
  usd: Record<string, Record<string, string>>;
  /** Fiat code → units per USD. */
  fiatPerUsd: Record<string, string>;
};

/** The gateway's default conversion table: the codes the real gateway lists, at fixed rates. */
export const defaultFiatPerUsd: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  ETH: '0.00033333333333333333',
  AUD: '1.52',
  BTC: '0.00001111111111111111',
  CAD: '1.37',
  CHF: '0.88',
  CNY: '7.24',
  GBP: '0.79',
  INR: '83.5',
  JPY: '151.2',
  KRW: '1370',
  NZD: '1.66',
  RUB: '92.5',
  TRY: '32.4',
  ZAR: '18.6',
};

export class StaticPriceTable implements PriceSource {
  constructor(private readonly table: PriceTable) {}

  usdPrice(chainId: string, token: Address | null): string | null {
    const prices = this.table.usd[chainId];
    if (!prices) return null;
    if (token === null) return prices.native ?? null;
    const key = Object.keys(prices).find((k) => k.toLowerCase() === token.toLowerCase());
    return key ? (prices[key] ?? null) : null;
  }

  fiatPerUsd(fiatCode: string): string | null {
    return this.table.fiatPerUsd[fiatCode.toUpperCase()] ?? null;
  }

  supportedFiatCodes(): string[] {
    return Object.keys(this.table.fiatPerUsd);
  }
}
