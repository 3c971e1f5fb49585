/**
 * How a message signed on chain is waited for: its Safe transaction needs the other owners and an
 * execution, which may take minutes or days, so the chain is asked at once, then every 4 s, each
 * wait half as long again as the last, never more than 30 s apart.
 */
export const onChainWatchTiming = { firstMs: 4_000, factor: 1.5, maxMs: 30_000 };

/**
 * Asks `check` until it says yes, then calls `onAccepted` once. `stillWanted` is asked before each
 * check (the dapp's session may have ended); the returned function stops the watch (the Safe's pages
 * unmounted). A check that throws counts as a no.
 */
export function watchUntilAccepted(params: {
  check: () => Promise<boolean>;
  onAccepted: () => void;
  stillWanted?: () => boolean;
  timing?: typeof onChainWatchTiming;
}): () => void {
  const { check, onAccepted, stillWanted = () => true, timing = onChainWatchTiming } = params;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = async (waitedMs: number) => {
    if (stopped) return;
    if (!stillWanted()) {
      stopped = true;
      return;
    }
    const accepted = await check().catch(() => false);
    if (stopped) return;
    if (accepted) {
      stopped = true;
      onAccepted();
      return;
    }
    const next = waitedMs === 0 ? timing.firstMs : Math.min(timing.maxMs, waitedMs * timing.factor);
    timer = setTimeout(() => void attempt(next), next);
  };
  void attempt(0);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
