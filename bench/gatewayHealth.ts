/** What a gateway's GET /health says of one chain (see services/gateway/src/indexer/health.ts). */
export type ChainHealth = {
  role: 'indexes' | 'follows';
  state: string;
  block: number | null;
  head: number | null;
};

/** `chainId` as the gateway at `url` reports it; undefined while it does not answer (killed, starting). */
export async function chainHealth(url: string, chainId = '1337'): Promise<ChainHealth | undefined> {
  const response = await fetch(`${url}/health`).catch(() => undefined);
  if (!response?.ok) return undefined;
  return ((await response.json()) as { chains: Record<string, ChainHealth> }).chains[chainId];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` every `everyMs` until it holds; answers the milliseconds it took. A benchmark that
 * waits longer than `timeoutMs` for something has found a fault, not a figure: it throws.
 */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 60_000, everyMs = 25 } = {},
): Promise<number> {
  const started = performance.now();
  while (!(await check().catch(() => false))) {
    if (performance.now() - started > timeoutMs) throw new Error(`bench: timed out waiting for ${what}`);
    await sleep(everyMs);
  }
  return performance.now() - started;
}
