import { expect, test } from '../fixtures';

test.describe('Safe overview', () => {
  test('opens the demo Safe from the home page and shows its owners and threshold', async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!;
    await page.goto('/');
    await expect(page.getByTestId('chain-selector')).toContainText('Countersign Devnet');
    await page.getByTestId('open-safe-input').fill(team.address.toLowerCase());
    await page.getByTestId('open-safe-submit').click();

    await expect(page).toHaveURL(new RegExp(`/local:${team.address}/home$`));
    await expect(page.getByTestId('safe-threshold')).toHaveText('2 of 3');
    const owners = page.getByTestId('safe-owner');
    await expect(owners).toHaveCount(3);
    for (const [i, owner] of team.owners.entries()) await expect(owners.nth(i)).toContainText(owner);
    await expect(page.getByTestId('safe-nonce')).toHaveText('8');
    await expect(page.getByTestId('safe-version')).toHaveText('1.4.1');
    await expect(page.getByTestId('safe-version-state')).toHaveText('Up to date');
    await expect(page.getByTestId('safe-modules')).toContainText(/0x[0-9a-fA-F]{40}/);
    await expect(page.getByTestId('safe-fallback-handler')).toContainText(
      'CompatibilityFallbackHandler 1.4.1',
    );
    await expect(page.getByTestId('safe-guard')).toHaveText('None');
  });

  test('accepts shortName:address in the open form', async ({ page, stack }) => {
    const solo = stack.safes[1]!;
    await page.goto('/');
    await page.getByTestId('open-safe-input').fill(`local:${solo.address}`);
    await page.getByTestId('open-safe-submit').click();
    await expect(page.getByTestId('safe-threshold')).toHaveText('1 of 1');
    await expect(page.getByTestId('safe-owner')).toHaveCount(1);
    await expect(page.getByTestId('safe-modules')).toHaveText('None');
  });

  test('serves a deep link to the Safe page directly', async ({ page, stack }) => {
    await page.goto(`/local:${stack.safes[0]!.address}/home`);
    await expect(page.getByTestId('safe-address')).toHaveText(stack.safes[0]!.address);
    await expect(page.getByTestId('safe-chain')).toHaveText('Countersign Devnet');
  });
});

test.describe('clear messages for what cannot be shown', () => {
  test('a malformed address in the form', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('open-safe-input').fill('0x1234');
    await page.getByTestId('open-safe-submit').click();
    await expect(page.getByTestId('open-safe-error')).toContainText('is not a valid address');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a malformed address in the URL', async ({ page }) => {
    await page.goto('/local:0xnot-an-address/home');
    await expect(page.getByRole('alert')).toContainText('not a valid address');
  });

  test('an address that is not a Safe', async ({ page, stack }) => {
    const eoa = stack.accounts[9]!.address;
    await page.goto(`/local:${eoa}/home`);
    await expect(page.getByRole('alert')).toContainText(`No Safe found at ${eoa} on Countersign Devnet.`);
  });

  test('an unknown chain short name', async ({ page, stack }) => {
    await page.goto(`/nochain:${stack.safes[0]!.address}/home`);
    await expect(page.getByRole('alert')).toContainText('Unknown chain');
    await expect(page.getByRole('alert')).toContainText('local');
  });
});
