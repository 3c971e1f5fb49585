import { expect, test } from '../fixtures';
import { layoutFaults } from '../layoutFaults';

/**
 * Every page the navigation offers, on a desktop and a phone, light and dark: the document never
 * scrolls sideways, and no box shows a scrollbar it does not need (content a pixel or two taller or
 * wider than its box, as a tab bar whose tabs overlap its border was).
 */
const views = [
  'home',
  'assets',
  'assets/collectibles',
  'transactions/queue',
  'transactions/history',
  'messages',
  'apps',
  'address-book',
  'settings',
  'settings/modules',
  'settings/security',
  'settings/network',
  'settings/delegates',
  'settings/notifications',
  'settings/apps',
  'new-transaction/send',
];

for (const [width, height] of [
  [1280, 800],
  [375, 760],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no page overflows or shows a needless scrollbar at ${width} px, ${colorScheme}`, async ({
      page,
      stack,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      const base = `/local:${stack.safes[0]!.address}`;
      for (const path of ['/', '/new-safe', ...views.map((view) => `${base}/${view}`)]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await layoutFaults(page), `${path} at ${width} px, ${colorScheme}`).toEqual([]);
      }
    });
  }
}
