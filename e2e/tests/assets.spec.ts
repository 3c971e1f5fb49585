import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createPublicClient, erc20Abi, erc721Abi, formatUnits, getAddress, http, type Address } from 'viem';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import {
  doubleChainId,
  doubleSafeAddress,
  emptyPage,
  webAppOnDouble,
  type GatewayDouble,
} from '../gatewayDouble';
import type { E2eStack } from '../stack';
import { TestWallet } from '../testWallet';
import { signInMessage } from '../signIn';

/**
 * The Assets views against the demo scenario: balances as the chain holds them and the gateway
 * prices them, the currency choice, hidden tokens, Add to wallet, the team Safe's collectibles; and
 * hostile tokens and NFTs from the gateway double, which must stay inert text.
 */

// Amounts and fiat values are compared as an en-US reader sees them.
test.use({ locale: 'en-US' });

type Manifest = {
  tokens: { type: 'ERC20' | 'ERC721'; address: Address; symbol: string; decimals: number }[];
};
type GatewayBalances = {
  fiatTotal: string;
  items: {
    tokenInfo: {
      type: string;
      address: string;
      symbol: string;
      decimals: number | null;
      logoUri: string | null;
    };
    balance: string;
    fiatBalance: string;
    fiatConversion: string;
  }[];
};

function demo(stack: E2eStack) {
  const manifest = JSON.parse(readFileSync(stack.manifestPath!, 'utf8')) as Manifest;
  const token = (symbol: string) => {
    const found = manifest.tokens.find((candidate) => candidate.symbol === symbol);
    if (!found) throw new Error(`The devnet has no ${symbol}`);
    return found;
  };
  const nft = manifest.tokens.find((candidate) => candidate.type === 'ERC721');
  if (!nft) throw new Error('The devnet has no ERC721');
  const client = createPublicClient({ transport: http(stack.rpcUrl!) });
  return { team: stack.safes[0]!.address as Address, dev: token('DEV'), dusd: token('DUSD'), nft, client };
}

/** A fiat amount as the page writes it for an en-US reader. */
const fiat = (value: string, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 2,
  }).format(Number(value));

/** Whole token units, every decimal, the integer part grouped: "4,750", "10.6". */
function units(raw: bigint, decimals: number): string {
  const [whole = '0', fraction] = formatUnits(raw, decimals).split('.');
  return `${BigInt(whole).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`;
}

/** `a − b` on the gateway's decimal strings, exactly (20 decimals at most). */
function minus(a: string, b: string): string {
  const scaled = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(20, '0'));
  };
  return formatUnits(scaled(a) - scaled(b), 20);
}

async function gatewayBalances(stack: E2eStack, safe: string, currency: string): Promise<GatewayBalances> {
  const response = await fetch(
    `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${safe}/balances/${currency}`,
  );
  expect(response.ok).toBe(true);
  return (await response.json()) as GatewayBalances;
}

const row = (page: Page, symbol: string): Locator =>
  page.locator(`[data-testid="balance-row"][data-symbol="${symbol}"]`);

/** Connects the injected test wallet from the header and verifies the account (Sign-In with Ethereum). */
async function connectWallet(page: Page) {
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
  await signInMessage(page);
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}

test.describe('Balances', () => {
  test('every token with the amount the chain holds and the fiat values the gateway serves', async ({
    page,
    stack,
  }) => {
    const { team, dev, dusd, client } = demo(stack);
    await page.goto(`/local:${team}/assets`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assets');
    await expect(
      page.getByRole('navigation', { name: 'Assets' }).getByRole('link', { name: 'Balances' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('balance-row')).toHaveCount(3);
    // Read again on each attempt: another test may move funds of the demo Safe meanwhile.
    await expect(async () => {
      const [eth, devBalance, dusdBalance] = await Promise.all([
        client.getBalance({ address: team }),
        client.readContract({ address: dev.address, abi: erc20Abi, functionName: 'balanceOf', args: [team] }),
        client.readContract({
          address: dusd.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [team],
        }),
      ]);
      expect(await row(page, 'ETH').getByTestId('token-balance').textContent()).toBe(units(eth, 18));
      expect(await row(page, 'DEV').getByTestId('token-balance').textContent()).toBe(
        units(devBalance, dev.decimals),
      );
      expect(await row(page, 'DUSD').getByTestId('token-balance').textContent()).toBe(
        units(dusdBalance, dusd.decimals),
      );
      const gateway = await gatewayBalances(stack, team, 'usd');
      // The page lists them as the gateway orders them: highest value first.
      expect(
        await page
          .getByTestId('balance-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol'))),
      ).toEqual(gateway.items.map((item) => item.tokenInfo.symbol));
      for (const item of gateway.items) {
        const shown = row(page, item.tokenInfo.symbol);
        expect(await shown.getByTestId('token-value').textContent()).toBe(fiat(item.fiatBalance, 'usd'));
        expect(await shown.getByTestId('token-price').textContent()).toBe(fiat(item.fiatConversion, 'usd'));
      }
      expect(await page.getByTestId('assets-total').textContent()).toBe(fiat(gateway.fiatTotal, 'usd'));
    }).toPass({ timeout: 15_000 });
    // Names and icons: the gateway's logo for each, loaded lazily without a referrer.
    await expect(row(page, 'DEV').getByTestId('token-name')).toHaveText('Countersign Dev Token');
    const logo = row(page, 'DUSD').getByTestId('token-logo');
    await expect(logo).toHaveAttribute('referrerpolicy', 'no-referrer');
    await expect(logo).toHaveAttribute('loading', 'lazy');
    await expect(logo).toHaveAttribute('src', new RegExp(`^${stack.gatewayUrl}/v1/icons/`));
  });

  test('the currency changes to EUR, with the gateway’s EUR values, and stays chosen after a reload', async ({
    page,
    stack,
  }) => {
    const { team } = demo(stack);
    await page.goto(`/local:${team}/assets`);
    const select = page.getByRole('combobox', { name: 'Currency' });
    await expect(select).toHaveValue('usd');
    // The options are the gateway's supported codes.
    const codes = (await (
      await fetch(`${stack.gatewayUrl}/v1/balances/supported-fiat-codes`)
    ).json()) as string[];
    await expect(select.locator('option')).toHaveCount(codes.length);
    await select.selectOption('eur');

    const check = async () => {
      await expect(async () => {
        const gateway = await gatewayBalances(stack, team, 'eur');
        expect(await page.getByTestId('assets-total').textContent()).toBe(fiat(gateway.fiatTotal, 'eur'));
        for (const item of gateway.items) {
          expect(await row(page, item.tokenInfo.symbol).getByTestId('token-value').textContent()).toBe(
            fiat(item.fiatBalance, 'eur'),
          );
        }
      }).toPass({ timeout: 15_000 });
    };
    await check();
    expect(await page.getByTestId('assets-total').textContent()).toMatch(/^€/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('eur');
    await check();
  });

  test('hiding DUSD takes it out of the list and the total, and the page says so', async ({
    page,
    stack,
  }) => {
    const { team } = demo(stack);
    await page.goto(`/local:${team}/assets`);
    await expect(page.getByTestId('balance-row')).toHaveCount(3);
    const before = await gatewayBalances(stack, team, 'usd');
    await expect(page.getByTestId('assets-total')).toHaveText(fiat(before.fiatTotal, 'usd'));
    const dusdValue = before.items.find((item) => item.tokenInfo.symbol === 'DUSD')!.fiatBalance;

    await row(page, 'DUSD').getByRole('button', { name: 'Hide DUSD' }).click();
    await expect(page.getByTestId('balance-row')).toHaveCount(2);
    await expect(row(page, 'DUSD')).toHaveCount(0);
    await expect(page.getByTestId('assets-total')).toHaveText(
      fiat(minus(before.fiatTotal, dusdValue), 'usd'),
    );
    await expect(page.getByTestId('assets-total-note')).toHaveText(
      `Leaves out 1 hidden token, worth ${fiat(dusdValue, 'usd')}.`,
    );
    await expect(page.getByTestId('assets-status')).toContainText('DUSD is hidden');

    // Remembered for this Safe across a reload; Show hidden lists it again, marked, still out of the total.
    await page.reload();
    await expect(page.getByTestId('balance-row')).toHaveCount(2);
    const toggle = page.getByRole('button', { name: 'Show hidden (1)' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(row(page, 'DUSD')).toContainText('Hidden');
    await expect(page.getByTestId('assets-total')).toHaveText(
      fiat(minus(before.fiatTotal, dusdValue), 'usd'),
    );
    await row(page, 'DUSD').getByRole('button', { name: 'Show DUSD' }).click();
    await expect(page.getByTestId('assets-total')).toHaveText(fiat(before.fiatTotal, 'usd'));
    await expect(page.getByTestId('show-hidden')).toHaveCount(0);

    // Per Safe: the solo Safe's DUSD was never hidden.
    await row(page, 'DUSD').getByRole('button', { name: 'Hide DUSD' }).click();
    await page.goto(`/local:${stack.safes[1]!.address}/assets`);
    await expect(row(page, 'DUSD')).toBeVisible();
  });

  test('Add to wallet asks the connected wallet to track the ERC20 (wallet_watchAsset)', async ({
    page,
    stack,
  }) => {
    const { team, dev } = demo(stack);
    const wallet = new TestWallet(page, {
      privateKey: stack.accounts.find((account) => account.role === 'owner A')!.privateKey,
      chainId: stack.chainId,
      knownChains: [],
      rpcUrl: stack.rpcUrl!,
    });
    await wallet.install();
    await page.goto(`/local:${team}/assets`);
    await expect(page.getByTestId('balance-row')).toHaveCount(3);
    // Without a wallet there is nothing to add to.
    await expect(page.getByTestId('add-to-wallet')).toHaveCount(0);
    await connectWallet(page);

    // ERC20 rows only: the native currency is always in the wallet.
    await expect(row(page, 'ETH').getByTestId('add-to-wallet')).toHaveCount(0);
    await row(page, 'DEV').getByRole('button', { name: 'Add to wallet (DEV)' }).click();
    await expect(page.getByTestId('add-to-wallet-status')).toHaveText('DEV was added to your wallet.');
    const gateway = await gatewayBalances(stack, team, 'usd');
    const logo = gateway.items.find((item) => item.tokenInfo.symbol === 'DEV')!.tokenInfo.logoUri;
    expect(wallet.watchedAssets).toEqual([
      {
        type: 'ERC20',
        options: { address: getAddress(dev.address), symbol: 'DEV', decimals: 18, image: logo },
      },
    ]);
  });
});

test.describe('Collectibles', () => {
  test('the team Safe’s NFTs, as the chain holds them, with their detail', async ({ page, stack }) => {
    const { team, nft, client } = demo(stack);
    // The demo mints token ids 1 to 5; the team Safe holds 1 and 2 (and whatever it received since).
    const owners = await Promise.all(
      [1n, 2n, 3n, 4n, 5n].map((id) =>
        client.readContract({ address: nft.address, abi: erc721Abi, functionName: 'ownerOf', args: [id] }),
      ),
    );
    const held = owners.flatMap((owner, index) => (owner === team ? [String(index + 1)] : []));
    expect(held).toEqual(expect.arrayContaining(['1', '2']));

    await page.goto(`/local:${team}/assets`);
    await page
      .getByRole('navigation', { name: 'Assets' })
      .getByRole('link', { name: 'Collectibles' })
      .click();
    await expect(page).toHaveURL(`${stack.webUrl}/local:${team}/assets/collectibles`);
    const cards = page.getByTestId('collectible-card');
    await expect(cards).toHaveCount(held.length);
    expect((await page.getByTestId('collectible-token-id').allTextContents()).sort()).toEqual(
      [...held].sort(),
    );
    const first = cards.filter({
      has: page.locator('[data-testid="collectible-token-id"]', { hasText: /^1$/ }),
    });
    await expect(first.getByTestId('collectible-collection')).toHaveText('Countersign Collectibles (CSC)');

    const uri = await client.readContract({
      address: nft.address,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [1n],
    });
    const metadata = JSON.parse(Buffer.from(uri.split(',')[1]!, 'base64').toString('utf8')) as {
      name: string;
      description: string;
      image: string;
    };
    await expect(first.getByTestId('collectible-name')).toHaveText(metadata.name);
    await expect(first.getByTestId('nft-image')).toHaveAttribute('src', metadata.image);
    await expect(first.getByTestId('nft-image')).toHaveAttribute('loading', 'lazy');

    await first.click();
    await expect(page).toHaveURL(`${stack.webUrl}/local:${team}/assets/collectibles/${nft.address}/1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(metadata.name);
    await expect(page.getByTestId('collectible-description')).toHaveText(metadata.description);
    await expect(page.getByTestId('collectible-token-id')).toHaveText('1');
    await expect(page.getByTestId('collectible-uri')).toHaveText(uri);
    await expect(page.getByTestId('collectible-contract').getByTestId('address-value')).toContainText(
      nft.address,
    );
    await expect(
      page.getByTestId('collectible-contract').getByRole('link', { name: 'View on block explorer' }),
    ).toHaveAttribute('href', `${stack.webUrl}/explorer/address/${nft.address}`);
    const tree = page.getByTestId('collectible-metadata');
    await expect(tree.getByText('name', { exact: true })).toBeVisible();
    await expect(tree.getByText(metadata.description, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: `Image of ${metadata.name}` })).toHaveAttribute(
      'src',
      metadata.image,
    );

    await page.getByTestId('collectible-back').click();
    await expect(page).toHaveURL(`${stack.webUrl}/local:${team}/assets/collectibles`);
  });
});

test.describe('Assets accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violation on balances, collectibles and a detail, ${scheme}`, async ({
      page,
      stack,
    }) => {
      // Three pages and three axe runs: slow on a loaded machine.
      test.setTimeout(90_000);
      const { team, nft } = demo(stack);
      await page.emulateMedia({ colorScheme: scheme });
      const views = [
        { path: 'assets', ready: page.getByTestId('balance-row').first() },
        { path: 'assets/collectibles', ready: page.getByTestId('collectible-card').first() },
        { path: `assets/collectibles/${nft.address}/1`, ready: page.getByTestId('collectible-metadata') },
      ];
      for (const view of views) {
        await page.goto(`/local:${team}/${view.path}`);
        await expect(view.ready).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${view.path}, ${scheme}`);
      }
    });
  }
});

test.describe('Assets on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('balances and collectibles fit 375 px without sideways scrolling', async ({ page, stack }) => {
    const { team } = demo(stack);
    for (const [path, ready] of [
      ['assets', 'balance-row'],
      ['assets/collectibles', 'collectible-card'],
    ] as const) {
      await page.goto(`/local:${team}/${path}`);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Hostile data from the gateway double.

const hostileName = '<img src=x onerror="window.__pwned=1;alert(1)">';
const longName = `Long${'n'.repeat(10_000)}`;
const rtlName = '\u202Eexe.tnuocca\u202C Token';
const rtlSymbol = '\u202EDSU';
const scriptSvg = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1;alert(1)"><script>window.__pwned=1;alert(1)</script><rect width="10" height="10"/></svg>',
).toString('base64')}`;

const erc20 = (
  address: string,
  name: string,
  symbol: string,
  decimals: number | null,
  logoUri: string | null,
) => ({
  tokenInfo: { type: 'ERC20', address, decimals, symbol, name, logoUri },
  balance: '1000000000000000000',
  fiatBalance: '1',
  fiatConversion: '1',
  fiatBalance24hChange: null,
});

function scriptHostileData(double: GatewayDouble) {
  const safePath = `/v1/chains/${doubleChainId}/safes/${doubleSafeAddress}`;
  double.on('GET', `${safePath}/balances/usd`, () => ({
    fiatTotal: '4',
    items: [
      erc20('0x00000000000000000000000000000000000000A1', hostileName, '<b>X</b>', 18, 'javascript:alert(1)'),
      erc20('0x00000000000000000000000000000000000000a2', longName, 'LONG', 18, scriptSvg),
      erc20('0x00000000000000000000000000000000000000a3', rtlName, rtlSymbol, 18, `${double.url}/evil.svg`),
      erc20('0x00000000000000000000000000000000000000A4', 'No Decimals', 'NODEC', null, null),
    ],
  }));
  double.on('GET', '/v1/balances/supported-fiat-codes', () => ['USD', 'EUR']);
  double.on('GET', '/evil.svg', () => ({
    raw: '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned=1;alert(1)</script></svg>',
    headers: { 'Content-Type': 'image/svg+xml' },
  }));
  const nft = (id: string, overrides: Record<string, unknown>) => ({
    address: '0x00000000000000000000000000000000000000B1',
    tokenName: hostileName,
    tokenSymbol: rtlSymbol,
    logoUri: 'javascript:alert(1)',
    id,
    uri: 'javascript:alert(1)',
    name: hostileName,
    description: '<script>window.__pwned=1</script>',
    imageUri: scriptSvg,
    metadata: {
      name: hostileName,
      script: '<script>window.__pwned=1;alert(1)</script>',
      external_url: 'javascript:alert(1)',
      nested: { html: '<iframe src="javascript:alert(1)"></iframe>', site: 'https://example.invalid/nft' },
    },
    ...overrides,
  });
  double.on('GET', `/v2/chains/${doubleChainId}/safes/${doubleSafeAddress}/collectibles`, () => ({
    ...emptyPage,
    count: 2,
    results: [nft('7', {}), nft('8', { imageUri: `${double.url}/evil.svg`, name: null })],
  }));
  // Sign-In with Ethereum, so the test wallet can connect on the double's chain.
  double.on('GET', '/v1/auth/nonce', () => ({ nonce: 'countersignE2eNonce1' }));
  double.on('POST', '/v1/auth/verify', () => ({ status: 200, body: {} }));
}

async function expectInert(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  const main = page.locator('main');
  await expect(main.locator('script, iframe, object, embed, b, img[src="x"]')).toHaveCount(0);
  await expect(main.locator('a[href^="javascript:" i], img[src^="javascript:" i]')).toHaveCount(0);
}

test.describe('Assets with hostile data', () => {
  test('hostile token names, symbols and logos are shown as text and run nothing', async ({ page }) => {
    const app = await webAppOnDouble();
    try {
      scriptHostileData(app.double);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const response = await page.goto(`${app.safePath}/assets`);
      // The page the server rendered carries the same data, as text and as escaped JSON.
      const served = (await response?.text()) ?? '';
      expect(served).toContain('data-prerendered');
      expect(served).toContain('data-testid="balance-row"');
      for (const markup of ['<img src=x', '<b>X</b>', '<script>window.__pwned'])
        expect(served).not.toContain(markup);
      expect(served).not.toMatch(/(src|href)="javascript:/i);
      const rows = page.getByTestId('balance-row');
      await expect(rows).toHaveCount(4);
      const names = page.getByTestId('token-name');
      await expect(names.nth(0)).toHaveText(hostileName);
      await expect(page.getByTestId('token-symbol').nth(0)).toHaveText('<b>X</b>');
      await expect(names.nth(1)).toHaveText(longName);
      await expect(names.nth(2)).toHaveText(rtlName);
      await expect(page.getByTestId('token-symbol').nth(2)).toHaveText(rtlSymbol);
      // Isolated, so the override cannot turn the amount beside it around.
      expect(await names.nth(2).evaluate((element) => element.tagName)).toBe('BDI');
      await expect(rows.nth(2).getByTestId('token-balance')).toHaveText('1');
      // The 10 kB name is clamped: the row stays a row, the page does not scroll sideways.
      expect((await rows.nth(1).boundingBox())!.height).toBeLessThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Logos: javascript: is never loaded; an SVG with a script is only ever an <img>.
      // (The avatar's letter comes from the symbol, "<b>X</b>", letters only.)
      await expect(rows.nth(0).getByTestId('token-avatar')).toHaveText('B');
      await expect(rows.nth(1).getByTestId('token-logo')).toHaveAttribute('src', scriptSvg);
      await expect(rows.nth(2).getByTestId('token-logo')).toHaveAttribute(
        'src',
        `${app.double.url}/evil.svg`,
      );
      await expectInert(page, dialogs);

      // Still usable: hide the hostile token, the total follows.
      await rows.nth(0).getByTestId('hide-token').click();
      await expect(rows).toHaveCount(3);
      await expect(page.getByTestId('assets-total')).toHaveText('$3.00');
      await expectInert(page, dialogs);
    } finally {
      await app.stop();
    }
  });

  test('Add to wallet sends 18 decimals when the gateway does not know them', async ({ page, stack }) => {
    const app = await webAppOnDouble();
    try {
      scriptHostileData(app.double);
      const wallet = new TestWallet(page, {
        privateKey: stack.accounts.find((account) => account.role === 'owner A')!.privateKey,
        chainId: Number(doubleChainId),
        knownChains: [],
        rpcUrl: stack.rpcUrl!,
      });
      await wallet.install();
      await page.goto(`${app.safePath}/assets`);
      await expect(page.getByTestId('balance-row')).toHaveCount(4);
      await connectWallet(page);
      const noDecimals = page.locator('[data-testid="balance-row"][data-symbol="NODEC"]');
      await expect(noDecimals.getByTestId('token-balance')).toHaveText('1,000,000,000,000,000,000');
      await expect(noDecimals).toContainText('base units; decimals unknown');
      await noDecimals.getByRole('button', { name: 'Add to wallet (NODEC)' }).click();
      await expect(page.getByTestId('add-to-wallet-status')).toHaveText('NODEC was added to your wallet.');
      expect(wallet.watchedAssets).toEqual([
        {
          type: 'ERC20',
          options: { address: '0x00000000000000000000000000000000000000A4', symbol: 'NODEC', decimals: 18 },
        },
      ]);
    } finally {
      await app.stop();
    }
  });

  test('hostile NFTs: script SVGs only as images, metadata as text, no javascript: link', async ({
    page,
  }) => {
    const app = await webAppOnDouble();
    try {
      scriptHostileData(app.double);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${app.safePath}/assets/collectibles`);
      const cards = page.getByTestId('collectible-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0).getByTestId('collectible-name')).toHaveText(hostileName);
      await expect(cards.nth(1).getByTestId('collectible-name')).toHaveText('#8');
      await expect(cards.nth(0).getByTestId('nft-image')).toHaveAttribute('src', scriptSvg);
      await expect(cards.nth(1).getByTestId('nft-image')).toHaveAttribute(
        'src',
        `${app.double.url}/evil.svg`,
      );
      await expectInert(page, dialogs);

      await cards.nth(0).click();
      const detailUrl = `${app.safePath}/assets/collectibles/0x00000000000000000000000000000000000000B1/7`;
      await expect(page).toHaveURL(detailUrl);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostileName);
      await expect(page.getByTestId('collectible-description')).toHaveText(
        '<script>window.__pwned=1</script>',
      );
      await expect(page.getByTestId('collectible-uri')).toHaveText('javascript:alert(1)');
      const tree = page.getByTestId('collectible-metadata');
      await expect(
        tree.getByText('<script>window.__pwned=1;alert(1)</script>', { exact: true }),
      ).toBeVisible();
      await expect(
        tree.getByText('<iframe src="javascript:alert(1)"></iframe>', { exact: true }),
      ).toBeVisible();
      // Only the https value is a link, opening in a new tab without opener or referrer.
      await expect(tree.getByRole('link')).toHaveCount(1);
      await expect(tree.getByRole('link')).toHaveAttribute('href', 'https://example.invalid/nft');
      await expect(tree.getByRole('link')).toHaveAttribute('target', '_blank');
      await expect(tree.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
      // Clicking the javascript: value goes nowhere.
      await tree.getByText('javascript:alert(1)', { exact: true }).click();
      await expect(page).toHaveURL(detailUrl);
      await expectInert(page, dialogs);

      // The page stays usable: the tabs still work.
      await page.getByRole('navigation', { name: 'Assets' }).getByRole('link', { name: 'Balances' }).click();
      await expect(page.getByTestId('balance-row')).toHaveCount(4);
      await expectInert(page, dialogs);
    } finally {
      await app.stop();
    }
  });
});
