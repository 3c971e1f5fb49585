import type { SafeInfo } from '@countersign/gateway-api';

/** The longest a SafeInfo answer is reused when nothing told the gateway it changed. */
export const safeInfoTtlMs = 1_000;

/** The most answers kept: past it, the one loaded longest ago goes (a second later it would be stale anyway). */
export const defaultMaxSafeInfoEntries = 10_000;

/**
 * SafeInfo answers by chain and Safe, shared by concurrent requests and reused for a second. The
 * gateway drops an entry as soon as it learns the Safe changed: the indexer applied blocks touching
 * it, or a proposal or message for it was written. The map's order is the order of loading, so
 * whoever asks about many Safes makes it drop its oldest entry, never grow past `maxEntries`.
 */
export class SafeInfoCache {
  readonly #entries = new Map<string, { value: Promise<SafeInfo>; expiresAt: number }>();

  constructor(private readonly maxEntries = defaultMaxSafeInfoEntries) {}

  get size(): number {
    return this.#entries.size;
  }

  get(chainId: string, safe: string, load: () => Promise<SafeInfo>): Promise<SafeInfo> {
    const key = `${chainId}:${safe}`;
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load();
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: now + safeInfoTtlMs });
    // A failure (no Safe there, node down) is never reused.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  /** Forgets every answer (the store and the chain went back to an earlier state). */
  clear(): void {
    this.#entries.clear();
  }

  /** Forgets a chain's answers (another replica indexed it and did not say which Safes changed). */
  invalidateChain(chainId: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(`${chainId}:`)) this.#entries.delete(key);
  }

  invalidate(chainId: string, safes: Iterable<string>): void {
    for (const safe of safes) this.#entries.delete(`${chainId}:${safe}`);
  }
}
