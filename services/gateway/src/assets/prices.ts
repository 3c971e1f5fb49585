import { getAddress, isAddressEqual, parseAbi, type Address } from 'viem';
import type { ChainRegistry } from '../chains/registry';
import { formatDecimal, fromUnits } from './decimal';
import type { PriceApi } from './priceApi';

/**
 * Where fiat prices come from. ChainPriceSource answers, for each token, the first of: a fixed price
 * the operator configured for it, the on-chain price feed configured for it (Chainlink's aggregator
 * interface), the price API the operator configured (see PriceApi), or nothing, which the balances
 * show as an unknown price, never as zero.
 */
export type PriceSource = {
  /** USD per whole token for each of `tokens` (null: the native currency), as decimal strings; null where unknown. */
  usdPrices(chainId: string, tokens: readonly (Address | null)[]): Promise<(string | null)[]>;
  /** Units of `fiatCode` per USD, as a decimal string; null for a code it does not know. */
  fiatPerUsd(fiatCode: string): Promise<string | null>;
  supportedFiatCodes(): Promise<string[]>;
};

/**
 * Example exchange rates, for the devnet only (the local stack and the tests): the codes the real
 * gateway lists, at rates that are not the market's. A deployment sets its own (GATEWAY_FIAT_PER_USD)
 * or takes them from its price API; docs/deploy.md says so.
 */
export const exampleFiatPerUsd: Record<string, string> = {
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

/**
 * Fixed prices, on-chain feeds and the price API, per chain, from the chains' configuration.
 * Exchange rates: the fixed table when the operator gave one (it alone decides), else the price
 * API's, else USD alone.
 */
export class ChainPriceSource implements PriceSource {
  readonly #chains: ChainRegistry;
  readonly #fiatPerUsd: Record<string, string> | undefined;
  readonly #api: PriceApi | undefined;
  readonly #now: () => number;
  /** `${chainId}:${feed}` → its last reading: bounded by the feeds configured. */
  readonly #readings = new Map<string, FeedReading>();

  constructor(
    chains: ChainRegistry,
    options: { fiatPerUsd?: Record<string, string>; api?: PriceApi },
    now: () => number = Date.now,
  ) {
    this.#chains = chains;
    this.#fiatPerUsd =
      options.fiatPerUsd &&
      Object.fromEntries(
        Object.entries(options.fiatPerUsd).map(([code, rate]) => [code.toUpperCase(), rate]),
      );
    this.#api = options.api;
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
    const onChain = tokens.map((token) => {
      const price = fixed(token);
      if (price !== null) return price;
      const feed = feedOf(token);
      return feed === null ? null : (readings.get(feed) ?? null);
    });
    const listing = chain.config.priceApi;
    const api = this.#api;
    if (!api || !listing || onChain.every((price) => price !== null)) return onChain;
    // What neither the configuration nor a feed prices, the API may.
    const missing = tokens.filter((token, i): token is Address => token !== null && onChain[i] === null);
    const nativeMissing = tokens.some((token, i) => token === null && onChain[i] === null);
    const [byToken, native] = await Promise.all([
      missing.length > 0 ? api.tokenUsd(listing.platform, missing) : new Map<string, string>(),
      nativeMissing && listing.nativeCoinId ? api.coinUsd(listing.nativeCoinId) : null,
    ]);
    return tokens.map((token, i) => {
      const known = onChain[i] ?? null;
      if (known !== null) return known;
      return token === null ? native : (byToken.get(token.toLowerCase()) ?? null);
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

  async #rates(): Promise<Record<string, string>> {
    if (this.#fiatPerUsd) return this.#fiatPerUsd;
    return { ...(this.#api ? await this.#api.fiatPerUsd() : {}), USD: '1' };
  }

  async fiatPerUsd(fiatCode: string): Promise<string | null> {
    return (await this.#rates())[fiatCode.toUpperCase()] ?? null;
  }

  async supportedFiatCodes(): Promise<string[]> {
    const codes = Object.keys(await this.#rates());
    // USD first, as the real gateway lists it, then the rest in the table's order.
    return codes.includes('USD') ? ['USD', ...codes.filter((code) => code !== 'USD')] : codes;
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
