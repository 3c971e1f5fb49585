import { test as base, expect } from '@playwright/test';
import { readStack, type E2eStack } from './stack';

/**
 * Tests get the running stack, and pages resolve relative URLs against its web server. Every page a
 * test opens is watched for Content-Security-Policy violations: the app must work within its policy.
 */
export const test = base.extend<{ stack: E2eStack }>({
  // Playwright requires the object pattern to see which fixtures are used: here, none.
  // eslint-disable-next-line no-empty-pattern
  stack: async ({}, use) => use(readStack()),
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(readStack().webUrl),
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        violations.push(message.text());
      }
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
export { expect };
