import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import { doubleChainId, webAppOnDouble } from '../gatewayDouble';

/** The Safe Apps catalogue: the chain's apps from the gateway, searchable and filtered by tag. */

type CatalogueApp = {
  name: string;
  tags: string[];
  features: string[];
  featured?: boolean;
  accessControl: { type: string; value: string[] | null };
};

const appNames = (page: Page) => page.getByTestId('app-name');

/** The rule the page must apply, written out again here so the test checks it rather than reuses it. */
function visibleOn(origin: string, app: CatalogueApp): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '');
  if (app.accessControl.type === 'NO_RESTRICTIONS') return true;
  if (app.accessControl.type !== 'DOMAIN_ALLOWLIST') return false;
  return (app.accessControl.value ?? []).some((allowed) => trim(allowed) === trim(origin));
}

test.describe('Safe Apps catalogue on the demo stack', () => {
  test('shows the local gateway’s catalogue as it lists it', async ({ page, stack }) => {
    const origin = new URL(stack.webUrl).origin;
    const response = await fetch(
      `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safe-apps?clientUrl=${encodeURIComponent(origin)}`,
    );
    expect(response.status).toBe(200);
    const listed = (await response.json()) as CatalogueApp[];
    const expected = listed
      .filter((app) => visibleOn(origin, app))
      .sort(
        (a, b) => Number(b.featured === true) - Number(a.featured === true) || a.name.localeCompare(b.name),
      );

    await page.goto(`/local:${stack.safes[0]!.address}/apps`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps');
    if (listed.length === 0) {
      // The demo gateway may list no app: the page says so instead of showing an empty grid.
      await expect(page.getByTestId('apps-empty')).toContainText('No Safe Apps on Countersign Devnet');
      await expect(page.getByTestId('safe-app')).toHaveCount(0);
      return;
    }
    if (expected.length === 0) {
      await expect(page.getByTestId('apps-restricted')).toContainText(origin);
      return;
    }
    await expect(appNames(page)).toHaveText(expected.map((app) => app.name));
    for (const app of expected) {
      const card = page.getByRole('article', { name: app.name, exact: true });
      for (const tag of app.tags) await expect(card.getByTestId('app-tags')).toContainText(tag);
      if (app.features.includes('BATCHED_TRANSACTIONS'))
        await expect(card.getByTestId('app-features')).toContainText('Batched transactions');
    }
  });

  test('apps/open refuses an address that is not http(s), and shows it as text', async ({ page, stack }) => {
    const appUrl = 'javascript:alert(1)//<b>x</b>';
    await page.goto(`/local:${stack.safes[0]!.address}/apps/open?appUrl=${encodeURIComponent(appUrl)}`);
    await expect(page.getByTestId('app-url-invalid')).toContainText(
      'Safe Apps run from http(s) addresses only.',
    );
    await expect(page.getByTestId('requested-app-url')).toHaveText(appUrl);
    await expect(page.getByTestId('safe-app-frame')).toHaveCount(0);
    await page.getByTestId('back-to-apps').click();
    await expect(page).toHaveURL(new RegExp(`/local:${stack.safes[0]!.address}/apps$`));
  });
});

const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="#2563eb"/></svg>';
const hostileName = '<img src=x onerror="window.__pwned=1">\u202Eevil';

/** A catalogue in the gateway's shape; `origin` is the web app's, for the allow-listed apps. */
function catalogue(origin: string, iconBase: string) {
  const app = (overrides: Record<string, unknown>) => ({
    id: 0,
    url: 'https://app.example',
    name: '',
    iconUrl: null,
    description: '',
    chainIds: [doubleChainId],
    provider: null,
    accessControl: { type: 'NO_RESTRICTIONS', value: null },
    tags: [],
    features: [],
    developerWebsite: null,
    socialProfiles: [],
    featured: false,
    ...overrides,
  });
  return [
    app({
      id: 1,
      name: 'Swapper',
      url: 'https://swapper.example',
      iconUrl: `${iconBase}/icons/swapper.svg`,
      description: 'Trade tokens at the best price',
      tags: ['DeFi', 'DEX'],
      features: ['BATCHED_TRANSACTIONS'],
      provider: { name: 'Swapper Labs', url: 'https://labs.example' },
      developerWebsite: 'https://swapper.example',
      socialProfiles: [
        { platform: 'GITHUB', url: 'https://github.com/swapper' },
        { platform: 'DISCORD', url: 'https://discord.gg/swapper' },
      ],
    }),
    app({ id: 2, name: 'Vault', description: 'Earn yield on deposits', tags: ['DeFi'], featured: true }),
    app({
      id: 3,
      name: 'Gallery',
      description: 'See your NFTs',
      tags: ['NFT'],
      iconUrl: 'http://127.0.0.1:9/missing.png',
      features: ['SOMETHING_NEW'],
    }),
    app({
      id: 4,
      name: 'Allowed for this origin',
      tags: ['Infrastructure'],
      accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['https://elsewhere.example', `${origin}/`] },
    }),
    app({
      id: 5,
      name: 'Allowed for another origin',
      tags: ['DeFi'],
      accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['http://127.0.0.1:1'] },
    }),
    app({
      id: 6,
      name: 'Access type from the future',
      accessControl: { type: 'GEOFENCED', value: [origin] },
    }),
    app({
      id: 7,
      name: hostileName,
      url: 'javascript:alert(1)',
      iconUrl: 'javascript:alert(1)',
      description: `<script>window.__pwned=2</script>${'A very long description. '.repeat(420)}`,
      tags: ['<b>bold</b>'],
      provider: { name: '<i>provider</i>', url: 'javascript:alert(1)' },
      developerWebsite: 'javascript:alert(1)',
      socialProfiles: [
        { platform: 'TWITTER', url: 'javascript:alert(1)' },
        { platform: 'TELEGRAM', url: 'data:text/html,<script>alert(1)</script>' },
      ],
    }),
  ];
}

async function openDoubleCatalogue(page: Page) {
  const app = await webAppOnDouble();
  const origin = new URL(app.web.url).origin;
  app.double.on('GET', `/v1/chains/${doubleChainId}/safe-apps`, () => catalogue(origin, app.double.url));
  app.double.on('GET', '/icons/swapper.svg', () => ({
    raw: icon,
    headers: { 'Content-Type': 'image/svg+xml' },
  }));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${app.safePath}/apps`);
  await expect(page.getByTestId('apps-grid')).toBeVisible();
  return { ...app, origin, dialogs };
}

test.describe('Safe Apps catalogue against a scripted gateway', () => {
  test('shows allowed apps, featured first, with their metadata; asks with this origin', async ({ page }) => {
    const app = await openDoubleCatalogue(page);
    try {
      await expect(appNames(page)).toHaveText([
        'Vault',
        hostileName,
        'Allowed for this origin',
        'Gallery',
        'Swapper',
      ]);
      const request = app.double.requests.find((entry) => entry.path.endsWith('/safe-apps'));
      expect(request?.query.get('clientUrl')).toBe(app.origin);
      await expect(page.getByTestId('apps-restricted-note')).toHaveText(
        '2 more apps are listed for Gateway double but restricted to other sites.',
      );

      const swapper = page.getByRole('article', { name: 'Swapper' });
      await expect(swapper.getByTestId('app-host')).toHaveText('swapper.example');
      await expect(swapper.getByTestId('app-description')).toHaveText('Trade tokens at the best price');
      await expect(swapper.getByTestId('app-tags').getByRole('listitem')).toHaveText(['DeFi', 'DEX']);
      await expect(swapper.getByTestId('app-features')).toHaveText('Batched transactions');
      await expect(swapper.getByTestId('app-provider')).toHaveText(/By Swapper Labs/);
      // Its own links, then Open (into Countersign's host).
      const links = swapper.getByRole('link');
      await expect(links).toHaveCount(5);
      await expect(links.nth(4)).toHaveAttribute('data-testid', 'app-open');
      for (const [index, href] of [
        'https://labs.example',
        'https://swapper.example',
        'https://github.com/swapper',
        'https://discord.gg/swapper',
      ].entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', href);
        await expect(links.nth(index)).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(links.nth(index)).toHaveAttribute('target', '_blank');
      }
      // The icon loads from its URL without a referrer; a broken one falls back.
      const image = swapper.getByTestId('app-icon');
      await expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const gallery = page.getByRole('article', { name: 'Gallery' });
      await expect(gallery.getByTestId('app-icon-fallback')).toBeVisible();
      await expect(gallery.getByTestId('app-features')).toHaveText('SOMETHING_NEW');
      await expect(page.getByRole('article', { name: 'Vault' }).getByTestId('app-featured')).toHaveText(
        'Featured',
      );

      // Each app opens in the host, at its own URL.
      for (const open of await page.getByTestId('app-open').all()) {
        await expect(open).toHaveAttribute('href', /\/apps\/open\?appUrl=https?%3A/);
      }
    } finally {
      await app.stop();
    }
  });

  test('search and tag filter narrow the catalogue', async ({ page }) => {
    const app = await openDoubleCatalogue(page);
    try {
      const search = page.getByRole('searchbox', { name: 'Search apps' });
      await search.fill('yield');
      await expect(appNames(page)).toHaveText(['Vault']);
      await expect(page.getByTestId('apps-count')).toHaveText('1 of 5 apps');
      await search.fill('DEX');
      await expect(appNames(page)).toHaveText(['Swapper']);
      await search.fill('no such app');
      await expect(page.getByTestId('apps-no-match')).toContainText('No app matches');
      await page.keyboard.press('Escape');
      await expect(search).toHaveValue('');
      await expect(appNames(page)).toHaveCount(5);

      const tags = page.getByRole('group', { name: 'Tags' });
      await expect(tags.getByRole('button')).toHaveText([
        /^DeFi\s*2$/,
        /^<b>bold<\/b>\s*1$/,
        /^DEX\s*1$/,
        /^Infrastructure\s*1$/,
        /^NFT\s*1$/,
      ]);
      await tags.getByRole('button', { name: /^NFT/ }).click();
      await expect(tags.getByRole('button', { name: /^NFT/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(appNames(page)).toHaveText(['Gallery']);
      await tags.getByRole('button', { name: /^DeFi/ }).click();
      await expect(appNames(page)).toHaveText(['Vault', 'Gallery', 'Swapper']);
      await search.fill('trade');
      await expect(appNames(page)).toHaveText(['Swapper']);
      await expect(tags.getByRole('button', { name: /^NFT/ })).toHaveText(/^NFT\s*0$/);
      await page.getByTestId('clear-filters').click();
      await expect(appNames(page)).toHaveCount(5);
    } finally {
      await app.stop();
    }
  });

  test('hostile metadata stays inert text and the page stays usable', async ({ page }) => {
    const app = await openDoubleCatalogue(page);
    try {
      const hostile = page
        .getByTestId('safe-app')
        .filter({ has: page.getByText(hostileName, { exact: true }) });
      await expect(hostile.getByTestId('app-name')).toHaveText(hostileName);
      await expect(hostile.getByTestId('app-tags')).toHaveText('<b>bold</b>');
      await expect(hostile.getByTestId('app-provider')).toHaveText('By <i>provider</i>');
      await expect(hostile.getByRole('link')).toHaveCount(0);
      await expect(hostile.getByTestId('app-icon-fallback')).toBeVisible();
      await expect(hostile.getByTestId('app-host')).toHaveCount(0);
      // The 10 kB description is cut and folded; the card keeps a sane height.
      const description = hostile.getByTestId('app-description');
      expect((await description.textContent())!.length).toBeLessThanOrEqual(1001);
      expect((await hostile.boundingBox())!.height).toBeLessThan(600);
      await hostile.getByRole('button', { name: 'Show more' }).click();
      await expect(hostile.getByRole('button', { name: 'Show less' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );

      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.locator('a[href^="javascript:" i], a[href^="data:" i]').count()).toBe(0);
      // The chain list the server writes into the page is a JSON data block, which runs nothing.
      expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(app.dialogs).toEqual([]);

      // Still usable: the search works, and so does the navigation.
      await page.getByRole('searchbox', { name: 'Search apps' }).fill('gallery');
      await expect(appNames(page)).toHaveText(['Gallery']);
      await page
        .getByRole('navigation', { name: 'Safe navigation' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    } finally {
      await app.stop();
    }
  });
});

test.describe('Safe Apps catalogue on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('fits the screen without sideways scrolling, hostile metadata included', async ({ page }) => {
    const app = await openDoubleCatalogue(page);
    try {
      await expect(appNames(page)).toHaveCount(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await app.stop();
    }
  });
});

test.describe('Safe Apps accessibility', () => {
  test('no serious or critical axe violation on the catalogue, light and dark', async ({ page, stack }) => {
    // Several full axe runs on a machine shared with other test runs.
    test.slow();
    const app = await openDoubleCatalogue(page);
    try {
      await expectNoSeriousA11yViolations(page, 'the apps catalogue');
      await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: /^DeFi/ }).click();
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page, 'the apps catalogue filtered, dark');
    } finally {
      await app.stop();
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${stack.webUrl}/local:${stack.safes[0]!.address}/apps`);
    await expect(page.getByTestId('apps-empty').or(page.getByTestId('apps-grid'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the demo stack’s apps page');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, 'the demo stack’s apps page, dark');
  });
});
