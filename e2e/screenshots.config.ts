import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the README's pictures, taken from the running app on the devnet stack the
 * e2e suite uses (never part of `npm test`: they write into docs/).
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  workers: 1,
  fullyParallel: false,
  outputDir: '../.countersign/test-results/screenshots',
});
