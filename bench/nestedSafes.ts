import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { nestedFamily, proposePayment } from '../e2e/nestedFamily';
import { startE2eStack } from '../e2e/stack';
import { ensureWebBuild } from '../scripts/webBuild';
import { owner } from './ownerPage';
import { median, ms } from './stats';

type Stack = Awaited<ReturnType<typeof startE2eStack>>['stack'];

const ROUNDS = 5;

/**
 * One round: a fresh family (P owned by A and B, 2 of 2; C by P and owner C); owner C proposes on C;
 * A signs for P; then, timed, B's click on "Sign for P" until C's page shows P's confirmation (the
 * wallet's signature, P's message completed on the gateway, P's contract signature built and added
 * to C's confirmations, C's transaction read again).
 */
async function round(browser: Browser, stack: Stack): Promise<number> {
  const { parent, child } = await nestedFamily(stack);
  const { txId } = await proposePayment(stack, child, 'owner C');
  const path = `/local:${child}/transactions/${encodeURIComponent(txId)}`;
  const row = `[data-testid="parent-safe"][data-parent="${parent}"]`;
  const a = await owner(browser, stack, 'owner A', path);
  try {
    await a.page.locator(`${row} [data-testid="parent-sign"]`).click();
    await a.page.locator(`${row} [data-testid="parent-safe-status"]:has-text("1 of 2")`).waitFor();
  } finally {
    await a.close();
  }
  const b = await owner(browser, stack, 'owner B', path);
  try {
    await b.page.locator(`${row} [data-testid="parent-safe-status"]:has-text("1 of 2")`).waitFor();
    const started = Date.now();
    await b.page.locator(`${row} [data-testid="parent-sign"]`).click();
    await b.page
      .locator(`${row} [data-testid="parent-safe-status"]:has-text("confirmed this transaction")`)
      .waitFor();
    await b.page.locator('[data-testid="details-confirmation"]').nth(1).waitFor();
    return Date.now() - started;
  } finally {
    await b.close();
  }
}

/** Nested Safes on the devnet: from the last parent owner's signature to P's confirmation on C's page. */
export async function benchNestedSafes(): Promise<string[]> {
  ensureWebBuild();
  const started = await startE2eStack();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await round(browser, started.stack); // warm-up
    const results: number[] = [];
    for (let i = 0; i < ROUNDS; i++) results.push(await round(browser, started.stack));
    return [
      `nested   last owner of P signs → P's confirmation shown on C's transaction: median ${ms(median(results))}, max ${ms(Math.max(...results))} (${ROUNDS} rounds; target ≤ 1 s)`,
    ];
  } finally {
    await browser.close();
    await started.stop();
  }
}
