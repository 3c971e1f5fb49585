import { defineConfig } from 'vitest/config';

/**
 * Unit tests (`*.test.ts`) are fast and need nothing running. Component tests (`*.test.tsx` in the
 * web app) render React with Testing Library in happy-dom. Integration tests (`*.int.test.ts`) start
 * their own devnet (anvil on a free port) and gateway per test file.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/serve/**/*.test.ts',
            'apps/demo-apps/serve/**/*.test.ts',
            'apps/demo-apps/src/**/*.test.ts',
            'scripts/test/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'services/*/test/**/*.int.test.ts',
            'scripts/test/**/*.int.test.ts',
            'apps/web/src/**/*.int.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
