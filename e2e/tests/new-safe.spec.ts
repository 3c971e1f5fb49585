import type { Page } from '@playwright/test';
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  getAddress,
  http,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeSafeSetup, predictSafeAddress, safe141, safeProxyFactoryAbi } from '@countersign/safe-core';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import type { E2eStack } from '../stack';
import { TestWallet } from '../testWallet';
import { signInMessage } from '../signIn';

const safeVersionAbi = [
  { type: 'function', name: 'VERSION', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
] as const;

function devAccount(stack: E2eStack, role: string) {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No dev account with role ${role}`);
  return { ...account, address: getAddress(account.address) };
}

/** The test wallet, installed before the page loads (it announces itself as the page starts). */
async function installWallet(page: Page, stack: E2eStack, role = 'owner A') {
  const wallet = new TestWallet(page, {
    privateKey: devAccount(stack, role).privateKey,
    chainId: stack.chainId,
    knownChains: [],
    rpcUrl: stack.rpcUrl!,
  });
  await wallet.install();
  return wallet;
}

/** Connects the installed test wallet from the header and verifies the account (Sign-In with Ethereum). */
async function connect(page: Page) {
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
  await signInMessage(page);
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}

function chainClients(stack: E2eStack) {
  const transport = http(stack.rpcUrl!);
  return { public: createPublicClient({ transport }), transport };
}

/** Where the factory will put a Safe, worked out here from the chain's own factory (not the app's code). */
async function expectedAddress(
  stack: E2eStack,
  setup: { owners: Address[]; threshold: number; saltNonce: bigint },
): Promise<Address> {
  const client = chainClients(stack).public;
  const proxyCreationCode = await client.readContract({
    address: safe141.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'proxyCreationCode',
  });
  return predictSafeAddress({
    factory: safe141.safeProxyFactory,
    singleton: safe141.safeL2,
    proxyCreationCode,
    initializer: encodeSafeSetup({
      owners: setup.owners,
      threshold: BigInt(setup.threshold),
      fallbackHandler: safe141.compatibilityFallbackHandler,
    }),
    saltNonce: setup.saltNonce,
  });
}

/** The proxy the transaction's ProxyCreation event names. */
async function deployedBy(stack: E2eStack, hash: Hex): Promise<Address> {
  const receipt = await chainClients(stack).public.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  expect(receipt.status).toBe('success');
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== safe141.safeProxyFactory) continue;
    const event = decodeEventLog({ abi: safeProxyFactoryAbi, ...log });
    if (event.eventName === 'ProxyCreation') return event.args.proxy;
  }
  throw new Error(`No ProxyCreation event in ${hash}`);
}

const owners = (page: Page) => page.getByTestId('new-safe-owner');
const ownerField = (page: Page, row: number, field: 'name' | 'address') =>
  owners(page).nth(row).getByTestId(`new-safe-owner-${field}`);
const predictedAddress = (page: Page) =>
  page.getByTestId('new-safe-predicted-address').getByTestId('address-value');

/** A page no wider than a phone: nothing may stick out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('create a new Safe', () => {
  test('a 2-of-2 Safe lands at its predicted address, the gateway serves it, and My Safes opens it', async ({
    page,
    stack,
  }) => {
    // A deployment, its indexing and the gateway's first answer, on a CI machine running two workers.
    test.setTimeout(120_000);
    const ownerA = devAccount(stack, 'owner A');
    const ownerB = devAccount(stack, 'owner B');
    await installWallet(page, stack);
    await page.goto('/');
    await connect(page);

    await page.getByTestId('create-safe-link').click();
    await expect(page).toHaveURL(/\/new-safe$/);
    await expect(page.getByTestId('new-safe-chain')).toHaveText('Countersign Devnet');
    // The connected account is the first owner.
    await expect(ownerField(page, 0, 'address')).toHaveValue(ownerA.address);

    await page.getByTestId('new-safe-name').fill('E2E treasury');
    await ownerField(page, 0, 'name').fill('Alice');
    await page.getByTestId('new-safe-add-owner').click();
    await expect(ownerField(page, 1, 'address')).toBeFocused();
    await ownerField(page, 1, 'address').fill(ownerB.address.toLowerCase());
    await ownerField(page, 1, 'name').fill('Bob');
    // Left, the address is written back checksummed.
    await expect(ownerField(page, 1, 'address')).toHaveValue(ownerB.address);
    await page.getByTestId('new-safe-threshold').selectOption('2');

    const saltNonce = BigInt(await page.getByTestId('new-safe-salt').inputValue());
    const expected = await expectedAddress(stack, {
      owners: [ownerA.address, ownerB.address],
      threshold: 2,
      saltNonce,
    });
    await expect(predictedAddress(page)).toHaveText(expected);
    await expect(page.getByTestId('new-safe-target')).toContainText('Nothing is deployed there yet');

    // The pending deployment, with its transaction linked to the explorer. On a fast chain the page
    // moves on to the Safe's home right after, so a DOM observer set up before the click notes the
    // link the moment it appears, rather than polling for it.
    await page.evaluate(() => {
      const noted = window as unknown as { deploymentLink?: { hash: string | null; href: string | null } };
      const observer = new MutationObserver(() => {
        const link = document.querySelector(
          '[data-testid="new-safe-progress"] [data-testid="new-safe-tx-link"]',
        );
        if (!link) return;
        noted.deploymentLink = { hash: link.getAttribute('data-hash'), href: link.getAttribute('href') };
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.getByTestId('new-safe-submit').click();
    const noted = await page.waitForFunction(
      () => (window as unknown as { deploymentLink?: { hash: string; href: string } }).deploymentLink,
    );
    const { hash: shownHash, href } = (await noted.jsonValue()) as { hash: string; href: string };
    const hash = shownHash as Hex;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(href).toContain(hash);

    // Once the gateway serves it, the Safe's home opens.
    await expect(page).toHaveURL(new RegExp(`/local:${expected}/home$`), { timeout: 30_000 });
    await expect(page.getByTestId('overview-threshold')).toHaveText('2 of 2');
    await expect(page.getByTestId('overview-owners')).toHaveText('2');
    await expect(page.getByTestId('safe-header-name')).toHaveText('E2E treasury');

    expect(await deployedBy(stack, hash)).toBe(expected);
    const served = await (
      await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${expected}`)
    ).json();
    expect(served).toMatchObject({
      address: { value: expected },
      threshold: 2,
      nonce: 0,
      owners: [{ value: ownerA.address }, { value: ownerB.address }],
    });

    // The owners' names and the Safe's are in the address book.
    const book = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('countersign.address-book') ?? '{}'),
    );
    expect(book[String(stack.chainId)]).toMatchObject({
      [ownerA.address]: 'Alice',
      [ownerB.address]: 'Bob',
      [expected]: 'E2E treasury',
    });

    // The deployment is in the wallet's Recent Transactions.
    await page.getByTestId('rk-account-button').click();
    await expect(page.getByText('Create Safe “E2E treasury”')).toBeVisible();
    await page.keyboard.press('Escape');

    // My Safes lists it, owned by the connected account, and opens it.
    await page.goto('/');
    const row = page.locator(`[data-testid="my-safe"][data-address="${expected}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('E2E treasury');
    await expect(row.getByTestId('my-safe-access')).toHaveText('Owner');
    await expect(row.getByTestId('my-safe-threshold')).toContainText('2/2');
    await row.getByTestId('my-safe-link').click();
    await expect(page).toHaveURL(new RegExp(`/local:${expected}/home$`));
    await expect(page.getByTestId('overview-threshold')).toHaveText('2 of 2');
  });

  test('a 1-of-1 Safe 1.5.0: created from the form, funded, it pays, and its history lists the payment', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000);
    const recipient = devAccount(stack, 'recipient').address;
    await installWallet(page, stack);
    await page.goto('/');
    await connect(page);
    await page.getByTestId('create-safe-link').click();
    await page.getByTestId('new-safe-name').fill('Safe 1.5.0');
    // 1.4.1 is chosen unless the owner picks 1.5.0, which says what it adds.
    await expect(page.getByTestId('new-safe-version-1.4.1')).toBeChecked();
    await expect(page.getByText(/Adds a module guard/)).toBeVisible();
    const before = await predictedAddress(page).textContent();
    await page.getByTestId('new-safe-version-1.5.0').check();
    // Another factory and singleton: another address.
    await expect(predictedAddress(page)).not.toHaveText(before ?? '');
    const safe = getAddress((await predictedAddress(page).textContent())!);
    await page.getByTestId('new-safe-submit').click();
    await expect(page).toHaveURL(new RegExp(`/local:${safe}/home$`), { timeout: 30_000 });
    const client = chainClients(stack).public;
    expect(await client.readContract({ address: safe, abi: safeVersionAbi, functionName: 'VERSION' })).toBe(
      '1.5.0',
    );

    const funder = createWalletClient({ transport: chainClients(stack).transport });
    const funding = await funder.sendTransaction({
      account: privateKeyToAccount(devAccount(stack, 'deployer').privateKey as Hex),
      chain: null,
      to: safe,
      value: 10n ** 17n,
    });
    await client.waitForTransactionReceipt({ hash: funding, pollingInterval: 100 });

    await page.goto(`/local:${safe}/new-transaction/send`);
    await page.getByTestId('send-recipient').fill(recipient);
    await page.getByTestId('send-amount').fill('0.02');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-action')).toContainText(`Send 0.02 ETH to ${recipient}`);
    await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('transaction-details')).toBeVisible();
    await page.getByTestId('tx-execute').click();
    await expect(page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
    await page.goto(`/local:${safe}/transactions/history`);
    await expect(page.getByTestId('tx-row').first()).toContainText('0.02', { timeout: 30_000 });
  });

  test('an owner the address book names shows that name; typing gives another, and the page says it replaces it', async ({
    page,
    stack,
  }) => {
    const ownerA = devAccount(stack, 'owner A');
    const ownerB = devAccount(stack, 'owner B');
    await installWallet(page, stack);
    await page.goto('/');
    await page.evaluate(({ key, book }) => localStorage.setItem(key, JSON.stringify(book)), {
      key: 'countersign.address-book',
      book: {
        [String(stack.chainId)]: { [ownerA.address]: 'Alice (owner A)', [ownerB.address]: 'Bob (owner B)' },
      },
    });
    await connect(page);
    await page.getByTestId('create-safe-link').click();

    // The connected owner's row: the known name shows, and the field holds nothing typed.
    const nameA = ownerField(page, 0, 'name');
    await expect(nameA).toHaveValue('');
    await expect(nameA).toHaveAttribute('placeholder', 'Alice (owner A)');
    await expect(nameA).toHaveAccessibleDescription('From your address book; type to give another.');

    await page.getByTestId('new-safe-add-owner').click();
    await ownerField(page, 1, 'address').fill(ownerB.address.toLowerCase());
    const nameB = ownerField(page, 1, 'name');
    await nameB.click();
    await expect(nameB).toHaveAttribute('placeholder', 'Bob (owner B)');
    // Typing gives exactly what is typed, never the known name with letters inside it.
    await page.keyboard.type('Dup');
    await expect(nameB).toHaveValue('Dup');
    await expect(nameB).toHaveAccessibleDescription(
      'Creating the Safe replaces “Bob (owner B)” in your address book.',
    );
    await nameB.fill('');
    await expect(nameB).toHaveAccessibleDescription('From your address book; type to give another.');
    // Nothing is written to the address book before the Safe is created.
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('countersign.address-book') ?? '{}')),
    ).toEqual({
      [String(stack.chainId)]: { [ownerA.address]: 'Alice (owner A)', [ownerB.address]: 'Bob (owner B)' },
    });
  });

  test('a wallet rejection keeps the form, and an address already deployed is refused', async ({
    page,
    stack,
  }) => {
    const ownerA = devAccount(stack, 'owner A');
    const ownerB = devAccount(stack, 'owner B');
    // A 1-of-1 Safe of owner A with salt nonce 777, deployed outside the app.
    const sender = createWalletClient({
      account: privateKeyToAccount(ownerA.privateKey),
      transport: chainClients(stack).transport,
    });
    const taken = await expectedAddress(stack, { owners: [ownerA.address], threshold: 1, saltNonce: 777n });
    const deployHash = await sender.writeContract({
      chain: null,
      address: safe141.safeProxyFactory,
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [
        safe141.safeL2,
        encodeSafeSetup({
          owners: [ownerA.address],
          threshold: 1n,
          fallbackHandler: safe141.compatibilityFallbackHandler,
        }),
        777n,
      ],
    });
    expect(await deployedBy(stack, deployHash)).toBe(taken);

    await page.setViewportSize({ width: 375, height: 800 });
    await installWallet(page, stack);
    await page.goto('/new-safe');
    await connect(page);
    await expect(ownerField(page, 0, 'address')).toHaveValue(ownerA.address);

    const salt = page.getByTestId('new-safe-salt');
    await salt.fill('777');
    await expect(predictedAddress(page)).toHaveText(taken);
    await expect(page.getByTestId('new-safe-target')).toContainText('A Safe already exists at this address');
    await expect(page.getByTestId('new-safe-submit')).toBeDisabled();
    await expectNoSidewaysScroll(page);

    await salt.fill('778');
    await expect(page.getByTestId('new-safe-target')).toContainText('Nothing is deployed there yet');
    await page.getByTestId('new-safe-add-owner').click();
    await ownerField(page, 1, 'address').fill(ownerB.address);
    await ownerField(page, 1, 'name').fill('Bob');
    await page.getByTestId('new-safe-threshold').selectOption('2');
    const predicted = await predictedAddress(page).textContent();
    await expectNoSidewaysScroll(page);

    // The user declines the deployment in the wallet.
    await page.evaluate(() => {
      type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> };
      const provider = (window as unknown as { ethereum: Provider }).ethereum;
      const request = provider.request.bind(provider);
      provider.request = async (args) => {
        if (args.method === 'eth_sendTransaction') {
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        }
        return request(args);
      };
    });
    await page.getByTestId('new-safe-submit').click();
    const notice = page.getByTestId('new-safe-notice');
    await expect(notice).toContainText('Nothing was sent');
    await expect(notice).toContainText('You declined the transaction in your wallet.');

    // Everything entered is still there, and Create can be pressed again.
    await expect(page).toHaveURL(/\/new-safe$/);
    await expect(ownerField(page, 0, 'address')).toHaveValue(ownerA.address);
    await expect(ownerField(page, 1, 'address')).toHaveValue(ownerB.address);
    await expect(ownerField(page, 1, 'name')).toHaveValue('Bob');
    await expect(page.getByTestId('new-safe-threshold')).toHaveValue('2');
    await expect(salt).toHaveValue('778');
    await expect(predictedAddress(page)).toHaveText(predicted!);
    await expect(page.getByTestId('new-safe-submit')).toBeEnabled();
    await expect(page.getByTestId('new-safe-submit')).toHaveText('Create Safe');
    expect(await chainClients(stack).public.getCode({ address: predicted as Address })).toBeUndefined();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page, 'the New Safe form');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, 'the New Safe form, dark');
  });
});

test.describe('My Safes', () => {
  test('adds an existing Safe by address, read only until an owner connects, and removes it', async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!;
    const outsider = devAccount(stack, 'owner E');
    await installWallet(page, stack);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('my-safes-empty')).toBeVisible();

    const input = page.getByTestId('my-safes-add-address');
    await input.fill('0x1234');
    await page.getByTestId('my-safes-add-submit').click();
    await expect(page.getByTestId('my-safes-add-address-error')).toContainText('is not a valid address');
    await input.fill(outsider.address);
    await page.getByTestId('my-safes-add-submit').click();
    await expect(page.getByTestId('my-safes-add-address-error')).toContainText(
      `There is no Safe at ${outsider.address} on Countersign Devnet.`,
    );

    await input.fill(`local:${team.address.toLowerCase()}`);
    await page.getByTestId('my-safes-add-name').fill('Team');
    await input.press('Enter');
    const row = page.getByTestId('my-safe');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-address', getAddress(team.address));
    await expect(row).toContainText('Team');
    await expect(row.getByTestId('my-safe-threshold')).toContainText(
      `${team.threshold}/${team.owners.length}`,
    );
    await expect(row.getByTestId('my-safe-access')).toHaveText('Read only');
    await expect(input).toHaveValue('');
    await expectNoSidewaysScroll(page);

    // Kept across a reload; an owner connecting turns it into theirs.
    await page.reload();
    await expect(row).toHaveCount(1);
    await connect(page);
    await expect(row.getByTestId('my-safe-access')).toHaveText('Owner');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page, 'the start page with My Safes');

    await row.getByTestId('my-safe-link').click();
    await expect(page).toHaveURL(new RegExp(`/local:${getAddress(team.address)}/home$`));
    await expect(page.getByTestId('overview-threshold')).toHaveText(
      `${team.threshold} of ${team.owners.length}`,
    );

    await page.goto('/');
    await row.getByRole('button', { name: 'Remove Team from My Safes' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('my-safes-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('my-safes-empty')).toBeVisible();
  });
});
