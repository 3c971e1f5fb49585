import { z } from 'zod';
import type { Address } from 'viem';

/**
 * A price API the operator chose: CoinGecko's (its public or Pro API) or any service answering the
 * same three endpoints, which most price proxies and aggregators mimic:
 * - `GET {url}/simple/token_price/{platform}?contract_addresses=…&vs_currencies=usd`
 * - `GET {url}/simple/price?ids={coin}&vs_currencies=usd`
 * - `GET {url}/exchange_rates` (rates against one base; units per USD are derived from its `usd`).
 */
export type PriceApiOptions = {
  url: string;
  /** Sent in `apiKeyHeader` (CoinGecko Pro's `x-cg-pro-api-key` by default) when set. */
  apiKey?: string;
  apiKeyHeader?: string;
  /** How long one request may take (3 s by default): balances are not held up longer. */
  timeoutMs?: number;
};

/** Answers are reused this long: prices for balances need not be fresher, and the API is spared. */
const CACHE_MS = 60_000;
/** The most token addresses one request names (CoinGecko's own limit per call is about this). */
const TOKENS_PER_REQUEST = 50;
/** An answer larger than this is not read: no price list for 50 tokens comes near it. */
const MAX_ANSWER_BYTES = 1_000_000;

const usdQuotes = z.record(z.string(), z.object({ usd: z.number().positive().finite().optional() }));
const exchangeRates = z.object({
  rates: z.record(
    z.string(),
    z.object({ value: z.number().positive().finite(), type: z.string().optional() }),
  ),
});

/**
 * A positive JS number from a JSON answer as a plain decimal string, for exact arithmetic: its
 * shortest text, with an exponent (1.2e-7) written out by moving the point, never through binary.
 */
export function decimalOfNumber(value: number): string {
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${digits}${'0'.repeat(point - digits.length)}`;
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

type Cached<T> = { at: number; value: Promise<T> };

export class PriceApi {
  readonly #o: Required<Omit<PriceApiOptions, 'apiKey'>> & Pick<PriceApiOptions, 'apiKey'>;
  readonly #now: () => number;
  /** Per request path; bounded by the chains and tokens served, pruned as entries expire. */
  readonly #cache = new Map<string, Cached<unknown>>();

  constructor(options: PriceApiOptions, now: () => number = Date.now) {
    this.#o = {
      url: options.url.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      apiKeyHeader: options.apiKeyHeader ?? 'x-cg-pro-api-key',
      timeoutMs: options.timeoutMs ?? 3_000,
    };
    this.#now = now;
  }

  /** USD per whole token, by lower-case address, for those of `tokens` the API prices. */
  async tokenUsd(platform: string, tokens: readonly Address[]): Promise<Map<string, string>> {
    const prices = new Map<string, string>();
    const unique = [...new Set(tokens.map((token) => token.toLowerCase()))].sort();
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += TOKENS_PER_REQUEST)
      chunks.push(unique.slice(i, i + TOKENS_PER_REQUEST));
    const answers = await Promise.all(
      chunks.map((chunk) =>
        this.#get(
          `/simple/token_price/${encodeURIComponent(platform)}?contract_addresses=${chunk.join(',')}&vs_currencies=usd`,
          usdQuotes,
        ),
      ),
    );
    for (const answer of answers) {
      for (const [address, quote] of Object.entries(answer ?? {}))
        if (quote.usd !== undefined) prices.set(address.toLowerCase(), decimalOfNumber(quote.usd));
    }
    return prices;
  }

  /** USD per coin (a chain's native currency, by the API's id for it), or null. */
  async coinUsd(coinId: string): Promise<string | null> {
    const answer = await this.#get(
      `/simple/price?ids=${encodeURIComponent(coinId)}&vs_currencies=usd`,
      usdQuotes,
    );
    const usd = answer?.[coinId]?.usd;
    return usd === undefined ? null : decimalOfNumber(usd);
  }

  /** Units of each currency per USD (codes upper-case), from the API's rates; empty when it fails. */
  async fiatPerUsd(): Promise<Record<string, string>> {
    const answer = await this.#get('/exchange_rates', exchangeRates);
    const usd = answer?.rates.usd?.value;
    if (!answer || usd === undefined) return {};
    const rates: Record<string, string> = {};
    for (const [code, rate] of Object.entries(answer.rates)) {
      // Currencies only, and of coins the two the real gateway also lists: commodities and units go.
      const wanted =
        rate.type === 'fiat' || ((rate.type ?? 'crypto') === 'crypto' && ['btc', 'eth'].includes(code));
      if (!/^[a-z]{3}$/.test(code) || !wanted) continue;
      rates[code.toUpperCase()] = decimalOfNumber(rate.value / usd);
    }
    return rates;
  }

  /**
   * One GET, its answer validated; null when it fails in any way (no answer, a status other than
   * 200, too large, not the shape expected), which the prices show as unknown. Answers and failures
   * are both kept for CACHE_MS, so a failing API is not asked on every request.
   */
  #get<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const now = this.#now();
    for (const [key, entry] of this.#cache) if (now - entry.at >= CACHE_MS) this.#cache.delete(key);
    const hit = this.#cache.get(path) as Cached<T | null> | undefined;
    if (hit) return hit.value;
    const value = this.#fetch(path, schema);
    this.#cache.set(path, { at: now, value });
    return value;
  }

  async #fetch<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const response = await fetch(`${this.#o.url}${path}`, {
        headers: {
          accept: 'application/json',
          ...(this.#o.apiKey ? { [this.#o.apiKeyHeader]: this.#o.apiKey } : {}),
        },
        redirect: 'error',
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return null;
      }
      if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
        await response.body?.cancel();
        return null;
      }
      const text = await response.text();
      if (text.length > MAX_ANSWER_BYTES) return null;
      const parsed = schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
