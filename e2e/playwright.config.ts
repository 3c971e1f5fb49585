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
  },
});
