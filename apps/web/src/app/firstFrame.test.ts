// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame, FIRST_FRAME_WAIT_MS } from './firstFrame';

/** A window whose frames and paint record the test controls. */
function fakeWindow({ painted = false, visible = true } = {}) {
  const frames: FrameRequestCallback[] = [];
  const win = {
    performance: { getEntriesByType: (type: string) => (type === 'paint' && painted ? [{}] : []) },
    document: { visibilityState: visible ? 'visible' : 'hidden' },
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  };
  return { win: win as unknown as Window, paintFrame: () => frames.splice(0).forEach((frame) => frame(0)) };
}

describe('starting the app after the first frame', () => {
  afterEach(() => vi.useRealTimers());

  it('starts at once on a page the app renders itself, or one painted already, or a hidden tab', () => {
    for (const [serverRendered, options] of [
      [false, {}],
      [true, { painted: true }],
      [true, { visible: false }],
    ] as const) {
      const start = vi.fn();
      afterFirstFrame(serverRendered, start, fakeWindow(options).win);
      expect(start).toHaveBeenCalledOnce();
    }
  });

  it('lets the server’s page be painted first, then starts once', () => {
    vi.useFakeTimers();
    const { win, paintFrame } = fakeWindow();
    const start = vi.fn();
    afterFirstFrame(true, start, win);
    vi.advanceTimersByTime(0);
    expect(start).not.toHaveBeenCalled();
    paintFrame();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(FIRST_FRAME_WAIT_MS);
    expect(start).toHaveBeenCalledOnce();
  });

  it('starts anyway when no frame comes', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    afterFirstFrame(true, start, fakeWindow().win);
    vi.advanceTimersByTime(FIRST_FRAME_WAIT_MS);
    expect(start).toHaveBeenCalledOnce();
  });
});
