import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Feature boundaries in the web app: a feature is used through its public entry
 * (features/<name>/index.ts), never through its internals. Relative imports are checked at each
 * folder depth, so "../<other>/x" from a feature's top folder and "../../<other>/x" one level down
 * are both refused (at that depth "../" leaves the feature's folder for features/), while a feature's
 * own subfolders stay free. app/, ui/ and lib/ may reach a
 * feature only through its entry; ui/ and lib/ not at all.
 */
const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureMessage =
  'Import another feature through its public entry (features/<name>/index.ts), not its internals.';
const featureBoundaries = features.flatMap((feature) =>
  [1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!${feature}/)[a-z-]+/(?!index$).+`,
              message: featureMessage,
            },
            {
              regex: `^(\\.\\./){${depth + 1}}features/[a-z-]+/(?!index$).+`,
              message: featureMessage,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/dist-server',
      '.countersign',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests and benchmarks read fixtures they just created; asserting presence there is the point.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...featureBoundaries,
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./features/[a-z-]+/(?!index$).+', message: featureMessage }] },
      ],
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./features/',
              message: 'ui/ and lib/ sit below the features: they must not import them.',
            },
          ],
        },
      ],
    },
  },
);
