import { getAddress, isAddressEqual, parseAbi, type Address } from 'viem';
import type { ChainRegistry } from '../chains/registry';
import { formatDecimal, fromUnits } from './decimal';

/**
 * Where fiat prices come from. ChainPriceSource answers, for each token, the first of: a fixed price
 * the operator configured for it, the on-chain price feed configured for it (Chainlink's aggregator
 * interface), or nothing, which the balances show as an unknown price, never as zero.
 */
export type PriceSource = {
  /** USD per whole token for each of `tokens` (null: the native currency), as decimal strings; null where unknown. */
  usdPrices(chainId: string, tokens: readonly (Address | null)[]): Promise<(string | null)[]>;
  /** Units of `fiatCode` per USD, as a decimal string; null for a code it does not know. */
  fiatPerUsd(fiatCode: string): string | null;
  supportedFiatCodes(): string[];
};

/**
 * The gateway's default conversion table: the codes the real gateway lists, at fixed rates an
 * operator should replace with their own (FIAT_PER_USD); docs/deploy.md says so.
 */
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

const aggregatorAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** A feed's answer is read again after this long; a price a few seconds old is fine for balances. */
const FEED_CACHE_MS = 30_000;

type FeedReading = { usd: string | null; at: number };

/** Fixed prices and on-chain feeds, per chain, from the chains' configuration. */
export class ChainPriceSource implements PriceSource {
  readonly #chains: ChainRegistry;
  readonly #fiatPerUsd: Record<string, string>;
  readonly #now: () => number;
  /** `${chainId}:${feed}` → its last reading: bounded by the feeds configured. */
  readonly #readings = new Map<string, FeedReading>();

  constructor(chains: ChainRegistry, fiatPerUsd: Record<string, string>, now: () => number = Date.now) {
    this.#chains = chains;
    this.#fiatPerUsd = Object.fromEntries(
      Object.entries(fiatPerUsd).map(([code, rate]) => [code.toUpperCase(), rate]),
    );
    this.#now = now;
  }

  async usdPrices(chainId: string, tokens: readonly (Address | null)[]): Promise<(string | null)[]> {
    const chain = this.#chains.get(chainId);
    if (!chain) return tokens.map(() => null);
    const fixed = (token: Address | null) => lookUp(chain.config.usdPrices, token);
    const feedOf = (token: Address | null) => lookUp(chain.config.priceFeeds, token);
    const feeds = new Set<string>();
    for (const token of tokens) {
      const feed = fixed(token) === null ? feedOf(token) : null;
      if (feed !== null) feeds.add(feed);
    }
    const readings = new Map(
      await Promise.all(
        [...feeds].map(async (feed) => [feed, await this.#read(chainId, getAddress(feed))] as const),
      ),
    );
    return tokens.map((token) => {
      const price = fixed(token);
      if (price !== null) return price;
      const feed = feedOf(token);
      return feed === null ? null : (readings.get(feed) ?? null);
    });
  }

  /** One feed's USD price, or null when it cannot be read, answers nothing positive, or is stale. */
  async #read(chainId: string, feed: Address): Promise<string | null> {
    const key = `${chainId}:${feed}`;
    const cached = this.#readings.get(key);
    const now = this.#now();
    if (cached && now - cached.at < FEED_CACHE_MS) return cached.usd;
    const chain = this.#chains.get(chainId);
    if (!chain) return null;
    let usd: string | null = null;
    try {
      const [decimals, round] = await Promise.all([
        chain.client.readContract({ address: feed, abi: aggregatorAbi, functionName: 'decimals' }),
        chain.client.readContract({ address: feed, abi: aggregatorAbi, functionName: 'latestRoundData' }),
      ]);
      const [, answer, , updatedAt] = round;
      const ageSeconds = Math.floor(now / 1000) - Number(updatedAt);
      if (answer > 0n && decimals <= 36 && ageSeconds <= chain.config.priceFeedMaxAgeSeconds)
        usd = formatDecimal(fromUnits(answer, decimals));
    } catch {
      // A feed that does not answer gives no price; it is asked again after the cache time.
      usd = null;
    }
    this.#readings.set(key, { usd, at: now });
    return usd;
  }

  fiatPerUsd(fiatCode: string): string | null {
    return this.#fiatPerUsd[fiatCode.toUpperCase()] ?? null;
  }

  supportedFiatCodes(): string[] {
    return Object.keys(this.#fiatPerUsd);
  }
}

/** The entry for `token` ("native", else its address in any case) in a per-token table. */
function lookUp(table: Record<string, string>, token: Address | null): string | null {
  if (token === null) return table.native ?? null;
  const key = Object.keys(table).find(
    (entry) =>
      entry !== 'native' && /^0x[0-9a-fA-F]{40}$/.test(entry) && isAddressEqual(entry as Address, token),
  );
  return key === undefined ? null : (table[key] ?? null);
}
