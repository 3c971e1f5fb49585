/**
 * The steps of `npm start` under way, so that a start past its deadline names the ones that never
 * finished (and how long each has run). COUNTERSIGN_START_TRACE=1 also prints each step on stderr as
 * it begins and ends, with the time since the start began (the end-to-end tests set it).
 */
const began = performance.now();
const underWay = new Map<string, { detail: string; since: number }>();

const elapsed = (since: number) => `${Math.round(performance.now() - since)} ms`;

function trace(line: string) {
  if (process.env.COUNTERSIGN_START_TRACE === '1')
    process.stderr.write(`start: ${line} (${elapsed(began)})\n`);
}

/** Marks `step` as begun; the function returned marks it done. */
export function beginStep(step: string): { detail(text: string): void; done(): void } {
  underWay.set(step, { detail: '', since: performance.now() });
  trace(step);
  return {
    detail(text) {
      const entry = underWay.get(step);
      if (entry) entry.detail = text;
      trace(`${step}: ${text}`);
    },
    done() {
      underWay.delete(step);
      trace(`${step}: done`);
    },
  };
}

/** Runs `work` as the step `step`; done when it settles, either way. */
export async function asStep<T>(
  step: string,
  work: (detail: (text: string) => void) => Promise<T>,
): Promise<T> {
  const marker = beginStep(step);
  try {
    return await work(marker.detail);
  } finally {
    marker.done();
  }
}

/** The steps begun and not finished, as "devnet 1337 (seeding the demo; 61234 ms)". */
export function unfinishedSteps(): string[] {
  return [...underWay].map(
    ([step, { detail, since }]) => `${step} (${detail ? `${detail}; ` : ''}running for ${elapsed(since)})`,
  );
}
