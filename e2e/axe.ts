import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, listing
 * each rule, its help text and the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, context?: string): Promise<void> {
  await walletSettled(page);
  // A colour scheme just switched is still transitioning: contrast is judged on the final colours.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(report, `accessibility violations${context ? ` on ${context}` : ''}`).toEqual([]);
}

/**
 * The wallet code loads once the page is idle, and RainbowKit's button spends its first frames (and
 * the session check) wrapped in aria-hidden: a scan that starts in that moment reports it. Scans wait
 * for the wallet code and for that wrapper to be gone; a page that never loads the wallet (Save-Data)
 * is scanned as it is.
 */
export async function walletSettled(page: Page): Promise<void> {
  const controls = page.getByTestId('wallet-controls');
  try {
    await controls.waitFor({ state: 'attached', timeout: 5_000 });
  } catch {
    return;
  }
  await expect(controls.locator(':scope > [aria-hidden="true"]')).toHaveCount(0);
}
