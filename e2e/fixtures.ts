import { test as base } from '@playwright/test';
import { readStack, type E2eStack } from './stack';

/** Tests get the running stack, and pages resolve relative URLs against its web server. */
export const test = base.extend<{ stack: E2eStack }>({
  // Playwright requires the object pattern to see which fixtures are used: here, none.
  // eslint-disable-next-line no-empty-pattern
  stack: async ({}, use) => use(readStack()),
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(readStack().webUrl),
});
export { expect } from '@playwright/test';
