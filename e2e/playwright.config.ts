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
    // Recording a trace costs about a third of every test's time (screencast frames and DOM
    // snapshots at each action), passed or not: a failure keeps its last screenshot, and
    // E2E_TRACE=1 records traces again to debug one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
