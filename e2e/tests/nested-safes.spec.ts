import { parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createGatewayClient } from '@countersign/gateway-api';
import {
  safe141,
  safeAbi,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
} from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import { devAccount, ownerWithTestWallet, secondOwner } from '../owners';
import { nestedFamily, proposePayment } from '../nestedFamily';

/**
 * A Safe owned by a Safe, in the browser: C is owned by P and by owner C (2 of 2), P by owners A and
 * B (2 of 2). Owner C proposes on C; A and B each sign for P in a browser of their own; the second
 * signature makes P's contract signature, which C's gateway takes and C's contract executes.
 */

test.describe('nested Safes', () => {
  test('two owners of P sign for P off chain; C executes with P’s contract signature', async ({
    page,
    stack,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { parent, child, chain } = await nestedFamily(stack);
    const { txId, safeTxHash } = await proposePayment(stack, child, 'owner C');
    const path = `/local:${child}/transactions/${encodeURIComponent(txId)}`;

    await ownerWithTestWallet(page, stack, 'owner A', path);
    const row = page.locator(`[data-testid="parent-safe"][data-parent="${parent}"]`);
    await expect(row.getByTestId('parent-safe-status')).toContainText('0 of 2 of its owners signed');
    await expect(page.getByTestId('signer-notice')).toContainText(
      'You sign through a Safe that owns this one',
    );
    // What a hardware wallet will show for P's message is on the page before anything is signed.
    await expect(row.getByTestId('parent-safe-hashes')).toBeVisible();
    await row.getByTestId('parent-sign').click();
    await expect(row.getByTestId('parent-safe-status')).toContainText('1 of 2 of its owners signed');
    await expect(row.getByTestId('parent-sign')).toHaveCount(0);
    await expect(page.getByTestId('details-confirmations')).toContainText('1');
    // C's queue says how far P has come, on the transaction's row.
    await page.goto(`/local:${child}/transactions/queue`);
    await expect(
      page.locator(`[data-testid="tx-row"][data-tx-id="${txId}"]`).getByTestId('tx-parent-progress'),
    ).toContainText('1 of 2 of its owners signed');
    await page.goto(path);
    // P's message, on P's pages, says what it confirms: C's transaction, found and hashed again.
    await row.getByTestId('parent-message-link').click();
    await expect(page).toHaveURL(new RegExp(`/local:${parent}/messages/0x`));
    const note = page.getByTestId('child-request');
    await expect(note).toContainText('Confirms transaction #0 of a Safe this Safe owns');
    await expect(note.getByTestId('child-request-words')).toContainText('0.25');
    await expect(note.getByTestId('child-request-hash')).toHaveText(safeTxHash);
    await expect(page.getByTestId('child-request-wrong-form')).toHaveCount(0);
    await note.getByTestId('child-request-link').click();
    await expect(row.getByTestId('parent-safe-status')).toContainText('1 of 2 of its owners signed');

    const ownerB = await secondOwner(browser, stack);
    await ownerWithTestWallet(ownerB.page, stack, 'owner B', path);
    const rowB = ownerB.page.locator(`[data-testid="parent-safe"][data-parent="${parent}"]`);
    await expect(rowB.getByTestId('parent-safe-status')).toContainText('1 of 2 of its owners signed');
    await rowB.getByTestId('parent-sign').click();
    // B's was the signature P lacked: its confirmation went to C at once.
    await expect(rowB.getByTestId('parent-safe-status')).toContainText('confirmed this transaction');
    const signers = ownerB.page.getByTestId('details-confirmation');
    await expect(signers).toHaveCount(2);
    await expect(signers.filter({ hasText: parent.slice(-4) })).toHaveCount(1);
    // P is marked as a Safe among the signers.
    await expect(signers.filter({ hasText: parent.slice(-4) }).getByTestId('owner-is-safe')).toContainText(
      'Safe · 2 of 2',
    );

    await ownerB.page.getByTestId('tx-execute').click();
    await expect(ownerB.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 60_000 });
    await expect
      .poll(() => chain.readContract({ address: child, abi: safeAbi, functionName: 'nonce' }), {
        timeout: 30_000,
      })
      .toBe(1n);
    await ownerB.close();
  });

  test('or P approves on chain: a transaction of P calls approveHash on C, and C counts it', async ({
    page,
    stack,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { parent, child, chain } = await nestedFamily(stack);
    const { txId, safeTxHash } = await proposePayment(stack, child, 'owner C');
    const path = `/local:${child}/transactions/${encodeURIComponent(txId)}`;

    await ownerWithTestWallet(page, stack, 'owner A', path);
    const row = page.locator(`[data-testid="parent-safe"][data-parent="${parent}"]`);
    await row.getByTestId('parent-approve-on-chain').click();
    // P's contract form, with C and approveHash(safeTxHash) filled in as raw calldata.
    await expect(page).toHaveURL(new RegExp(`/local:${parent}/new-transaction/contract`));
    await expect(page.getByTestId('contract-mode-raw')).toBeChecked();
    await expect(page.getByTestId('contract-address')).toHaveValue(child);
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-action').first()).toContainText(`Approve hash ${safeTxHash}`);
    // The review found C's transaction of that hash and words it from its own bytes.
    await expect(page.getByTestId('approved-tx')).toContainText(
      `Approve ${child}’s transaction #0: Send 0.25`,
    );
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('transaction-details')).toBeVisible();
    const parentTx = new URL(page.url()).pathname;

    const ownerB = await secondOwner(browser, stack);
    await ownerWithTestWallet(ownerB.page, stack, 'owner B', parentTx);
    await ownerB.page.getByTestId('tx-execute').click();
    await expect(ownerB.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 60_000 });

    await ownerB.page.goto(path);
    const rowB = ownerB.page.locator(`[data-testid="parent-safe"][data-parent="${parent}"]`);
    await expect(rowB.getByTestId('parent-safe-status')).toContainText('approved it on chain');
    await rowB.getByTestId('parent-add-approval').click();
    await expect(rowB.getByTestId('parent-safe-status')).toContainText('confirmed this transaction');
    await ownerB.page.getByTestId('tx-execute').click();
    await expect(ownerB.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 60_000 });
    expect(await chain.readContract({ address: child, abi: safeAbi, functionName: 'nonce' })).toBe(1n);
    await ownerB.close();
  });

  test('a message of C confirmed through P: Confirmed once C’s isValidSignature accepts it on chain', async ({
    page,
    stack,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { parent, child } = await nestedFamily(stack);
    const text = 'The department agrees to the 2027 budget.';
    const contentHash = safeMessageContentHash(text);
    const ownerC = privateKeyToAccount(devAccount(stack, 'owner C').privateKey);
    await createGatewayClient({ baseUrl: stack.gatewayUrl }).proposeMessage({
      chainId: String(stack.chainId),
      safeAddress: child,
      body: {
        message: text,
        signature: await ownerC.signTypedData(
          safeMessageTypedData({ chainId: stack.chainId, safe: child, message: contentHash }),
        ),
      },
    });
    const messageHash = safeMessageHash({ chainId: stack.chainId, safe: child, message: text });
    const path = `/local:${child}/messages/${messageHash}`;

    await ownerWithTestWallet(page, stack, 'owner A', path);
    const row = page.locator(`[data-testid="parent-safe"][data-parent="${parent}"]`);
    await expect(row.getByTestId('parent-safe-status')).toContainText('0 of 2 of its owners signed');
    await row.getByTestId('parent-sign').click();
    await expect(row.getByTestId('parent-safe-status')).toContainText('1 of 2 of its owners signed');
    // P's message says it confirms C's message, its content hashed again here.
    await row.getByTestId('parent-message-link').click();
    await expect(page.getByTestId('child-request')).toContainText(
      'Confirms a message of a Safe this Safe owns',
    );
    await expect(page.getByTestId('child-request-words')).toContainText(text);

    const ownerB = await secondOwner(browser, stack);
    await ownerWithTestWallet(ownerB.page, stack, 'owner B', path);
    const rowB = ownerB.page.locator(`[data-testid="parent-safe"][data-parent="${parent}"]`);
    await rowB.getByTestId('parent-sign').click();
    await expect(ownerB.page.getByTestId('signature-check')).toHaveText('Signature checked on chain', {
      timeout: 30_000,
    });
    await expect(ownerB.page.getByTestId('message-status')).toHaveText('Confirmed');
    await ownerB.close();
  });

  test('P creates a nested Safe and funds it in one transaction; the review computes its address again', async ({
    page,
    stack,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { parent, chain, sender } = await nestedFamily(stack);
    await chain.waitForTransactionReceipt({
      hash: await sender.sendTransaction({ chain: null, to: parent, value: parseEther('2') }),
      pollingInterval: 100,
    });
    const ownerC = devAccount(stack, 'owner C').address;

    await ownerWithTestWallet(page, stack, 'owner A', `/local:${parent}/new-transaction`);
    await page.getByTestId('kind-nested-safe').click();
    await page.getByTestId('nested-safe-name').fill('Grants desk');
    await page.getByTestId('nested-safe-owners').fill(ownerC);
    await page.getByTestId('nested-safe-threshold').selectOption('2');
    await page.getByTestId('nested-safe-funding').fill('0.5');
    const address = (await page
      .getByTestId('nested-safe-address')
      .getByTestId('address-value')
      .getAttribute('title')) as Address;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByTestId('form-continue').click();
    const actions = page.getByTestId('review-action');
    await expect(actions.first()).toContainText(`Create a Safe at ${address}`);
    await expect(actions.first()).toContainText(
      `owned by ${parent} (this Safe), ${ownerC}, 2 of 2 to confirm`,
    );
    await expect(actions.nth(1)).toContainText(`Send 0.5 ETH to ${address}`);
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('transaction-details')).toBeVisible();
    const parentTx = new URL(page.url()).pathname;

    const ownerB = await secondOwner(browser, stack);
    await ownerWithTestWallet(ownerB.page, stack, 'owner B', parentTx);
    await ownerB.page.getByTestId('tx-execute').click();
    await expect(ownerB.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 60_000 });
    expect(await chain.readContract({ address, abi: safeAbi, functionName: 'getOwners' })).toEqual([
      parent,
      ownerC,
    ]);
    expect(await chain.readContract({ address, abi: safeAbi, functionName: 'getThreshold' })).toBe(2n);
    expect(await chain.getBalance({ address })).toBe(parseEther('0.5'));

    // The tree: the new Safe's settings name P as its parent (a Safe, marked so among its owners),
    // P's settings list it among the Safes P owns, and My Safes shows it beneath P for owner B.
    await expect
      .poll(
        async () => (await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${address}`)).status,
        {
          timeout: 30_000,
        },
      )
      .toBe(200);
    await ownerB.page.goto(`/local:${address}/settings`);
    await expect(ownerB.page.getByTestId('settings-parent-safe')).toContainText(parent);
    await expect(ownerB.page.getByTestId('settings-parent-safe')).toContainText('2 of its 2 owners');
    const marked = ownerB.page
      .getByTestId('settings-owner')
      .filter({ has: ownerB.page.getByTestId('owner-is-safe') });
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(parent);
    await ownerB.page.goto(`/local:${parent}/settings`);
    // P owns two Safes now: C (the family's) and the new one.
    await expect(ownerB.page.getByTestId('settings-child-safe').filter({ hasText: address })).toHaveCount(1);
    await ownerB.page.goto('/');
    await expect(
      ownerB.page
        .locator(`li[data-parent="${parent}"]`)
        .locator(`a[data-testid="nested-owned-safe"][href="/local:${address}/home"]`),
    ).toHaveCount(1);
    await ownerB.close();
  });

  test('a change that leaves too few owners able to sign is a danger before anyone signs', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000);
    const { child } = await nestedFamily(stack);
    const ownerC = devAccount(stack, 'owner C').address;
    // Replacing owner C with MultiSend (a contract that is no Safe) leaves P alone able to sign, of 2.
    await ownerWithTestWallet(
      page,
      stack,
      'owner C',
      `/local:${child}/new-transaction/swap-owner?owner=${ownerC}`,
    );
    await page.getByTestId('owner-address').fill(safe141.multiSend);
    await page.getByTestId('form-continue').click();
    const alert = page.getByTestId('lockout-alert');
    await expect(alert).toContainText('This would lock the Safe');
    await expect(alert).toContainText('only 1 of its 2 owners can sign, and it needs 2');
    await expect(alert.getByTestId('lockout-owner')).toContainText('a contract that is not a Safe');
    // Removing owner C instead (threshold 1) leaves P, whose owners can sign: no alert.
    await page.goto(`/local:${child}/new-transaction/remove-owner?owner=${ownerC}`);
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('lockout-ok')).toContainText('1 of the 1 owners can sign');
    await expect(page.getByTestId('lockout-alert')).toHaveCount(0);
  });
});
