import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { encodeFunctionData, parseAbi } from 'viem';
import { buildSafeTx } from '@countersign/safe-core';
import { expectNoSeriousA11yViolations } from '../axe';
import { appTookOver, expect, test } from '../fixtures';
import { devAccount } from '../owners';
import { proposeAsOwnerA } from '../proposals';
import type { E2eStack } from '../stack';

/** The address book: names per chain in this browser, shown wherever an address appears. */

const STORAGE_KEY = 'countersign.address-book';

function demo(stack: E2eStack) {
  const team = stack.safes[0]!;
  const owner = (role: string) => stack.accounts.find((account) => account.role === role)!.address;
  return { team, ownerA: owner('owner A'), ownerB: owner('owner B'), ownerC: owner('owner C') };
}

const rows = (page: Page) => page.getByTestId('address-book-entry');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Safe navigation' });

/** The name the settings' owner list shows for `address` (none: the row has no name). */
function ownerInSettings(page: Page, address: string) {
  return page.getByTestId('settings-owner').filter({ has: page.locator(`[title="${address}"]`) });
}

async function seed(page: Page, book: Record<string, Record<string, string>>) {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: JSON.stringify(book),
  });
}

const storedBook = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);

test.describe('Address book', () => {
  test('names owner B by keyboard; the name shows in the settings; rename; remove with Undo', async ({
    page,
    stack,
  }) => {
    // One journey across three views and back, each step waiting for the page.
    test.slow();
    const { team, ownerB } = demo(stack);
    const base = `/local:${team.address}`;
    await page.goto(`${base}/address-book`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address book');
    await expect(page.getByTestId('empty-state')).toContainText('No names on Countersign Devnet yet');

    await page.getByTestId('add-entry').click();
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await expect(dialog.getByLabel('Address')).toBeFocused();
    await page.keyboard.type(ownerB.toLowerCase());
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Bob (owner B)');
    // Enter in the field submits the form (the Save button sits in the dialog's footer).
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('address-name')).toHaveText('Bob (owner B)');
    // Saved checksummed, whatever case was typed.
    await expect(rows(page).getByTestId('address-value')).toHaveText(ownerB);
    await expect(page.getByTestId('change-notice')).toContainText('Added “Bob (owner B)”.');
    expect(JSON.parse((await storedBook(page))!)).toEqual({ '1337': { [ownerB]: 'Bob (owner B)' } });

    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(ownerInSettings(page, ownerB).getByTestId('address-name')).toHaveText('Bob (owner B)');

    await nav(page).getByRole('link', { name: 'Address book' }).click();
    await page.getByRole('button', { name: /^Edit Bob \(owner B\)/ }).click();
    const rename = page.getByRole('dialog', { name: 'Edit entry' });
    await expect(rename.getByLabel('Name')).toBeFocused();
    await rename.getByLabel('Name').fill('Bob the signer');
    await page.keyboard.press('Enter');
    await expect(rows(page).getByTestId('address-name')).toHaveText('Bob the signer');
    // Closing the dialog gives the focus back to the button that opened it.
    await expect(page.getByRole('button', { name: /^Edit Bob the signer/ })).toBeFocused();
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(ownerInSettings(page, ownerB).getByTestId('address-name')).toHaveText('Bob the signer');

    await nav(page).getByRole('link', { name: 'Address book' }).click();
    await page.getByRole('button', { name: /^Remove Bob the signer/ }).click();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByTestId('change-notice')).toContainText('Removed “Bob the signer”.');
    await expect(page.getByTestId('undo-remove')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rows(page).getByTestId('address-name')).toHaveText('Bob the signer');
    await page.getByRole('button', { name: /^Remove Bob the signer/ }).click();
    await expect(rows(page)).toHaveCount(0);
    expect(JSON.parse((await storedBook(page))!)).toEqual({ '1337': {} });

    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(ownerInSettings(page, ownerB)).toHaveCount(1);
    await expect(ownerInSettings(page, ownerB).getByTestId('address-name')).toHaveCount(0);
  });

  test('an owner suggestion names the owner, and naming the Safe names the header', async ({
    page,
    stack,
  }) => {
    const { team, ownerC } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    const suggestions = page.getByTestId('owner-suggestion');
    await expect(suggestions).toHaveCount(1 + team.owners.length);

    await page.getByTestId('name-safe').click();
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await expect(dialog.getByLabel('Address')).toHaveValue(team.address);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Team treasury');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('safe-header-name')).toHaveText('Team treasury');
    await expect(page).toHaveTitle(/^Address book · Team treasury · Countersign$/);

    await suggestions
      .filter({ has: page.locator(`[title="${ownerC}"]`) })
      .getByTestId('name-owner')
      .click();
    await page.keyboard.type('Carol');
    await page.keyboard.press('Enter');
    await expect(suggestions).toHaveCount(team.owners.length - 1);
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Carol', 'Team treasury']);

    // The names stay after a reload (this browser's storage).
    await page.reload();
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Carol', 'Team treasury']);
  });

  test('a queued call nothing decodes links here; with the contract’s ABI kept, its page decodes it', async ({
    page,
    stack,
  }) => {
    const { team } = demo(stack);
    const vault = devAccount(stack, 'recipient').address;
    const vaultAbi = parseAbi(['function deposit(uint256 assets, address receiver)']);
    const data = encodeFunctionData({
      abi: vaultAbi,
      functionName: 'deposit',
      args: [5n, team.address as `0x${string}`],
    });
    const { txId } = await proposeAsOwnerA(stack, (nonce) => buildSafeTx({ to: vault, data, nonce }));
    await page.goto(`/local:${team.address}/transactions/${txId}`);

    const unverified = page.getByTestId('claim-unverified');
    await expect(unverified).toContainText(`Call ${vault} with function 0x6e553f65`);
    await unverified.getByTestId('claim-add-abi').click();
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await expect(dialog.getByLabel('Address')).toHaveValue(vault);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Vault');
    await dialog.getByLabel('Contract ABI (optional)').fill(JSON.stringify(vaultAbi));
    await expect(dialog).toContainText('1 function: calls to this contract are decoded with them');
    await dialog.getByTestId('entry-save').click();
    await expect(rows(page).getByTestId('entry-abi-badge')).toHaveText('ABI · 1 function');

    await page.goBack();
    await expect(page.getByTestId('claim-verified')).toBeVisible();
    await expect(page.getByTestId('bytes-words')).toContainText(
      `Call deposit(assets 5, receiver ${team.address} (this Safe)) on ${vault} (Vault), as the ABI in your address book reads it`,
    );
    // The user's ABI is named as such: Countersign cannot vouch for it.
    await expect(page.getByTestId('claim-supplied-abi')).toContainText(vault);
    await expect(page.getByTestId('claim-unverified')).toHaveCount(0);
  });

  test('an address already named says so and offers to rename; errors are tied to fields', async ({
    page,
    stack,
  }) => {
    const { team, ownerA } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    await seed(page, { '1337': { [ownerA]: 'Alice' } });
    // Written behind the app's back: the reload comes rendered by the server, without the name.
    await page.reload();
    await appTookOver(page);
    await page.getByTestId('add-entry').click();
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await dialog.getByLabel('Address').fill('0x1234');
    await dialog.getByTestId('entry-save').click();
    await expect(dialog.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Address')).toHaveAccessibleDescription(
      'Not a valid address (0x followed by 40 hexadecimal characters).',
    );
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('The name is empty.');
    await dialog.getByLabel('Address').fill(ownerA.toLowerCase());
    await expect(dialog.getByTestId('entry-existing')).toHaveText(
      'Already in your address book as “Alice”. Saving renames it.',
    );
    await expect(dialog.getByTestId('entry-save')).toHaveText('Rename');
    await dialog.getByLabel('Name').fill('Alice (ops)');
    await dialog.getByTestId('entry-save').click();
    await expect(rows(page).getByTestId('address-name')).toHaveText('Alice (ops)');
  });

  test('exports every chain’s names as CSV, formulas neutralised', async ({ page, stack }) => {
    const { team, ownerA, ownerB } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    await seed(page, {
      '1337': { [ownerA]: 'Alice, "ops"', [ownerB]: '=HYPERLINK("x")' },
      '1': { [ownerA]: 'Alice on mainnet' },
    });
    await page.reload();
    await expect(rows(page)).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^countersign-address-book-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await readFile(await download.path(), 'utf8');
    expect(content).toBe(
      '\uFEFFaddress,name,chainId\r\n' +
        `${ownerA},Alice on mainnet,1\r\n` +
        `${ownerB},"'=HYPERLINK(""x"")",1337\r\n` +
        `${ownerA},"Alice, ""ops""",1337\r\n`,
    );
  });

  test('imports a good file after a preview, all at once; the names show everywhere', async ({
    page,
    stack,
  }) => {
    const { team, ownerA, ownerB, ownerC } = demo(stack);
    const base = `/local:${team.address}`;
    await page.goto(`${base}/address-book`);
    await seed(page, { '1337': { [ownerA]: 'Alice' } });
    // Written behind the app's back: the reload comes rendered by the server, without the name.
    await page.reload();
    await appTookOver(page);
    const csv =
      '\uFEFFaddress,name,chainId\r\n' +
      `${ownerA.toLowerCase()},Alice (ops),1337\r\n` +
      `${ownerB},"Smith, Bob",1337\r\n` +
      `${ownerC},'=Carol,1\r\n`;
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'names.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const dialog = page.getByRole('dialog', { name: 'Import address book' });
    await expect(dialog.getByTestId('import-summary')).toHaveText('2 new, 1 renamed');
    await expect(dialog.getByTestId('import-renamed')).toContainText('was “Alice”');
    await dialog.getByTestId('import-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('change-notice')).toContainText('Imported 3 names: 2 new, 1 renamed.');
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Alice (ops)', 'Smith, Bob']);
    await page.getByRole('switch', { name: 'Show every chain' }).check();
    await expect(rows(page).getByTestId('address-name')).toHaveText(['=Carol', 'Alice (ops)', 'Smith, Bob']);
    expect(JSON.parse((await storedBook(page))!)).toEqual({
      '1337': { [ownerA]: 'Alice (ops)', [ownerB]: 'Smith, Bob' },
      '1': { [ownerC]: '=Carol' },
    });
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(ownerInSettings(page, ownerB).getByTestId('address-name')).toHaveText('Smith, Bob');
  });

  test('a file with bad lines lists each error and imports nothing', async ({ page, stack }) => {
    const { team, ownerA, ownerB } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    await seed(page, { '1337': { [ownerA]: 'Alice' } });
    // Written behind the app's back: the reload comes rendered by the server, without the name.
    await page.reload();
    await appTookOver(page);
    const before = await storedBook(page);
    const csv = [
      'address,name,chainId',
      `${ownerB},Bob,1337`,
      '0xnot-an-address,Mallory,1337',
      `${ownerA},,1337`,
      `${ownerB},Bob again,1337`,
      `${ownerA},Alice,0`,
      `${ownerA},${'n'.repeat(60)},5`,
    ].join('\n');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const dialog = page.getByRole('dialog', { name: 'Nothing was imported' });
    await expect(dialog.getByTestId('import-errors-summary')).toContainText(
      '“bad.csv” has problems on 5 lines',
    );
    const errors = dialog.getByTestId('import-error');
    await expect(errors).toHaveCount(5);
    await expect(errors.nth(0)).toContainText('Line 3');
    await expect(errors.nth(0)).toContainText('address: Not a valid address');
    await expect(errors.nth(0)).toContainText('"0xnot-an-address"');
    await expect(errors.nth(1)).toContainText('Line 4');
    await expect(errors.nth(1)).toContainText('name: The name is empty.');
    await expect(errors.nth(2)).toContainText('Line 5');
    await expect(errors.nth(2)).toContainText('The same address and chain id are already on line 2.');
    await expect(errors.nth(3)).toContainText('Line 6');
    await expect(errors.nth(3)).toContainText('chainId: The chain id must be a positive decimal integer');
    await expect(errors.nth(4)).toContainText('Line 7');
    await expect(errors.nth(4)).toContainText('The name is longer than 50 characters (60).');
    await expect(errors.nth(4)).toContainText(`"${'n'.repeat(39)}…"`);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    expect(await storedBook(page)).toBe(before);
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Alice']);

    // A file that is not CSV, and an empty one, say so.
    await page.getByTestId('import-file').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    await expect(page.getByTestId('import-file-error')).toContainText('This is not a CSV file.');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    await expect(page.getByTestId('import-file-error')).toContainText('The file is empty.');
    expect(await storedBook(page)).toBe(before);
  });

  test('searches by name or address and sorts by name', async ({ page, stack }) => {
    const { team, ownerA, ownerB, ownerC } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    await seed(page, { '1337': { [ownerA]: 'alice', [ownerB]: 'Bob', [ownerC]: 'Carol' } });
    await page.reload();
    await expect(rows(page).getByTestId('address-name')).toHaveText(['alice', 'Bob', 'Carol']);
    await page.getByTestId('sort-by-name').click();
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Carol', 'Bob', 'alice']);
    await page.getByTestId('address-book-search').fill(ownerB.slice(-8).toLowerCase());
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Bob']);
    await page.getByTestId('address-book-search').fill('car');
    await expect(rows(page).getByTestId('address-name')).toHaveText(['Carol']);
    await page.getByTestId('address-book-search').fill('nobody');
    await expect(page.getByTestId('no-match')).toContainText('No entry matches your search');
  });
});

test.describe('Address book on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('fits the screen without sideways scrolling', async ({ page, stack }) => {
    const { team, ownerA } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    await seed(page, { '1337': { [ownerA]: 'A name of exactly fifty characters, long enough!!!' } });
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test.describe('Address book accessibility', () => {
  test('no serious or critical axe violation, light and dark, with the dialog open', async ({
    page,
    stack,
  }) => {
    // Several full axe runs on a machine shared with other test runs.
    test.slow();
    const { team, ownerA } = demo(stack);
    await page.goto(`/local:${team.address}/address-book`);
    await seed(page, { '1337': { [ownerA]: 'Alice' }, '1': { [ownerA]: 'Alice on mainnet' } });
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'the address book');
    await page.getByRole('switch', { name: 'Show every chain' }).check();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, 'the address book, every chain, dark');
    await page.getByTestId('add-entry').click();
    await page.getByTestId('entry-save').click();
    await expectNoSeriousA11yViolations(page, 'the add dialog with errors, dark');
  });
});
