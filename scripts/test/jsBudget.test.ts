import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { encode } from '@jridgewell/sourcemap-codec';
import { afterAll, describe, expect, it } from 'vitest';
import { checkJsBudget, contributorOf, HOME_VIEW, type Budgets } from '../jsBudget';

/**
 * A build written here: a first script importing a shared chunk, the home view, one route. Each
 * file's code is hex of random bytes (it compresses to about half), mapped half to one source and
 * half to another, so that the breakdown has something to share out.
 */
const dist = mkdtempSync(join(tmpdir(), 'js-budget-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function chunk(file: string, bytes: number, sources: [string, string]) {
  const code = randomBytes(bytes / 2).toString('hex');
  const half = code.length / 2;
  writeFileSync(join(dist, file), code);
  writeFileSync(
    join(dist, `${file}.map`),
    JSON.stringify({
      version: 3,
      sources,
      names: [],
      mappings: encode([
        [
          [0, 0, 0, 0],
          [half, 1, 0, 0],
        ],
      ]),
    }),
  );
}

mkdirSync(join(dist, '.vite'), { recursive: true });
mkdirSync(join(dist, 'assets'));
chunk('assets/index.js', 20_000, ['../../node_modules/react-dom/cjs/react-dom.js', '../src/main.tsx']);
chunk('assets/shared.js', 10_000, ['../../node_modules/zod/v4/core.js', '../src/lib/config.ts']);
chunk('assets/HomePage.js', 4_000, [
  '../src/features/home/HomePage.tsx',
  '../src/features/assets/TopAssets.tsx',
]);
chunk('assets/pages.js', 6_000, [
  '../src/features/messages/pages.tsx',
  '../../packages/gateway-api/src/client.ts',
]);
writeFileSync(
  join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    [HOME_VIEW]: { file: 'assets/HomePage.js', imports: ['_shared.js'], isDynamicEntry: true },
    'src/features/messages/pages.tsx': { file: 'assets/pages.js', isDynamicEntry: true },
  }),
);

function check(budgets: Budgets) {
  const lines: string[] = [];
  const budgetsPath = join(dist, 'budget.json');
  writeFileSync(budgetsPath, JSON.stringify(budgets));
  const result = checkJsBudget({
    repoRoot: dist,
    dist,
    budgetsPath,
    buildMaps: () => dist,
    log: (l) => lines.push(l),
  });
  return { ...result, text: lines.join('\n') };
}

describe('the JavaScript budget', () => {
  it('passes a build within its budgets, printing each figure', () => {
    const result = check({
      homeInitial: 40,
      routeFirstChunk: { [HOME_VIEW]: 10, 'src/features/messages/pages.tsx': 10 },
    });
    expect(result).toMatchObject({ passed: 3, failed: 0 });
    expect(result.text).toMatch(/^✓ +\d+\.\d kB of +40\.0 kB {2}home initial JS$/m);
  });

  it('fails a too-small budget with the figure, the budget and the biggest contributors', () => {
    const result = check({
      homeInitial: 10,
      routeFirstChunk: { [HOME_VIEW]: 10 },
    });
    // The home over its budget; the route the budget file does not name fails too.
    expect(result).toMatchObject({ passed: 1, failed: 2 });
    expect(result.text).toMatch(
      /✗ home initial JS: \d+\.\d kB gzip, over its budget of 10\.0 kB by \d+\.\d kB\. Its biggest contributors:/,
    );
    expect(result.text).toContain('src/features/messages/pages.tsx: ');
    expect(result.text).toContain('and apps/web/js-budget.json gives it no budget');
    // The first script is the biggest file: half of it is React DOM.
    const breakdown = result.text
      .split('Its biggest contributors:')[1]!
      .split('\n')
      .filter((l) => l.includes('kB'));
    expect(breakdown[0]).toMatch(/ kB +\d+% {2}(react-dom|app: main\.tsx)$/);
    expect(breakdown.map((line) => line.replace(/^.*% {2}/, ''))).toEqual(
      expect.arrayContaining(['react-dom', 'zod', 'app: lib', 'app: features/home', 'app: features/assets']),
    );
  });

  it('counts the files the home loads first against their budget, and lists them when over', () => {
    const routes = { [HOME_VIEW]: 10, 'src/features/messages/pages.tsx': 10 };
    // The first script, the shared chunk and the home view's chunk.
    expect(check({ homeInitial: 40, homeInitialFiles: 3, routeFirstChunk: routes })).toMatchObject({
      passed: 4,
      failed: 0,
    });
    const over = check({ homeInitial: 40, homeInitialFiles: 2, routeFirstChunk: routes });
    expect(over).toMatchObject({ passed: 3, failed: 1 });
    expect(over.text).toMatch(/^✗ +3 files of +2 {2}home initial JS, files$/m);
    expect(over.text).toContain('✗ home initial JS: 3 files, over its budget of 2');
    expect(over.text).toContain('  assets/shared.js');
  });

  it('files sources under their package or the app feature they belong to', () => {
    expect(contributorOf('../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe(
      '@tanstack/query-core',
    );
    expect(contributorOf('../../../node_modules/.pnpm/x/node_modules/react/index.js')).toBe('react');
    expect(contributorOf('../src/features/safe/SafeLayout.tsx')).toBe('app: features/safe');
    expect(contributorOf('../src/ui/Button.tsx')).toBe('app: ui');
    expect(contributorOf('../../packages/safe-core/src/hash.ts')).toBe('packages/safe-core');
  });
});
