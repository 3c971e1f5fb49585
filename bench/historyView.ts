import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startDevnet } from '@countersign/devnet';
import { startWebServer } from '../apps/web/serve/server';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { freePort } from '../scripts/ports';
import { ensureWebBuild } from '../scripts/webBuild';
import { scaleHistoryItems, seedSafeAtScale, spawnGateway, stopGateway, waitForHistory } from './scaleSafe';
import { announce, announced } from './pageSignal';
import { median, ms, percentile } from './stats';

// The in-page code is written as strings: tsx's name helpers do not exist inside the page.

/**
 * Records, in the page's own clock (0 = navigation start), the frame after the first row appears;
 * and the frame after the app has taken the page over (a page the server rendered is inert until the
 * app's first render replaces it).
 */
const firstRowProbe = `
  window.__firstRow = null;
  window.__appLive = null;
  const check = () => {
    if (document.querySelector('[data-testid="tx-row"]')) {
      if (window.__firstRow === null) requestAnimationFrame(() => {
        if (window.__firstRow !== null) return;
        window.__firstRow = performance.now();
        ${announce('first-row')};
      });
      if (!document.querySelector('[data-prerendered]')) {
        requestAnimationFrame(() => { window.__appLive = performance.now(); ${announce('app-live')}; });
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

/**
 * Scrolls the whole history, top to bottom, a fixed distance each frame, waiting at the end of
 * what is loaded for the next page. For each scrolling frame: the main thread's time from the start
 * of the frame until its rendering is done (a task posted from requestAnimationFrame runs after
 * style, layout and paint). Also the most rows the list had in the DOM at once.
 */
const scrollWholeHistory = (pixelsPerFrame: number) => `new Promise((resolve) => {
  const frames = [];
  let maxRows = 0;
  let waitingFrames = 0;
  const started = performance.now();
  const frame = (start) => {
    const list = document.querySelector('[data-testid="history-list"]');
    maxRows = Math.max(maxRows, list ? list.children.length : 0);
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    if (atEnd) {
      if (document.querySelector('[data-testid="history-end"]')) {
        resolve({ frames, maxRows, waitingFrames, seconds: (performance.now() - started) / 1000 });
        return;
      }
      waitingFrames++;
      requestAnimationFrame(frame);
      return;
    }
    window.scrollBy(0, ${pixelsPerFrame});
    const channel = new MessageChannel();
    channel.port1.onmessage = () => frames.push(performance.now() - start);
    channel.port2.postMessage(0);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

type ScrollResult = { frames: number[]; maxRows: number; waitingFrames: number; seconds: number };

/** The page's JS heap after a garbage collection, and how many elements it has. */
async function heapMb(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  const nodes = (await page.evaluate('document.getElementsByTagName("*").length')) as number;
  await session.detach();
  return { heap: usedSize / 1024 / 1024, nodes };
}

/**
 * The history view at the scale, in headless Chromium on the local stack: a Safe with 10,000
 * executed transactions (and 1,000 token transfers), its history's first page painted, the whole
 * history scrolled (rows in the DOM, frame times, JS heap), and its CSV export.
 */
export async function benchHistoryView(): Promise<string[]> {
  ensureWebBuild();
  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-history-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-history-data-'));
  const downloads = mkdtempSync(join(tmpdir(), 'countersign-history-csv-'));
  const devnet = await startDevnet({ port: 0, stateDir });
  let gateway: Awaited<ReturnType<typeof spawnGateway>> | undefined;
  let web: Awaited<ReturnType<typeof startWebServer>> | undefined;
  let browser: Browser | undefined;
  try {
    const { safe } = await seedSafeAtScale(devnet);
    const webPort = await freePort();
    gateway = await spawnGateway({
      DEVNET_MANIFEST: devnet.manifestPath,
      GATEWAY_DATA_DIR: dataDir,
      WEB_PORT: String(webPort),
    });
    await waitForHistory(gateway.url, safe);
    web = await startWebServer({ port: webPort, gatewayUrl: gateway.url });
    const historyPath = `${web.url}/local:${safe}/transactions/history`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    // The page's Content-Security-Policy refuses string evaluation, which the probes below use.
    const contextOptions = { viewport: { width: 1280, height: 900 }, bypassCSP: true };

    // First page painted, on a fresh browser profile each time (nothing cached, nothing saved).
    const cold: number[] = [];
    const coldLive: number[] = [];
    for (let i = 0; i < 6; i++) {
      const context = await browser.newContext(contextOptions);
      await context.addInitScript(firstRowProbe);
      const page = await context.newPage();
      const live = announced(page, 'app-live');
      await page.goto(historyPath);
      await live;
      // The first visit also warms the gateway and the server's file cache: not counted.
      if (i > 0) {
        cold.push((await page.evaluate('window.__firstRow')) as number);
        coldLive.push((await page.evaluate('window.__appLive')) as number);
      }
      await context.close();
    }
    // Again in the same profile: scripts cached, the first page saved from the visit before.
    const warmContext = await browser.newContext(contextOptions);
    await warmContext.addInitScript(firstRowProbe);
    const warmPage = await warmContext.newPage();
    const shown = announced(warmPage, 'first-row');
    await warmPage.goto(historyPath);
    await shown;
    await warmPage.waitForTimeout(1500);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reshown = announced(warmPage, 'first-row');
      await warmPage.reload();
      await reshown;
      warm.push((await warmPage.evaluate('window.__firstRow')) as number);
    }
    await warmContext.close();

    // The whole history, top to bottom.
    const context = await browser.newContext({ ...contextOptions, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(historyPath);
    await page.getByTestId('tx-row').first().waitFor();
    await page.waitForTimeout(500);
    const before = await heapMb(page);
    const scroll = (await page.evaluate(scrollWholeHistory(240))) as ScrollResult;
    const after = await heapMb(page);
    const loadedRows = (await page.evaluate(
      'document.querySelectorAll(\'[data-testid="history-list"] > li\').length',
    )) as number;
    const frames = [...scroll.frames].sort((a, b) => a - b);

    // The CSV export of everything, from the click to the file.
    await page.evaluate('window.scrollTo(0, 0)');
    const download = page.waitForEvent('download', { timeout: 120_000 });
    const exportStarted = performance.now();
    await page.getByTestId('export-csv').click();
    const file = await download;
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    const path = join(downloads, file.suggestedFilename());
    await file.saveAs(path);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n').length - 1;
    await context.close();

    return [
      `history first page painted (navigation start to first row), fresh profile: median ${ms(median(cold))}, max ${ms(Math.max(...cold))} over ${cold.length} loads (target ≤ 300 ms)`,
      `history on a first visit, the app live (the page the server rendered replaced by the app's): median ${ms(median(coldLive))}, max ${ms(Math.max(...coldLive))}`,
      `history first page painted, reload with scripts cached and the first page saved: median ${ms(median(warm))}, max ${ms(Math.max(...warm))}`,
      `history scrolled top to bottom (${scaleHistoryItems} items, 240 px a frame, ${scroll.seconds.toFixed(1)} s): at most ${scroll.maxRows} rows in the DOM (target ≤ 60; ${loadedRows} at the end)`,
      `history scroll frame times over ${frames.length} frames: p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, p99 ${ms(percentile(frames, 99))}, max ${ms(frames.at(-1) ?? Number.NaN)} (target p95 ≤ 16 ms); ${scroll.waitingFrames} frames waited for a page`,
      `history JS heap after GC: ${before.heap.toFixed(1)} MB with the first page, ${after.heap.toFixed(1)} MB after scrolling all ${scaleHistoryItems} (the pages stay in the query cache); DOM elements ${before.nodes} → ${after.nodes}`,
      `history CSV export of ${lines} transactions: ${exportSeconds.toFixed(1)} s from the click to the file (target ≤ 10 s)`,
    ];
  } finally {
    await browser?.close();
    await web?.close();
    if (gateway) await stopGateway(gateway.child);
    await devnet.stop();
    for (const dir of [stateDir, dataDir, downloads]) rmSync(dir, { recursive: true, force: true });
  }
}
