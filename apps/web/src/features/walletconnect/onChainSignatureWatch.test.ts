import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchUntilAccepted } from './onChainSignatureWatch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The times (ms since the start) at which `check` was called. */
function recorder(answers: (boolean | Error)[]) {
  const start = Date.now();
  const times: number[] = [];
  const check = vi.fn(async () => {
    times.push(Date.now() - start);
    const answer = answers.shift() ?? false;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { check, times };
}

describe('watchUntilAccepted', () => {
  it('asks at once, then after 4 s, backing off by half up to 30 s, and answers once when accepted', async () => {
    const { check, times } = recorder([
      false,
      false,
      new Error('node down'),
      false,
      false,
      false,
      false,
      true,
    ]);
    const onAccepted = vi.fn();
    watchUntilAccepted({ check, onAccepted });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(times).toEqual([0, 4_000, 10_000, 19_000, 32_500, 52_750, 82_750, 112_750]);
    expect(onAccepted).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(check).toHaveBeenCalledTimes(8);
  });

  it('stops when told to, or once it is no longer wanted (the session ended)', async () => {
    const first = recorder([]);
    const stop = watchUntilAccepted({ check: first.check, onAccepted: vi.fn() });
    await vi.advanceTimersByTimeAsync(5_000);
    stop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(first.times).toEqual([0, 4_000]);

    let wanted = true;
    const second = recorder([]);
    const onAccepted = vi.fn();
    watchUntilAccepted({ check: second.check, onAccepted, stillWanted: () => wanted });
    await vi.advanceTimersByTimeAsync(5_000);
    wanted = false;
    await vi.advanceTimersByTimeAsync(100_000);
    expect(second.times).toEqual([0, 4_000]);
    expect(onAccepted).not.toHaveBeenCalled();
  });
});
