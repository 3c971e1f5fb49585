import { chromium, type Frame, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startE2eStack } from '../e2e/stack';
import { ensureWebBuild } from '../scripts/webBuild';
import { median, ms, percentile } from './stats';

const OPENS = 8;
const ROUND_TRIPS = 50;

/** Waits for a frame of the page whose URL starts with `prefix`. */
async function frameOf(page: Page, prefix: string): Promise<Frame> {
  for (let i = 0; i < 400; i++) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(prefix));
    if (frame) return frame;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No frame at ${prefix}`);
}

/**
 * The Safe Apps host on the local stack: how soon a demo app's frame shows after its Open button in
 * the catalogue is clicked (the frame's load, the host's loading cover gone), and the getSafeInfo
 * round trip as the test app (real SDK) measures it.
 */
export async function benchSafeApps(): Promise<string[]> {
  ensureWebBuild();
  const started = await startE2eStack();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const { stack } = started;
    const base = `/local:${stack.safes[0]!.address}`;
    const context = await browser.newContext({
      baseURL: stack.webUrl,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();

    // Catalogue → Open → the app's frame loaded and shown. The first open warms caches: not counted.
    const opens: number[] = [];
    for (let i = 0; i <= OPENS; i++) {
      await page.goto(`${base}/apps`);
      const open = page.getByRole('link', { name: 'Open Transaction Builder (demo)' });
      await open.waitFor();
      const clicked = Date.now();
      await open.click();
      await page.locator('[data-testid="safe-app-host"][data-status="ready"]').waitFor();
      if (i > 0) opens.push(Date.now() - clicked);
    }

    // The test app (not in the catalogue: its warning accepted once), then getSafeInfo again and again.
    await page.goto(
      `${base}/apps/open?appUrl=${encodeURIComponent(`${stack.demoAppsUrl}/test-app/?auto=0`)}`,
    );
    await page.getByTestId('unknown-app-accept').click();
    const frame = await frameOf(page, `${stack.demoAppsUrl}/test-app/`);
    await frame.waitForFunction(
      () => (window as unknown as { __testApp?: { connected: boolean } }).__testApp?.connected,
    );
    const trips: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const result = (await frame.evaluate(() =>
        (
          window as unknown as {
            __testApp: { run(step: string): Promise<{ ok: boolean; ms: number; error?: string }> };
          }
        ).__testApp.run('sdk.getInfo'),
      )) as { ok: boolean; ms: number; error?: string };
      if (!result.ok) throw new Error(`getSafeInfo failed in the test app: ${result.error}`);
      trips.push(result.ms);
    }
    await context.close();
    const sorted = [...trips].sort((a, b) => a - b);
    return [
      `safe apps  demo app frame shown after Open: median ${ms(median(opens))}, max ${ms(Math.max(...opens))} over ${OPENS} opens (target ≤ 500 ms)`,
      `safe apps  getSafeInfo round trip from the app (real SDK): median ${ms(median(trips))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1)!)} over ${ROUND_TRIPS} calls (target ≤ 10 ms)`,
    ];
  } finally {
    await browser.close();
    await started.stop();
  }
}
