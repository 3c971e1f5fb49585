import type { Page } from '@playwright/test';
import { createPublicClient, getAddress, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { delegateTotp, delegateTypedData } from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import { devAccount, ownerWithDevnetWallet, ownerWithTestWallet, secondOwner, teamSafe } from '../owners';
import type { E2eStack } from '../stack';

const safePath = (stack: E2eStack, view: string) => `/local:${teamSafe(stack)}/${view}`;

async function nonces(stack: E2eStack) {
  const response = await fetch(
    `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${teamSafe(stack)}/nonces`,
  );
  return (await response.json()) as { currentNonce: number; recommendedNonce: number };
}

function balanceOf(stack: E2eStack, address: Address) {
  return createPublicClient({ transport: http(stack.rpcUrl!) }).getBalance({ address });
}

/** Fills the send form with a native-coin payment and continues to the review. */
async function sendNative(page: Page, recipient: string, amount: string) {
  await page.getByTestId('send-recipient').fill(recipient);
  await page.getByTestId('send-amount').fill(amount);
  await page.getByTestId('form-continue').click();
  await expect(page.getByTestId('tx-review')).toBeVisible();
}

/** Sets the review's nonce to the Safe's next one, so the proposal can execute now. */
async function useNextNonce(page: Page, stack: E2eStack) {
  const { currentNonce } = await nonces(stack);
  await page.getByTestId('review-nonce').fill(String(currentNonce));
  return currentNonce;
}

/** Signs and proposes from the review; answers the details page's URL. */
async function signAndPropose(page: Page) {
  await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
  await page.getByTestId('review-sign').click();
  await expect(page.getByTestId('transaction-details')).toBeVisible();
  // The new page opens at its top, its title in view, however far down the review was.
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return page.url();
}

test.describe('Transaction flow: two owners of the 2-of-3 demo Safe', () => {
  test.setTimeout(120_000);

  test('propose, confirm by executing as the second owner, and the history and balances follow', async ({
    page,
    stack,
    browser,
  }) => {
    const recipient = devAccount(stack, 'recipient').address;
    const before = await balanceOf(stack, recipient);
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await sendNative(page, recipient, '0.25');

    // The review: in words, decoded here; simulated; the hashes and the contract's own check.
    await expect(page.getByTestId('review-action')).toHaveCount(1);
    await expect(page.getByTestId('review-action')).toContainText(`Send 0.25 ETH to ${recipient}`);
    await expect(page.getByTestId('simulation')).toHaveAttribute('data-state', 'success');
    const nonce = await useNextNonce(page, stack);
    await expect(page.getByTestId('review-contract-check')).toContainText('gives the same safeTxHash');
    const safeTxHash = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent())!;
    expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    const detailsUrl = await signAndPropose(page);
    expect(decodeURIComponent(detailsUrl)).toContain(safeTxHash);
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    await expect(page.getByTestId('tx-confirm')).toHaveCount(0);

    // Owner B, in a browser of their own with the devnet wallet: executes with their own approval.
    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', new URL(detailsUrl).pathname);
      await expect(b.page.getByTestId('tx-execute')).toHaveText('Confirm and execute');
      await b.page.getByTestId('tx-execute').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
      await b.page.getByRole('link', { name: 'History' }).first().click();
      await expect(b.page.getByTestId('tx-row').first()).toContainText('0.25');
    } finally {
      await b.close();
    }
    expect(await balanceOf(stack, recipient)).toBe(before + parseEther('0.25'));
    const after = await nonces(stack);
    expect(after.currentNonce).toBe(nonce + 1);
  });

  test('a second owner confirms, then the first executes', async ({ page, stack, browser }) => {
    const recipient = devAccount(stack, 'recipient').address;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await sendNative(page, recipient, '0.01');
    await useNextNonce(page, stack);
    // A note for the co-signers, said to be public; markup in it stays text.
    await expect(page.getByTestId('review-note')).toHaveAccessibleDescription(
      /^Public: the gateway keeps it/,
    );
    await page.getByTestId('review-note').fill('Office rent <b>March</b>');
    const detailsUrl = await signAndPropose(page);
    await expect(page.getByTestId('details-note')).toContainText('Office rent March');

    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', new URL(detailsUrl).pathname);
      await expect(b.page.getByTestId('details-note')).toContainText('Office rent March');
      await b.page.getByTestId('tx-confirm').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Awaiting execution');
      await expect(b.page.getByTestId('tx-confirm')).toHaveCount(0);
    } finally {
      await b.close();
    }
    await page.reload();
    await expect(page.getByTestId('tx-execute')).toHaveText('Execute');
    await page.getByTestId('tx-execute').click();
    await expect(page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
    // The execution is listed in the profile menu's Recent Transactions, until Clear All.
    await page.getByTestId('rk-account-button').click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText('Recent Transactions')).toBeVisible();
    await expect(modal.getByText(/^Execute Safe transaction #\d+$/)).toBeVisible();
    await modal.getByText('Clear All').click();
    await expect(modal.getByText(/^Execute Safe transaction #\d+$/)).toHaveCount(0);
  });

  test('a wallet that declines keeps everything entered; Back returns to the filled form', async ({
    page,
    stack,
  }) => {
    const wallet = await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    const recipient = devAccount(stack, 'recipient').address;
    await sendNative(page, recipient, '0.5');
    wallet.behaviour.sign = 'reject';
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('review-error')).toContainText(
      'You declined the signature request in your wallet.',
    );
    await expect(page.getByTestId('review-error')).toContainText('Everything you entered is kept.');
    await expect(page.getByTestId('tx-review')).toBeVisible();
    await page.getByTestId('review-back').click();
    await expect(page.getByTestId('send-recipient')).toHaveValue(recipient);
    await expect(page.getByTestId('send-amount')).toHaveValue('0.5');
    // And once the wallet signs, the same entry goes through.
    wallet.behaviour.sign = 'approve';
    await page.getByTestId('form-continue').click();
    await signAndPropose(page);
  });

  test('the pointer on Continue asks for safeTxGas once the form is complete, and the review opens on that answer', async ({
    page,
    stack,
  }) => {
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    const estimations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/multisig-transactions/estimations'))
        estimations.push(request.postData() ?? '');
    });
    const recipient = devAccount(stack, 'recipient').address;
    await page.getByTestId('send-recipient').fill(recipient);
    // Incomplete (no amount): nothing is asked, and the field not yet reached is not told off.
    await page.getByTestId('form-continue').hover();
    await page.mouse.move(0, 0);
    await page.getByTestId('send-amount').fill('0.03');
    await expect(page.getByTestId('send-form').locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.getByTestId('form-continue').hover();
    await expect.poll(() => estimations.length).toBe(1);
    expect(JSON.parse(estimations[0]!)).toMatchObject({
      to: recipient,
      value: parseEther('0.03').toString(),
      operation: 0,
    });
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-contract-check')).toContainText('same safeTxHash');
    expect(estimations).toHaveLength(1);
  });

  test('the recipient found by name in the address book, and named again in the review', async ({
    page,
    stack,
  }) => {
    const recipient = devAccount(stack, 'recipient').address;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: 'countersign.address-book',
      value: JSON.stringify({ [String(stack.chainId)]: { [recipient]: 'Dave' } }),
    });
    await page.reload();
    const field = page.getByRole('combobox', { name: 'Recipient' });
    await field.fill('dav');
    const dave = page.getByRole('listbox', { name: 'Known addresses' }).getByRole('option', { name: /Dave/ });
    await expect(dave).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(dave).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue(recipient);
    await expect(page.getByTestId('send-recipient-preview')).toContainText('Dave');
    await page.getByTestId('send-amount').fill('0.01');
    await page.getByTestId('form-continue').click();
    const action = page.getByTestId('review-action');
    await expect(action).toContainText(`Send 0.01 ETH to ${recipient} (Dave)`);
    // In the sentence, and again where the call goes.
    await expect(action.getByTestId('call-address-name')).toHaveText(['Dave', 'Dave']);
  });

  test('a pasted look-alike of an owner is warned of, and a first recipient noted, without blocking', async ({
    page,
    stack,
  }) => {
    const ownerB = getAddress(devAccount(stack, 'owner B').address);
    // Same first 4 and last 4 hex digits as owner B, another middle: what an address poisoner makes.
    const imitation = `${ownerB.slice(0, 6)}${'0'.repeat(32)}${ownerB.slice(-4)}`;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    const field = page.getByRole('combobox', { name: 'Recipient' });
    await field.fill(imitation);
    await expect(page.getByTestId('send-recipient-warning')).toHaveText(
      `Looks like the owner ${ownerB.slice(0, 6)}…${ownerB.slice(-4)} but is a different address. Check every character.`,
    );
    await field.fill(ownerB);
    await expect(page.getByTestId('send-recipient-warning')).toBeHidden();
    // An address the Safe never paid: a notice, not a warning.
    await field.fill(getAddress(`0x${'5a'.repeat(20)}`));
    await expect(page.getByTestId('send-recipient-notice')).toContainText('This Safe has');
    await expect(page.getByTestId('send-recipient-warning')).toBeHidden();
    await field.fill(imitation);
    await page.getByTestId('send-amount').fill('0.01');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('tx-review')).toBeVisible();
  });

  test('reject: an empty self-transaction at the same nonce, shown as a conflict in the queue', async ({
    page,
    stack,
  }) => {
    const recipient = devAccount(stack, 'recipient').address;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await sendNative(page, recipient, '0.02');
    await signAndPropose(page);
    await page.getByTestId('tx-reject').click();
    await page.getByTestId('reject-continue').click();
    await expect(page.getByTestId('review-action')).toContainText(
      'Reject: an empty transaction from the Safe to itself',
    );
    await expect(page.getByTestId('warning-nonce-replaces')).toBeVisible();
    await signAndPropose(page);
    await expect(page.getByTestId('details-summary')).toContainText(/reject/i);
    await page.goto(safePath(stack, 'transactions/queue'));
    await expect(page.getByTestId('conflict-header').first()).toBeVisible();
  });

  test('delete: the proposer takes a proposal back', async ({ page, stack }) => {
    const recipient = devAccount(stack, 'recipient').address;
    const wallet = await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await sendNative(page, recipient, '0.03');
    const detailsUrl = await signAndPropose(page);
    await page.getByTestId('tx-delete').click();
    await page.getByTestId('delete-confirm').click();
    await expect(page).toHaveURL(/\/transactions\/queue$/);
    expect(wallet.typedDataRequests.at(-1)?.primaryType).toBe('DeleteRequest');
    const response = await fetch(
      `${stack.gatewayUrl}/v1/chains/${stack.chainId}/transactions/${decodeURIComponent(new URL(detailsUrl).pathname.split('/').at(-1)!)}`,
    );
    expect(response.status).toBe(404);
  });

  test('a batch of three actions, kept across a reload, reordered, sent as one MultiSendCallOnly transaction', async ({
    page,
    stack,
    browser,
  }) => {
    const recipient = devAccount(stack, 'recipient').address;
    const ownerE = devAccount(stack, 'owner E').address;
    const before = await Promise.all([balanceOf(stack, recipient), balanceOf(stack, ownerE)]);
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    for (const [to, amount] of [
      [recipient, '0.1'],
      [ownerE, '0.2'],
      [recipient, '0.3'],
    ] as const) {
      await page.getByTestId('send-recipient').fill(to);
      await page.getByTestId('send-amount').fill(amount);
      await page.getByTestId('form-add-to-batch').click();
      await expect(page.getByTestId('batch-added')).toBeVisible();
    }
    await page.goto(safePath(stack, 'new-transaction/batch'));
    await expect(page.getByTestId('batch-item')).toHaveCount(3);
    await page.reload();
    await expect(page.getByTestId('batch-item')).toHaveCount(3);
    await page.getByTestId('batch-item').nth(2).getByTestId('batch-move-up').click();
    await expect(page.getByTestId('batch-item-label').nth(1)).toContainText('0.3');
    await page.getByTestId('batch-continue').click();
    await expect(page.getByTestId('review-action')).toHaveCount(3);
    await expect(page.getByTestId('review-action').nth(1)).toContainText(`Send 0.3 ETH to ${recipient}`);
    await expect(page.getByTestId('tx-review')).toContainText('MultiSendCallOnly');
    await expect(page.getByTestId('warning-delegatecall')).toHaveCount(0);
    await expect(page.getByTestId('simulation')).toHaveAttribute('data-state', 'success');
    await useNextNonce(page, stack);
    const detailsUrl = await signAndPropose(page);
    // Proposed: the batch is empty again.
    await page.goto(safePath(stack, 'new-transaction/batch'));
    await expect(page.getByTestId('batch-item')).toHaveCount(0);

    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', new URL(detailsUrl).pathname);
      await b.page.getByTestId('tx-execute').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
    } finally {
      await b.close();
    }
    expect(await balanceOf(stack, recipient)).toBe(before[0] + parseEther('0.4'));
    expect(await balanceOf(stack, ownerE)).toBe(before[1] + parseEther('0.2'));
  });

  test('settings: add an owner with a new threshold, then change the threshold', async ({
    page,
    stack,
    browser,
  }) => {
    const ownerE = devAccount(stack, 'owner E').address;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/add-owner'));
    await page.getByTestId('owner-address').fill(ownerE);
    await page.getByTestId('threshold-select').selectOption('3');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-action')).toContainText(
      `Add owner ${ownerE} and set the threshold to 3`,
    );
    await expect(page.getByTestId('warning-settings')).toBeVisible();
    await useNextNonce(page, stack);
    const detailsUrl = await signAndPropose(page);

    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', new URL(detailsUrl).pathname);
      await b.page.getByTestId('tx-execute').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
      await b.page.goto(safePath(stack, 'settings'));
      await expect(b.page.getByTestId('safe-header')).toContainText('3/4');
    } finally {
      await b.close();
    }

    await page.goto(safePath(stack, 'new-transaction/threshold'));
    await page.getByTestId('threshold-select').selectOption('2');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-action')).toContainText('Change the threshold to 2');
    await useNextNonce(page, stack);
    await signAndPropose(page);
    await expect(page.getByTestId('tx-actions-missing')).toContainText('2 more confirmations');
  });

  test('a simulation that reverts shows its reason and the failed estimate, and still lets the owner sign', async ({
    page,
    stack,
  }) => {
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/contract'));
    await page.getByTestId('contract-mode-raw').check();
    await page.getByTestId('contract-address').fill(teamSafe(stack));
    // changeThreshold(5) on a Safe of three owners: the Safe refuses with GS201.
    await page.getByTestId('contract-data').fill(`0x694e80c3${(5).toString(16).padStart(64, '0')}`);
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('simulation-reason')).toHaveText('GS201');
    await expect(page.getByTestId('review-safe-tx-gas')).toContainText('could not estimate it');
    await expect(page.getByTestId('review-sign')).toBeEnabled();
    await signAndPropose(page);
  });

  test('replace: another transaction at the nonce of a queued one', async ({ page, stack }) => {
    const recipient = devAccount(stack, 'recipient').address;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await sendNative(page, recipient, '0.04');
    await expect(page.getByTestId('review-nonce')).not.toHaveValue('');
    const nonce = Number(await page.getByTestId('review-nonce').inputValue());
    await signAndPropose(page);
    await page.getByTestId('tx-replace').click();
    await page.getByTestId('kind-send').click();
    await expect(page).toHaveURL(new RegExp(`nonce=${nonce}`));
    await sendNative(page, recipient, '0.05');
    await expect(page.getByTestId('review-nonce')).toHaveValue(String(nonce));
    await expect(page.getByTestId('warning-nonce-replaces')).toBeVisible();
    await signAndPropose(page);
    await page.goto(safePath(stack, 'transactions/queue'));
    await expect(page.getByTestId('conflict-header').first()).toBeVisible();
  });

  test('an account that is not an owner sees why it cannot sign, and gets no sign button', async ({
    page,
    stack,
  }) => {
    const outsider = devAccount(stack, 'outside sender').address;
    await ownerWithTestWallet(page, stack, 'outside sender', safePath(stack, 'new-transaction/send'));
    // Told before filling anything in, not only at the end of the review.
    await expect(page.getByTestId('flow-signer-notice')).toContainText(
      `${outsider} is neither an owner nor a delegate of this Safe`,
    );
    await sendNative(page, devAccount(stack, 'recipient').address, '0.01');
    await expect(page.getByTestId('signer-notice')).toContainText(
      `${outsider} is neither an owner nor a delegate of this Safe`,
    );
    await expect(page.getByTestId('review-sign')).toHaveCount(0);
    await expect(page.getByTestId('review-propose')).toHaveCount(0);
    // The review is still whole: what it does, the simulation and the hashes.
    await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
    await expect(page.getByTestId('simulation')).toHaveAttribute('data-state', 'success');
  });

  test('a wallet on another chain is asked to switch before it signs', async ({ page, stack }) => {
    const wallet = await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/send'));
    await wallet.switchTo(1);
    await sendNative(page, devAccount(stack, 'recipient').address, '0.01');
    await signAndPropose(page);
    expect(wallet.calls).toContain('wallet_switchEthereumChain');
    expect(wallet.chainId).toBe(stack.chainId);
    expect(wallet.typedDataRequests.at(-1)?.primaryType).toBe('SafeTx');
  });

  test('a delegate the gateway knows cannot sign, but proposes for the owners to sign', async ({
    page,
    stack,
  }) => {
    const delegate = devAccount(stack, 'owner E');
    const ownerA = privateKeyToAccount(devAccount(stack, 'owner A').privateKey);
    const signature = await ownerA.signTypedData(
      delegateTypedData({ chainId: stack.chainId, delegate: delegate.address, totp: delegateTotp() }),
    );
    const added = await fetch(`${stack.gatewayUrl}/v2/chains/${stack.chainId}/delegates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        safe: teamSafe(stack),
        delegate: delegate.address,
        delegator: ownerA.address,
        signature,
        label: 'Bookkeeper',
      }),
    });
    expect(added.ok).toBe(true);

    await ownerWithTestWallet(page, stack, 'owner E', safePath(stack, 'new-transaction/send'));
    // Said before the form is filled in, and again beside the review's buttons.
    await expect(page.getByTestId('flow-signer-notice')).toContainText('as a delegate the gateway knows');
    await sendNative(page, devAccount(stack, 'recipient').address, '0.01');
    await expect(page.getByTestId('signer-notice')).toContainText('as a delegate the gateway knows');
    await expect(page.getByTestId('review-sign')).toHaveCount(0);
    await page.getByTestId('review-propose').click();
    await expect(page.getByTestId('transaction-details')).toBeVisible();
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
  });
});

test.describe('Names of the contracts a transaction calls', () => {
  test('a call on a token the Safe holds is named by the token list in the queue, as its details name it', async ({
    page,
    stack,
  }) => {
    const response = await fetch(
      `${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${teamSafe(stack)}/balances/usd`,
    );
    const { items } = (await response.json()) as {
      items: { tokenInfo: { address: string; symbol: string } }[];
    };
    const dusd = items.find((item) => item.tokenInfo.symbol === 'DUSD')!.tokenInfo.address;
    const spender = devAccount(stack, 'recipient').address;
    // approve(spender, 1), written out: the selector, then each argument in 32 bytes.
    const approve = `0x095ea7b3${spender.slice(2).toLowerCase().padStart(64, '0')}${'1'.padStart(64, '0')}`;
    await ownerWithTestWallet(page, stack, 'owner A', safePath(stack, 'new-transaction/contract'));
    await page.getByTestId('contract-mode-raw').check();
    await page.getByTestId('contract-address').fill(dusd);
    await page.getByTestId('contract-data').fill(approve);
    await page.getByTestId('form-continue').click();
    // The review names the token in its sentence and where the call goes, as the token contract does.
    const action = page.getByTestId('review-action');
    await expect(action).toContainText('to spend 0.000001 DUSD');
    await expect(action.getByTestId('call-to-name')).toHaveText(' (DUSD token contract)');
    await signAndPropose(page);

    // A new page load, from the saved cache: the new proposal is there all the same.
    await page.goto(safePath(stack, 'transactions/queue'));
    const row = page.getByTestId('tx-row').filter({ hasText: 'approve' });
    await expect(row.getByTestId('tx-summary')).toContainText('Call approve on Dev Dollar');
    await expect(row.getByTestId('inline-address')).toHaveAttribute('title', dusd);
  });
});
