import type { Browser, Page } from '@playwright/test';
import {
  safeMessageContentHash,
  safeMessageHashes,
  safeMessageTypedData,
  type SafeMessageContent,
} from '@countersign/safe-core';
import { createPublicClient, hashMessage, http, parseAbi, recoverTypedDataAddress, type Hex } from 'viem';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test, watchCsp } from '../fixtures';
import type { E2eStack } from '../stack';
import { devAccount, installTestWallet, teamSafe } from '../owners';
import { connectFromPage, DEVNET_WALLET, TEST_WALLET } from '../signIn';

/**
 * Signing Safe messages end to end, on the demo's 2-of-3 Safe: owner A creates a message in one
 * browser, owner B confirms it in another, and the page checks on chain that the Safe accepts the
 * combined signature, all against the real devnet and gateway.
 */

type GatewayMessage = {
  messageHash: Hex;
  status: string;
  message: string | Record<string, unknown>;
  confirmationsSubmitted: number;
  confirmationsRequired: number;
  proposedBy: { value: string };
  confirmations: { owner: { value: string }; signature: Hex }[];
  preparedSignature: Hex | null;
  origin: string | null;
};

async function gatewayMessage(stack: E2eStack, messageHash: string): Promise<GatewayMessage> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/messages/${messageHash}`);
  expect(response.status, messageHash).toBe(200);
  return (await response.json()) as GatewayMessage;
}

/** Fills the new-message form and opens its review. */
async function enterMessage(page: Page, kind: 'text' | 'typed-data', input: string) {
  await page.getByTestId(`message-kind-${kind}`).check();
  await page.getByTestId('message-input').fill(input);
  await page.getByTestId('review-message').click();
}

/** The review shows the three hashes a signer checks, as safe-core computes them for this Safe. */
async function expectReviewHashes(page: Page, stack: E2eStack, content: SafeMessageContent) {
  const contentHash = safeMessageContentHash(content);
  const hashes = safeMessageHashes({ chainId: stack.chainId, safe: teamSafe(stack), message: contentHash });
  await expect(page.getByTestId('message-content-hash')).toHaveText(contentHash);
  await expect(page.getByTestId('safe-message-hash')).toHaveText(hashes.safeMessageHash);
  await expect(page.getByTestId('domain-hash')).toHaveText(hashes.domainHash);
  await expect(page.getByTestId('struct-hash')).toHaveText(hashes.structHash);
  return { contentHash, messageHash: hashes.safeMessageHash };
}

/** Owner A's part: the message created from the form, signed, and opened at its page. */
async function createAsOwnerA(
  page: Page,
  stack: E2eStack,
  kind: 'text' | 'typed-data',
  input: string,
  content: SafeMessageContent,
) {
  const team = teamSafe(stack);
  await installTestWallet(page, stack, 'owner A');
  await page.goto(`/local:${team}/messages`);
  await page.getByTestId('new-message-link').click();
  await expect(page).toHaveURL(new RegExp(`/local:${team}/new-message$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign a message');
  await enterMessage(page, kind, input);
  const { contentHash, messageHash } = await expectReviewHashes(page, stack, content);
  await expect(page.getByTestId('sign-message')).toBeDisabled();
  await connectFromPage(page, TEST_WALLET);
  await expect(page.getByTestId('signer-owner')).toContainText(
    devAccount(stack, 'owner A').address.slice(-4),
  );

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/safes/${team}/messages`),
  );
  await page.getByTestId('sign-message').click();
  expect((await created).status()).toBe(202);
  await expect(page).toHaveURL(new RegExp(`/local:${team}/messages/${messageHash}$`));
  await expect(page.getByTestId('message-status')).toHaveText('Needs confirmation');
  await expect(page.getByTestId('message-confirmations-count')).toHaveText('1 of 2');
  await expect(page.getByTestId('message-signed-by-you')).toBeVisible();
  await expect(page.getByTestId('hash-check')).toHaveText('Matches the hash computed here');

  // What the gateway holds: owner A's signature of the SafeMessage, and where it came from.
  const stored = await gatewayMessage(stack, messageHash);
  expect(stored).toMatchObject({
    status: 'NEEDS_CONFIRMATION',
    confirmationsSubmitted: 1,
    proposedBy: { value: devAccount(stack, 'owner A').address },
    preparedSignature: null,
  });
  expect(JSON.parse(stored.origin!)).toEqual({ name: 'Countersign', url: new URL(stack.webUrl).origin });
  const signer = await recoverTypedDataAddress({
    ...safeMessageTypedData({ chainId: stack.chainId, safe: team, message: contentHash }),
    signature: stored.confirmations[0]!.signature,
  });
  expect(signer).toBe(devAccount(stack, 'owner A').address);
  return { messageHash, contentHash, stored };
}

/** Owner B's part, in a browser context of their own: Confirm, then the check on chain. */
async function confirmAsOwnerB(
  browser: Browser,
  stack: E2eStack,
  messageHash: string,
  wallet: 'test wallet' | 'devnet wallet',
) {
  const team = teamSafe(stack);
  const ownerB = devAccount(stack, 'owner B').address;
  const context = await browser.newContext({ baseURL: stack.webUrl });
  try {
    const page = await context.newPage();
    const violations = watchCsp(page);
    if (wallet === 'test wallet') {
      await installTestWallet(page, stack, 'owner B');
    } else {
      // The devnet wallet signs as the account its picker last chose: owner B here.
      await page.addInitScript(
        (account) => localStorage.setItem('countersign.devnet.account', account),
        ownerB,
      );
    }
    await page.goto(`/local:${team}/messages/${messageHash}`);
    await expect(page.getByTestId('message-missing')).toHaveText('One more owner’s signature is needed.');
    await expect(page.getByTestId('confirm-message')).toBeDisabled();
    await connectFromPage(page, wallet === 'test wallet' ? TEST_WALLET : DEVNET_WALLET);
    await expect(page.getByTestId('rk-account-button')).toContainText(ownerB.slice(-4));
    await expect(page.getByTestId('signer-owner')).toBeVisible();

    const confirmed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/messages/${messageHash}/signatures`),
    );
    await page.getByTestId('confirm-message').click();
    expect((await confirmed).status()).toBe(200);
    await expect(page.getByTestId('message-action-outcome')).toContainText('Signature added');

    // CONFIRMED at the gateway; the page shows Confirmed once the Safe accepted it on chain.
    await expect(page.getByTestId('message-confirmations-count')).toHaveText('2 of 2');
    await expect(page.getByTestId('signature-check')).toHaveText('Signature checked on chain');
    await expect(page.getByTestId('message-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('signature-check-hash')).toContainText(
      'Returned the magic value 0x1626ba7e',
    );
    await expect(page.getByTestId('signature-check-bytes')).toContainText(
      'Returned the magic value 0x20c13b0b',
    );
    await expect(page.getByTestId('confirm-message')).toHaveCount(0);
    const stored = await gatewayMessage(stack, messageHash);
    expect(stored).toMatchObject({
      status: 'CONFIRMED',
      confirmationsSubmitted: 2,
      confirmationsRequired: 2,
    });
    expect(stored.confirmations.map((c) => c.owner.value).sort()).toEqual(
      [devAccount(stack, 'owner A').address, ownerB].sort(),
    );
    // The signature the page asked the Safe about is the gateway's prepared one.
    await expect(page.getByTestId('checked-signature')).toHaveAttribute(
      'data-value',
      stored.preparedSignature!,
    );
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    return stored;
  } finally {
    await context.close();
  }
}

/** Asked here, without the app: the Safe's own answer for the message's prepared signature. */
async function expectSafeAccepts(stack: E2eStack, contentHash: Hex, signatures: Hex) {
  const client = createPublicClient({ transport: http(stack.rpcUrl!) });
  const magic = await client.readContract({
    address: teamSafe(stack),
    abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
    functionName: 'isValidSignature',
    args: [contentHash, signatures],
  });
  expect(magic).toBe('0x1626ba7e');
  const legacy = await client.readContract({
    address: teamSafe(stack),
    abi: parseAbi(['function isValidSignature(bytes data, bytes signature) view returns (bytes4)']),
    functionName: 'isValidSignature',
    args: [contentHash, signatures],
  });
  expect(legacy).toBe('0x20c13b0b');
}

test.describe('Signing a message', () => {
  test.describe.configure({ timeout: 90_000 });

  test('text: owner A signs it, owner B confirms it in another browser, the Safe accepts it on chain', async ({
    page,
    browser,
    stack,
  }) => {
    const text = 'Countersign e2e: we, the owners, approve the 2028 budget.\nSigned off-chain.';
    const { messageHash, contentHash } = await createAsOwnerA(page, stack, 'text', text, text);
    expect(contentHash).toBe(hashMessage(text));
    await expect(page.getByTestId('message-text')).toHaveText(text);

    const confirmed = await confirmAsOwnerB(browser, stack, messageHash, 'test wallet');
    await expectSafeAccepts(stack, contentHash, confirmed.preparedSignature!);

    // Owner A's page, once reloaded, shows it confirmed and checked too.
    await page.reload();
    await expect(page.getByTestId('signature-check')).toHaveText('Signature checked on chain');
    await expect(page.getByTestId('message-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('message-actions')).toHaveCount(0);
  });

  test('typed data: pasted without primaryType, signed by owner A, confirmed by owner B with the devnet wallet', async ({
    page,
    browser,
    stack,
  }) => {
    const team = teamSafe(stack);
    const typed = {
      domain: { name: 'Countersign e2e', version: '1', chainId: stack.chainId, verifyingContract: team },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Order: [
          { name: 'maker', type: 'Person' },
          { name: 'amounts', type: 'uint256[]' },
          { name: 'payload', type: 'bytes' },
        ],
      },
      message: {
        maker: { name: 'Owner A', wallet: devAccount(stack, 'owner A').address },
        amounts: ['1000000000000000000', '250'],
        payload: '0xdeadbeef',
      },
    };
    // Order is the only type no other type uses: it is the primary type, and the gateway gets it.
    const content = { ...typed, primaryType: 'Order' } as unknown as SafeMessageContent;
    const { messageHash, contentHash, stored } = await createAsOwnerA(
      page,
      stack,
      'typed-data',
      JSON.stringify(typed, null, 2),
      content,
    );
    expect(stored.message).toEqual({ ...typed, primaryType: 'Order' });
    await expect(page.getByTestId('primary-type')).toHaveText('Order');
    await expect(page.getByTestId('domain-name')).toHaveText('Countersign e2e');

    const confirmed = await confirmAsOwnerB(browser, stack, messageHash, 'devnet wallet');
    await expectSafeAccepts(stack, contentHash, confirmed.preparedSignature!);
  });

  test('a declined signature keeps everything entered and says so; signing again works', async ({
    page,
    stack,
  }) => {
    const team = teamSafe(stack);
    const wallet = await installTestWallet(page, stack, 'owner A');
    await page.goto(`/local:${team}/new-message`);
    const text = 'Declined once, then signed.';
    await enterMessage(page, 'text', text);
    await connectFromPage(page, TEST_WALLET);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/messages')) posts.push(request.url());
    });

    wallet.behaviour.sign = 'reject';
    await page.getByTestId('sign-message').click();
    await expect(page.getByTestId('sign-outcome-message')).toHaveText(
      'You declined the signature request in your wallet.',
    );
    await expect(page.getByTestId('sign-outcome-kept')).toContainText('Everything you entered is kept');
    await expect(page.getByTestId('message-text')).toHaveText(text);
    await expect(page).toHaveURL(/\/new-message$/);
    expect(posts).toEqual([]);
    await page.getByTestId('edit-message').click();
    await expect(page.getByTestId('message-input')).toHaveValue(text);
    await expect(page.getByTestId('message-input')).toBeFocused();

    wallet.behaviour.sign = 'approve';
    await page.getByTestId('review-message').click();
    await page.getByTestId('sign-message').click();
    const messageHash = safeMessageHashes({
      chainId: stack.chainId,
      safe: team,
      message: hashMessage(text),
    }).safeMessageHash;
    await expect(page).toHaveURL(new RegExp(`/messages/${messageHash}$`));
    expect((await gatewayMessage(stack, messageHash)).confirmationsSubmitted).toBe(1);
  });

  test('typed data without a primaryType and two root types: "Please specify primaryType"', async ({
    page,
    stack,
  }) => {
    await page.goto(`/local:${teamSafe(stack)}/new-message`);
    const ambiguous = {
      domain: { name: 'Two roots', chainId: stack.chainId },
      types: {
        Mail: [{ name: 'contents', type: 'string' }],
        Order: [{ name: 'amount', type: 'uint256' }],
      },
      message: { contents: 'Hello' },
    };
    await enterMessage(page, 'typed-data', JSON.stringify(ambiguous));
    await expect(page.getByTestId('message-input-error')).toHaveText('Please specify primaryType');
    await expect(page.getByTestId('message-input')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('message-review')).toHaveCount(0);
    // Naming it is enough.
    await page.getByTestId('message-input').fill(JSON.stringify({ ...ambiguous, primaryType: 'Mail' }));
    await page.getByTestId('review-message').click();
    await expect(page.getByTestId('primary-type')).toHaveText('Mail');
  });

  test('an account that is not an owner sees why it cannot sign', async ({ page, stack }) => {
    await installTestWallet(page, stack, 'outside sender');
    await page.goto(`/local:${teamSafe(stack)}/new-message`);
    await enterMessage(page, 'text', 'From a stranger');
    await connectFromPage(page, TEST_WALLET);
    await expect(page.getByTestId('signer-not-owner')).toContainText('is not an owner of this Safe');
    await expect(page.getByTestId('sign-message')).toBeDisabled();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the form and its review at 375 px, by keyboard, with no serious axe violation (${scheme})`, async ({
      page,
      stack,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/local:${teamSafe(stack)}/new-message`);
      await expect(page.getByTestId('new-message-form')).toBeVisible();
      await expect(page.getByTestId('rk-connect-button')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `new message, ${scheme}`);
      // By keyboard: the kind, the text, then Review.
      await page.getByTestId('message-kind-text').focus();
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('message-input')).toBeFocused();
      await page.keyboard.type('Typed at 375 px');
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('review-message')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('message-review')).toBeVisible();
      await expect(page.getByTestId('message-text')).toHaveText('Typed at 375 px');
      await expectNoSeriousA11yViolations(page, `new message review, ${scheme}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
    });
  }
});
