/** Past this, the app starts even if no frame came: a browser may hold frames back (a hidden tab). */
export const FIRST_FRAME_WAIT_MS = 100;

/**
 * Runs `start` once the browser has painted a frame of the page as the server sent it. Scripts a
 * browser has cached run as soon as parsing ends, before any frame: on a reload the server's render
 * would otherwise stay unpainted until the app had rendered the same page itself. A page that has
 * painted already (its scripts came over the network after the first frame), or has nothing of the
 * server's to paint, starts at once.
 */
export function afterFirstFrame(serverRendered: boolean, start: () => void, win: Window = window): void {
  const painted = win.performance.getEntriesByType('paint').length > 0;
  if (!serverRendered || painted || win.document.visibilityState !== 'visible') {
    start();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    win.clearTimeout(fallback);
    start();
  };
  // A frame's callbacks run before its paint; a task queued from them runs after it.
  win.requestAnimationFrame(() => win.setTimeout(once, 0));
  const fallback = win.setTimeout(once, FIRST_FRAME_WAIT_MS);
}
