import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_DATA_MODULE, preloadsOf, safeViewOf, viewModules } from './viewPreloads';

const safe = '/local:0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';

describe('preloads of a Safe view', () => {
  it('reads the view from a Safe page path', () => {
    expect(safeViewOf(`${safe}/transactions/history`)).toBe('transactions/history');
    expect(safeViewOf(`${safe}/home/`)).toBe('home');
    expect(safeViewOf(safe)).toBe('home');
    expect(safeViewOf('/explorer/address/0x1')).toBeUndefined();
    expect(safeViewOf('/')).toBeUndefined();
    expect(safeViewOf(`${safe}/%E0%A4%A`)).toBeUndefined();
  });

  it('names a module for every view of the navigation', () => {
    for (const view of [
      'home',
      'assets',
      'assets/collectibles',
      'transactions/queue',
      'messages',
      'settings/modules',
      'address-book',
      'apps',
    ]) {
      expect(
        viewModules.some(([pattern]) => pattern.test(view)),
        view,
      ).toBe(true);
    }
  });

  it("preloads a list's code for the lists, and a transaction's own page for a transaction", () => {
    const moduleOf = (view: string) => viewModules.find(([pattern]) => pattern.test(view))?.[1];
    for (const view of ['transactions', 'transactions/queue', 'transactions/history'])
      expect(moduleOf(view), view).toBe('src/features/transactions/pages.tsx');
    expect(moduleOf('transactions/multisig_0xe690_0xabc')).toBe(
      'src/features/transactions/TransactionPage.tsx',
    );
  });

  it("lists a module's chunks and styles, leaving out what the first script loads", () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_shell.js'] },
      '_shell.js': { file: 'assets/shell.js' },
      '_ui.js': { file: 'assets/ui.js', imports: ['_shell.js'], css: ['assets/ui.css'] },
      'src/view.tsx': {
        file: 'assets/view.js',
        imports: ['index.html', '_shell.js', '_ui.js'],
        css: ['assets/view.css'],
      },
    };
    expect(preloadsOf(manifest, 'src/view.tsx')).toEqual({
      scripts: ['/assets/view.js', '/assets/ui.js'],
      styles: ['/assets/view.css', '/assets/ui.css'],
    });
  });

  it('names only modules the build has', () => {
    const manifestPath = join(import.meta.dirname, '../dist/.vite/manifest.json');
    // The web build runs before the tests in npm test; without one there is nothing to check.
    expect(existsSync(manifestPath), 'apps/web/dist has no manifest: build the app first').toBe(true);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    for (const [, module] of viewModules) expect(Object.keys(manifest)).toContain(module);
    expect(Object.keys(manifest)).toContain(PRERENDERED_DATA_MODULE);
  });
});
