import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { preactAliases, reactRouterAliases } from './apps/web/libraryAliases.ts';

/**
 * Unit tests (`*.test.ts`) are fast and need nothing running. Component tests (`*.test.tsx` in the
 * web app) render the app (React's API on Preact) with Testing Library in happy-dom. Integration tests (`*.int.test.ts`) start
 * their own devnet (anvil on a free port) and gateway per test file.
 */
export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is one worker on a 2-core machine: the
    // integration tests spend most of their time waiting on anvil and the gateway, so a second worker
    // halves the run there (541 s to 291 s on 2 cores; a third gave 270 s, not worth the contention).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          // Unit tests keep no state between files (each that fakes timers or stubs puts them back),
          // so their files share a worker's modules rather than each importing viem and zod anew:
          // 80 s to 26 s of this project on 2 cores. Component tests stay isolated: their libraries
          // keep state in modules (stores, caches) that one file would leave to the next; run so,
          // some of them fail.
          isolate: false,
          include: [
            'packages/*/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/serve/**/*.test.ts',
            'apps/demo-apps/serve/**/*.test.ts',
            'apps/demo-apps/src/**/*.test.ts',
            'scripts/test/**/*.test.ts',
            'bench/test/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          // What ships: React's API on Preact, libraries included (they are inlined so that the
          // aliases reach their imports of React too).
          alias: [
            // Its CommonJS build would require the real React DOM, past the aliases.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
            ...reactRouterAliases('development'),
            ...preactAliases,
          ],
          server: {
            deps: {
              inline: [
                /@testing-library\/react/,
                /react-router/,
                /@tanstack\/react-/,
                /react-hook-form/,
                /@hookform\//,
                /wagmi/,
                /@rainbow-me\//,
                /use-sync-external-store/,
              ],
            },
          },
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          // As the unit tests: no file leaves state behind (each stops the devnets, gateways and
          // processes it started), and sharing a worker's modules also shares its first in-memory
          // database's migrated copy (openPgliteInMemory): 352 s to 231 s of this project.
          isolate: false,
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
