import type { Page } from '@playwright/test';

/**
 * How a probe in the page says it has taken its measure: a console message, which the browser
 * reports to the harness unasked. Polling for it with Playwright's `waitForFunction` would first
 * have Playwright inject its own script into the page, and that script's parsing (about 9 ms on
 * this machine) would run on the main thread in the middle of the load being measured.
 */
const PREFIX = 'countersign-bench:';

/** In-page code (a string, for the probes' scripts) that says `name` has been measured. */
export const announce = (name: string) => `console.debug(${JSON.stringify(PREFIX + name)})`;

/** Resolves when the page announces `name`; call it before the navigation that is measured. */
export async function announced(page: Page, name: string, timeout = 30_000): Promise<void> {
  await page.waitForEvent('console', { predicate: (message) => message.text() === PREFIX + name, timeout });
}
