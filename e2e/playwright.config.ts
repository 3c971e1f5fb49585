import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './globalSetup.ts',
  outputDir: '../.countersign/test-results/playwright',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    // As a user who asks for less motion: no skeleton shines while a test waits, so the browser
    // draws frames only when something changes (the transaction flow spec: 3.0 to 2.6 min).
    reducedMotion: 'reduce',
  },
});
