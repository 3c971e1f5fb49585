import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatUnits } from 'viem';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import { doubleSafeAddress, emptyPage, webAppOnDouble, type GatewayDouble } from '../gatewayDouble';
import { devAccount, installTestWallet } from '../owners';
import type { E2eStack } from '../stack';
import { signInMessage } from '../signIn';

/**
 * The transactions views against the demo scenario (services/devnet/src/scenario.ts and
 * seedOffchain.ts): what the page shows is compared with the JSON the gateway serves, and with the
 * facts of the scenario (what was sent, to whom, how much). Hostile and huge data come from the
 * gateway double.
 */

const timezoneId = 'Pacific/Auckland';
test.use({ locale: 'en-US', timezoneId });

type Json = Record<string, unknown>;
type Item = {
  type: string;
  label?: string;
  nonce?: number;
  timestamp?: number;
  conflictType?: string;
  transaction?: {
    id: string;
    txStatus: string;
    txHash: string | null;
    timestamp: number;
    txInfo: Json & { type: string };
    executionInfo: null | {
      type: string;
      nonce?: number;
      confirmationsRequired?: number;
      confirmationsSubmitted?: number;
      missingSigners?: { value: string; name: string | null }[] | null;
    };
  };
};
type Page_ = { count: number; next: string | null; results: Item[] };

const teamOf = (stack: E2eStack) => stack.safes[0]!;
const safeBase = (stack: E2eStack) => `/local:${teamOf(stack).address}`;

async function gateway<T>(stack: E2eStack, path: string): Promise<T> {
  const response = await fetch(`${stack.gatewayUrl}${path}`);
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

const queueJson = (stack: E2eStack) =>
  gateway<Page_>(stack, `/v1/chains/${stack.chainId}/safes/${teamOf(stack).address}/transactions/queued`);

/** Every item of the history, following the gateway's pages. */
async function historyJson(stack: E2eStack, timezone = timezoneId): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = 'limit=100&offset=0';
  while (cursor !== null) {
    const page: Page_ = await gateway<Page_>(
      stack,
      `/v1/chains/${stack.chainId}/safes/${teamOf(stack).address}/transactions/history?timezone=${encodeURIComponent(timezone)}&cursor=${encodeURIComponent(cursor)}`,
    );
    items.push(...page.results);
    cursor = page.next ? new URL(page.next).searchParams.get('cursor') : null;
  }
  return items;
}

const transactionsOf = (items: Item[]) =>
  items.filter((item) => item.type === 'TRANSACTION').map((item) => item.transaction!);

/** "Today", "Yesterday" or "Nov 21, 2026" in the test's time zone, as the page words a day. */
function dayLabel(timestamp: number): string {
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(ms);
  if (day(timestamp) === day(Date.now())) return 'Today';
  if (day(timestamp) === day(Date.now() - 86_400_000)) return 'Yesterday';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: timezoneId }).format(timestamp);
}

const row = (page: Page, id: string) => page.locator(`[data-testid="tx-row"][data-tx-id="${id}"]`);

/** A CSV reader written from RFC 4180, so the export is checked by something other than its writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let line: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      line.push(cell);
      cell = '';
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i++;
      line.push(cell);
      rows.push(line);
      line = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || line.length > 0) {
    line.push(cell);
    rows.push(line);
  }
  return rows;
}

async function connectAndVerify(page: Page) {
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
  await signInMessage(page);
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}

test.describe('Queue', () => {
  test('labels, conflict groups, confirmations and missing signers as the gateway serves them', async ({
    page,
    stack,
  }) => {
    await page.goto(`${safeBase(stack)}/transactions/queue`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    await expect(page.getByTestId('tx-row').first()).toBeVisible();
    const json = await queueJson(stack);
    const transactions = transactionsOf(json.results);
    // The demo queues rent at the current nonce, and a bonus and its rejection at the next one.
    expect(transactions.length).toBeGreaterThanOrEqual(3);

    const labels = json.results.filter((item) => item.type === 'LABEL').map((item) => item.label);
    expect(labels).toEqual(['Next', 'Queued']);
    await expect(page.getByTestId('queue-label')).toHaveText(labels as string[]);

    const headers = json.results.filter((item) => item.type === 'CONFLICT_HEADER');
    expect(headers.length).toBeGreaterThan(0);
    await expect(page.getByTestId('conflict-group')).toHaveCount(headers.length);
    for (const header of headers) {
      const group = page.locator(`[data-testid="conflict-group"][data-nonce="${header.nonce}"]`);
      await expect(group.getByTestId('conflict-header')).toContainText(
        `These transactions share nonce ${header.nonce} and only one of them can be executed`,
      );
      await expect(group.getByTestId('conflict-header')).toContainText('replace');
      const members = transactions.filter((tx) => tx.executionInfo?.nonce === header.nonce);
      await expect(group.getByTestId('tx-row')).toHaveCount(members.length);
      for (const member of members) await expect(group.locator(`[data-tx-id="${member.id}"]`)).toBeVisible();
    }

    for (const tx of transactions) {
      const line = row(page, tx.id);
      const execution = tx.executionInfo!;
      await expect(line.getByTestId('tx-nonce')).toHaveText(String(execution.nonce));
      await expect(line.getByTestId('tx-confirmations')).toHaveText(
        `${execution.confirmationsSubmitted} of ${execution.confirmationsRequired} confirmations`,
      );
      await expect(line.getByTestId('tx-status')).toHaveText(
        tx.txStatus === 'AWAITING_CONFIRMATIONS' ? 'Awaiting confirmations' : 'Awaiting execution',
      );
      const missing = execution.missingSigners ?? [];
      await expect(line.getByTestId('tx-missing-signer')).toHaveCount(missing.length);
      for (const [index, signer] of missing.entries()) {
        await expect(line.getByTestId('tx-missing-signer').nth(index)).toContainText(signer.value);
      }
      await expect(line.getByTestId('tx-date')).toHaveAttribute(
        'datetime',
        new Date(tx.timestamp).toISOString(),
      );
    }

    // The scenario's proposals, in words: rent and bonus payments to the recipient, and the rejection.
    const recipient = devAccount(stack, 'recipient').address;
    const rent = transactions.find(
      (tx) =>
        tx.txInfo.type === 'Transfer' && (tx.txInfo.transferInfo as Json).value === '300000000000000000',
    );
    expect(rent).toBeDefined();
    await expect(row(page, rent!.id).getByTestId('tx-kind')).toHaveText('Send');
    await expect(row(page, rent!.id).getByTestId('tx-amount')).toHaveText('−0.3 ETH');
    await expect(row(page, rent!.id).getByTestId('tx-counterparty')).toHaveAttribute(
      'data-address',
      recipient,
    );
    await expect(row(page, rent!.id).getByTestId('tx-note')).toHaveText('Note: Office rent');
    const rejection = transactions.find((tx) => tx.txInfo.isCancellation === true);
    await expect(row(page, rejection!.id).getByTestId('tx-kind')).toHaveText('On-chain rejection');

    // Each row opens the transaction's details.
    await row(page, rent!.id).click();
    await expect(page).toHaveURL(
      `${stack.webUrl}${safeBase(stack)}/transactions/${encodeURIComponent(rent!.id)}`,
    );
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    await page.getByTestId('back-link').click();
    await expect(page).toHaveURL(`${stack.webUrl}${safeBase(stack)}/transactions/queue`);
  });

  test('tells the connected owner whether they signed or still have to', async ({ page, stack }) => {
    await installTestWallet(page, stack, 'owner B');
    await page.goto(`${safeBase(stack)}/transactions/queue`);
    await expect(page.getByTestId('tx-row').first()).toBeVisible();
    // No wallet, no owner state.
    await expect(page.getByTestId('tx-owner-state')).toHaveCount(0);
    await connectAndVerify(page);
    const ownerB = devAccount(stack, 'owner B').address.toLowerCase();
    const transactions = transactionsOf((await queueJson(stack)).results);
    const expected = transactions.map((tx) => {
      if (tx.txStatus !== 'AWAITING_CONFIRMATIONS') return null;
      const missing = tx.executionInfo?.missingSigners ?? [];
      return missing.some((signer) => signer.value.toLowerCase() === ownerB)
        ? 'Needs your signature'
        : 'You signed';
    });
    // Owner B proposed the bonus (signed it) and has not signed the rent nor the rejection.
    expect(expected).toContain('Needs your signature');
    expect(expected).toContain('You signed');
    for (const [index, tx] of transactions.entries()) {
      if (expected[index] === null) continue;
      await expect(row(page, tx.id).getByTestId('tx-owner-state')).toHaveText(expected[index]!);
    }
  });

  test('an account that is not an owner is told so', async ({ page, stack }) => {
    await installTestWallet(page, stack, 'outside sender');
    await page.goto(`${safeBase(stack)}/transactions/queue`);
    await connectAndVerify(page);
    await expect(page.getByTestId('tx-owner-state').first()).toHaveText('You are not an owner');
  });

  test('an empty queue says so and what to do', async ({ page }) => {
    const app = await webAppOnDouble();
    try {
      app.double.on('GET', /\/safes\/0x1{40}\/transactions\/queued$/, () => emptyPage);
      await page.goto(`${app.safePath}/transactions/queue`);
      await expect(page.getByTestId('queue-empty')).toContainText('No transactions in the queue');
      await expect(page.getByTestId('queue-empty')).toContainText('When an owner proposes a transaction');
      await page.getByTestId('queue-empty').getByRole('link', { name: 'See the history' }).click();
      await expect(page).toHaveURL(`${app.safePath}/transactions/history`);
    } finally {
      await app.stop();
    }
  });
});

test.describe('History', () => {
  // Tall enough for the whole demo history to be rendered at once (the list renders what is in view).
  test.use({ viewport: { width: 1280, height: 4000 } });

  test('days in the user’s time zone, then every transaction in the gateway’s order', async ({
    browser,
    page,
    stack,
  }) => {
    // Asked without a time zone, so the web server can render it (or preload it): the page cuts the
    // days itself. The server knows no reader's time zone: until the app has taken its page over,
    // the days and times in it are not shown (here, without scripts, never).
    const served = await browser.newContext({ javaScriptEnabled: false, timezoneId });
    const serverPage = await served.newPage();
    const response = await serverPage.goto(`${safeBase(stack)}/transactions/history`);
    expect(await response?.text()).not.toContain('timezone');
    await expect(serverPage.getByTestId('tx-row').first()).toBeVisible();
    await expect(serverPage.getByTestId('history-date').first()).toBeAttached();
    await expect(serverPage.getByTestId('history-date').locator('time').first()).toBeHidden();
    // Its rows lie one below the other, each as tall as its content (none is measured there).
    const boxes = await serverPage
      .getByTestId('history-item')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThan(5);
    for (const [i, box] of boxes.entries()) if (i > 0) expect(box.top).toBeCloseTo(boxes[i - 1]!.bottom, 0);
    await served.close();

    await page.goto(`${safeBase(stack)}/transactions/history`);
    await expect(page.getByTestId('history-end')).toBeVisible();

    // Each transaction's own time, in the browser's zone (not UTC, the gateway's default): a day's
    // label before its first transaction.
    const expected: string[] = [];
    let lastDay: string | undefined;
    for (const transaction of transactionsOf(await historyJson(stack))) {
      const label = dayLabel(transaction.timestamp);
      if (label !== lastDay) expected.push(`day ${label}`);
      lastDay = label;
      expected.push(`tx ${transaction.id}`);
    }
    const shown = await page.getByTestId('history-item').evaluateAll((elements) =>
      elements.map((element) => {
        const date = element.querySelector('[data-testid="history-date"]');
        if (date) return `day ${date.textContent}`;
        return `tx ${element.querySelector('[data-tx-id]')?.getAttribute('data-tx-id')}`;
      }),
    );
    expect(shown).toEqual(expected);
  });

  test('transfers, settings changes, the batch, the failed execution, the module transaction and the creation', async ({
    page,
    stack,
  }) => {
    await page.goto(`${safeBase(stack)}/transactions/history`);
    await expect(page.getByTestId('history-end')).toBeVisible();
    const transactions = transactionsOf(await historyJson(stack));
    const recipient = devAccount(stack, 'recipient').address;
    const outsider = devAccount(stack, 'outside sender').address;
    const find = (predicate: (tx: ReturnType<typeof transactionsOf>[number]) => boolean, what: string) => {
      const found = transactions.filter(predicate);
      expect(found.length, what).toBeGreaterThan(0);
      return found.map((tx) => row(page, tx.id));
    };
    const transferOf = (tx: ReturnType<typeof transactionsOf>[number]) =>
      tx.txInfo.type === 'Transfer' ? (tx.txInfo.transferInfo as Json) : undefined;

    // Outgoing: 0.5 ETH and 250 DEV to the recipient.
    const [halfEth] = find((tx) => transferOf(tx)?.value === '500000000000000000', 'the 0.5 ETH payment');
    await expect(halfEth!.getByTestId('tx-kind')).toHaveText('Sent');
    await expect(halfEth!.getByTestId('tx-amount')).toHaveText('−0.5 ETH');
    await expect(halfEth!.getByTestId('tx-counterparty')).toHaveAttribute('data-address', recipient);
    const [dev] = find(
      (tx) =>
        transferOf(tx)?.tokenSymbol === 'DEV' &&
        tx.txStatus === 'SUCCESS' &&
        tx.txInfo.direction === 'OUTGOING',
      'the 250 DEV payment',
    );
    await expect(dev!.getByTestId('tx-amount')).toHaveText('−250 DEV');
    await expect(dev!.getByTestId('tx-counterparty')).toHaveAttribute('data-address', recipient);

    // Incoming from the outside sender: 1.25 ETH, 100 DUSD and the NFT #5.
    const [incomingEth] = find(
      (tx) => transferOf(tx)?.value === '1250000000000000000',
      'the incoming 1.25 ETH',
    );
    await expect(incomingEth!.getByTestId('tx-kind')).toHaveText('Received');
    await expect(incomingEth!.getByTestId('tx-amount')).toHaveText('+1.25 ETH');
    await expect(incomingEth!.getByTestId('tx-counterparty')).toHaveAttribute('data-address', outsider);
    const [dusd] = find(
      (tx) =>
        transferOf(tx)?.tokenSymbol === 'DUSD' &&
        tx.txInfo.direction === 'INCOMING' &&
        transferOf(tx)?.value === '100000000',
      'the incoming 100 DUSD',
    );
    await expect(dusd!.getByTestId('tx-amount')).toHaveText('+100 DUSD');
    const [nft] = find((tx) => transferOf(tx)?.tokenId === '5', 'the NFT #5');
    await expect(nft!.getByTestId('tx-amount')).toContainText('+#5');
    await expect(nft!.getByTestId('tx-amount')).toContainText('Countersign Collectibles');
    await expect(nft!.getByTestId('tx-counterparty')).toHaveAttribute('data-address', outsider);

    // Settings changes in words.
    const temp = devAccount(stack, 'owner D').address;
    const [threshold] = find(
      (tx) => (tx.txInfo.settingsInfo as Json | undefined)?.type === 'CHANGE_THRESHOLD',
      'the threshold change',
    );
    await expect(threshold!.getByTestId('tx-summary')).toHaveText('Changed threshold to 2');
    const [added] = find(
      (tx) => (tx.txInfo.settingsInfo as Json | undefined)?.type === 'ADD_OWNER',
      'the added owner',
    );
    await expect(added!.getByTestId('tx-summary')).toHaveText(
      `Added owner ${temp.slice(0, 6)}…${temp.slice(-4)}${temp} and set threshold to 2`,
    );
    const [removed] = find(
      (tx) => (tx.txInfo.settingsInfo as Json | undefined)?.type === 'REMOVE_OWNER',
      'the removed owner',
    );
    await expect(removed!.getByTestId('tx-summary')).toContainText('Removed owner');
    await expect(removed!.getByTestId('tx-summary')).toContainText(temp);
    const [enabled] = find(
      (tx) => (tx.txInfo.settingsInfo as Json | undefined)?.type === 'ENABLE_MODULE',
      'the module',
    );
    await expect(enabled!.getByTestId('tx-summary')).toContainText('Enabled module');

    // The batch, the failed execution and the module's transaction.
    const [batch] = find((tx) => tx.txInfo.methodName === 'multiSend', 'the batch');
    await expect(batch!.getByTestId('tx-kind')).toHaveText('Batch');
    await expect(batch!.getByTestId('tx-summary')).toHaveText(
      'Batch of 2 actions via MultiSendCallOnly 1.4.1',
    );
    const [failed] = find((tx) => tx.txStatus === 'FAILED', 'the failed execution');
    await expect(failed!.getByTestId('tx-status')).toHaveText('Failed');
    await expect(failed!).toHaveAttribute('data-status', 'FAILED');
    const moduleAddress = devAccount(stack, 'module').address;
    const [byModule] = find((tx) => tx.executionInfo?.type === 'MODULE', 'the module transaction');
    await expect(byModule!.getByTestId('tx-module')).toContainText('Executed by module');
    await expect(byModule!.getByTestId('tx-module').getByTestId('inline-address')).toHaveAttribute(
      'data-address',
      moduleAddress,
    );
    await expect(byModule!.getByTestId('tx-amount')).toHaveText('−0.05 ETH');

    // The creation, last.
    const [created] = find((tx) => tx.txInfo.type === 'Creation', 'the creation');
    await expect(created!.getByTestId('tx-summary')).toContainText('Safe created by');
    await expect(created!.getByTestId('tx-summary')).toContainText('factory SafeProxyFactory 1.4.1');
    await expect(page.getByTestId('tx-row').last()).toHaveAttribute('data-tx-id', /^creation_/);
  });
});

test.describe('Transaction details', () => {
  test('reached by a click and by its URL: safeTxHash, confirmations, advanced parameters, explorer link', async ({
    page,
    stack,
  }) => {
    const transactions = transactionsOf(await historyJson(stack));
    const batch = transactions.find((tx) => tx.txInfo.methodName === 'multiSend')!;
    const details = await gateway<
      Json & { detailedExecutionInfo: Json & { confirmations: { signer: { value: string } }[] } }
    >(stack, `/v1/chains/${stack.chainId}/transactions/${batch.id}`);
    const chain = await gateway<{ blockExplorerUriTemplate: { txHash: string } }>(
      stack,
      `/v1/chains/${stack.chainId}`,
    );
    const execution = details.detailedExecutionInfo;

    await page.goto(`${safeBase(stack)}/transactions/history`);
    await row(page, batch.id).click();
    const url = `${stack.webUrl}${safeBase(stack)}/transactions/${encodeURIComponent(batch.id)}`;
    await expect(page).toHaveURL(url);

    const check = async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Batch');
      await expect(page.getByTestId('details-status')).toHaveText('Executed');
      await expect(page.getByTestId('details-summary')).toHaveText(
        'Batch of 2 actions via MultiSendCallOnly 1.4.1',
      );
      await expect(page.getByTestId('call-operation')).toHaveText('DELEGATECALL');
      await expect(page.getByTestId('delegatecall-library')).toContainText('MultiSendCallOnly');
      await expect(page.getByTestId('delegatecall-warning')).toHaveCount(0);
      const actions = page.getByTestId('multisend-action');
      await expect(actions).toHaveCount(2);
      await expect(actions.nth(0).getByTestId('action-value')).toHaveText('0.1 ETH');
      await expect(actions.nth(1).getByTestId('action-decoded').getByTestId('decoded-method')).toHaveText(
        'transfer',
      );
      await expect(page.getByTestId('details-confirmations')).toHaveText(
        `${execution.confirmations.length} of ${execution.confirmationsRequired}`,
      );
      await expect(page.getByTestId('details-confirmation')).toHaveCount(execution.confirmations.length);
      for (const [index, confirmation] of execution.confirmations.entries()) {
        await expect(page.getByTestId('details-confirmation').nth(index)).toContainText(
          confirmation.signer.value,
        );
      }
      await expect(page.getByTestId('details-tx-hash-value')).toHaveText(batch.txHash!);
      await expect(page.getByTestId('details-explorer-link')).toHaveAttribute(
        'href',
        chain.blockExplorerUriTemplate.txHash.replace('{{txHash}}', batch.txHash!),
      );
      // The advanced parameters open from the keyboard.
      const advanced = page.getByTestId('advanced-parameters');
      await expect(advanced).not.toHaveAttribute('open');
      await advanced.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(advanced).toHaveAttribute('open');
      await expect(page.getByTestId('advanced-safeTxHash')).toContainText(String(execution.safeTxHash));
      await expect(page.getByTestId('advanced-nonce')).toContainText(String(execution.nonce));
      await expect(page.getByTestId('advanced-operation')).toContainText('1 (DELEGATECALL)');
      await expect(page.getByTestId('advanced-safeTxGas')).toContainText(String(execution.safeTxGas));
      await expect(advanced.getByRole('button', { name: 'Copy safeTxHash' })).toBeVisible();
    };
    await check();
    await page.getByTestId('back-link').click();
    await expect(page).toHaveURL(`${stack.webUrl}${safeBase(stack)}/transactions/history`);

    // The same page from its URL alone (a shared link).
    await page.goto(url);
    await check();
    await expect(page.getByTestId('back-link')).toHaveText('← Back to the history');
  });

  test('a queued transaction shows who signed and who has not; an unknown id says so', async ({
    page,
    stack,
  }) => {
    const queued = transactionsOf((await queueJson(stack)).results).find(
      (tx) => tx.txStatus === 'AWAITING_CONFIRMATIONS',
    )!;
    const details = await gateway<{
      detailedExecutionInfo: { signers: { value: string }[]; confirmations: { signer: { value: string } }[] };
    }>(stack, `/v1/chains/${stack.chainId}/transactions/${queued.id}`);
    await page.goto(`${safeBase(stack)}/transactions/${queued.id}`);
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    const confirmed = new Set(details.detailedExecutionInfo.confirmations.map((c) => c.signer.value));
    const waiting = details.detailedExecutionInfo.signers.filter((signer) => !confirmed.has(signer.value));
    await expect(page.getByTestId('details-missing-signer')).toHaveCount(waiting.length);
    await expect(page.getByTestId('details-tx-hash')).toHaveCount(0);
    await expect(page.getByTestId('back-link')).toHaveText('← Back to the queue');

    await page.goto(`${safeBase(stack)}/transactions/multisig_${teamOf(stack).address}_0x${'ab'.repeat(32)}`);
    await expect(page.getByTestId('error-alert')).toContainText('Unknown transaction');
    await expect(page.getByTestId('error-message')).toContainText(
      'The gateway does not know the transaction',
    );
  });
});

test.describe('CSV export', () => {
  test('downloads the whole history, one line per transaction, exact amounts', async ({ page, stack }) => {
    const transactions = transactionsOf(await historyJson(stack));
    await page.goto(`${safeBase(stack)}/transactions/history`);
    await expect(page.getByTestId('tx-row').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^local-${teamOf(stack).address}-history-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    await expect(page.getByTestId('export-status')).toHaveText(
      new RegExp(`^Exported ${transactions.length} transactions to local-`),
    );
    const rows = parseCsv(readFileSync(await file.path(), 'utf8'));
    expect(rows[0]).toEqual(['date', 'hash', 'type', 'direction', 'counterparty', 'token', 'amount']);
    expect(rows).toHaveLength(transactions.length + 1);
    const lines = rows.slice(1).map(([date, hash, type, direction, counterparty, token, amount]) => ({
      date,
      hash,
      type,
      direction,
      counterparty,
      token,
      amount,
    }));
    for (const [index, tx] of transactions.entries()) {
      const line = lines[index]!;
      expect(line.date).toBe(new Date(tx.timestamp).toISOString());
      expect(line.hash).toBe(tx.txHash ?? tx.id.split('_')[2]);
      expect(line.type).toBe(tx.txInfo.type);
      if (tx.txInfo.type === 'Transfer') {
        const transfer = tx.txInfo.transferInfo as Json;
        const incoming = tx.txInfo.direction === 'INCOMING';
        expect(line.direction).toBe(tx.txInfo.direction);
        expect(line.counterparty).toBe(((incoming ? tx.txInfo.sender : tx.txInfo.recipient) as Json).value);
        if (tx.txStatus === 'FAILED') expect(line.amount).toBe('');
        else if (transfer.type === 'NATIVE_COIN')
          expect(line.amount).toBe(formatUnits(BigInt(transfer.value as string), 18));
        else if (transfer.type === 'ERC20')
          expect(line.amount).toBe(
            formatUnits(BigInt(transfer.value as string), transfer.decimals as number),
          );
        else expect(line.amount).toBe('1');
      }
    }
    // The scenario's facts, in the file.
    const recipient = devAccount(stack, 'recipient').address;
    expect(lines).toContainEqual(
      expect.objectContaining({
        type: 'Transfer',
        direction: 'OUTGOING',
        counterparty: recipient,
        token: 'DEV',
        amount: '250',
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ direction: 'INCOMING', token: 'ETH', amount: '1.25' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ direction: 'INCOMING', token: 'CSC #5', amount: '1' }),
    );
    expect(lines.at(-1)).toMatchObject({ type: 'Creation' });
  });
});

test.describe('Transactions accessibility', () => {
  test('no serious or critical axe violation on the queue, the history and a transaction, light and dark', async ({
    page,
    stack,
  }) => {
    // Six full axe runs.
    test.setTimeout(120_000);
    const batch = transactionsOf(await historyJson(stack)).find(
      (tx) => tx.txInfo.methodName === 'multiSend',
    )!;
    const views: [string, string][] = [
      [`${safeBase(stack)}/transactions/queue`, 'tx-row'],
      [`${safeBase(stack)}/transactions/history`, 'tx-row'],
      [`${safeBase(stack)}/transactions/${batch.id}`, 'transaction-details'],
    ];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [path, ready] of views) {
        await page.goto(path);
        await expect(page.getByTestId(ready).first()).toBeVisible();
        if (ready === 'transaction-details') {
          await page.getByTestId('advanced-parameters').locator('summary').click();
        }
        await expectNoSeriousA11yViolations(page, `${path} (${scheme})`);
      }
    }
  });
});

// ---- hostile and huge data, from the gateway double ----

const hostile = '<img src=x onerror="window.__pwned=1">\u202Eevil';
const huge = `Token ${'x'.repeat(10_240)}`;
const info = (value: string, name: string | null = null) => ({ value, name, logoUri: null });
const id = (n: number) => `multisig_${doubleSafeAddress}_0x${n.toString(16).padStart(64, '0')}`;

function summary(n: number, txInfo: Json, overrides: Json = {}) {
  return {
    type: 'TRANSACTION',
    conflictType: 'None',
    transaction: {
      id: id(n),
      timestamp: Date.UTC(2026, 4, 1, 12) - n * 3_600_000,
      txStatus: 'SUCCESS',
      txInfo,
      executionInfo: {
        type: 'MULTISIG',
        nonce: n,
        confirmationsRequired: 1,
        confirmationsSubmitted: 1,
        missingSigners: null,
      },
      safeAppInfo: null,
      txHash: `0x${n.toString(16).padStart(64, 'e')}`,
      note: null,
      ...overrides,
    },
  };
}

const token = {
  type: 'ERC20',
  address: '0x4444444444444444444444444444444444444444',
  decimals: 18,
  symbol: 'WETH',
  name: 'Wrapped Ether',
  logoUri: null,
};

/** A SwapOrder as the Safe Client Gateway's OpenAPI document describes it. */
const swapOrder = {
  type: 'SwapOrder',
  humanDescription: null,
  uid: '0x01',
  status: 'fulfilled',
  kind: 'sell',
  orderClass: 'market',
  validUntil: 1_900_000_000,
  sellAmount: '1000000000000000000',
  buyAmount: '3000000000',
  executedSellAmount: '1000000000000000000',
  executedBuyAmount: '3000000000',
  sellToken: token,
  buyToken: {
    ...token,
    address: '0x5555555555555555555555555555555555555555',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
  },
  explorerUrl: 'https://explorer.cow.fi/orders/0x01',
  executedFee: '0',
  executedFeeToken: token,
  receiver: null,
  owner: doubleSafeAddress,
  fullAppData: null,
};

/** A history of hostile and unknown items, and the details of the swap. */
function hostileHistory(double: GatewayDouble) {
  const results = [
    { type: 'DATE_LABEL', timestamp: Date.UTC(2026, 4, 1, 12) },
    summary(1, swapOrder),
    summary(2, { type: 'MadeUpKind', humanDescription: hostile, methodName: hostile }),
    // Fails its schema (an unknown status): read as an unreadable entry.
    {
      type: 'TRANSACTION',
      conflictType: 'None',
      transaction: { id: id(3), txStatus: 'EXPLODED', timestamp: 'never' },
    },
    summary(4, {
      type: 'Custom',
      to: info('0x6666666666666666666666666666666666666666', hostile),
      dataSize: '100',
      value: '0',
      isCancellation: false,
      methodName: 'multiSend',
      actionCount: null,
      humanDescription: null,
    }),
    summary(5, {
      type: 'Custom',
      to: info('0x7777777777777777777777777777777777777777'),
      dataSize: '68',
      value: '0',
      isCancellation: false,
      methodName: hostile,
      humanDescription: null,
    }),
    summary(6, {
      type: 'Transfer',
      sender: info(doubleSafeAddress),
      recipient: info('0x8888888888888888888888888888888888888888', hostile),
      direction: 'OUTGOING',
      transferInfo: {
        type: 'ERC20',
        tokenAddress: '0x9999999999999999999999999999999999999999',
        value: '1000000000000000000',
        tokenName: huge,
        tokenSymbol: hostile,
        logoUri: 'javascript:alert(1)',
        decimals: 18,
        trusted: true,
        imitation: false,
      },
      humanDescription: null,
    }),
    summary(7, {
      type: 'Transfer',
      sender: info('0x8888888888888888888888888888888888888888'),
      recipient: info(doubleSafeAddress),
      direction: 'INCOMING',
      transferInfo: {
        type: 'ERC20',
        tokenAddress: '0x9999999999999999999999999999999999999999',
        value: '5',
        tokenName: huge,
        tokenSymbol: null,
        logoUri: null,
        decimals: 0,
        trusted: true,
        imitation: false,
      },
      humanDescription: null,
    }),
  ];
  double.on('GET', /\/safes\/0x1{40}\/transactions\/history$/, () => ({
    count: results.length - 1,
    next: null,
    previous: null,
    results,
  }));
  double.on('GET', /\/safes\/0x1{40}\/transactions\/queued$/, () => ({
    count: 2,
    next: null,
    previous: null,
    results: [
      { type: 'LABEL', label: 'Next' },
      summary(9, { type: 'TwapOrder', humanDescription: hostile }, { txStatus: 'AWAITING_CONFIRMATIONS' }),
    ],
  }));
  double.on('GET', new RegExp(`/v1/chains/1337/transactions/${id(1)}$`), () => ({
    safeAddress: doubleSafeAddress,
    txId: id(1),
    executedAt: Date.UTC(2026, 4, 1, 12),
    txStatus: 'SUCCESS',
    txInfo: swapOrder,
    txData: {
      hexData: '0xec6cb13f',
      dataDecoded: {
        method: 'setPreSignature',
        parameters: [{ name: 'orderUid', type: 'bytes', value: hostile }],
      },
      to: info('0x9008D19f58AAbD9eD0D60971565AA8510560ab41', 'GPv2Settlement'),
      value: '0',
      operation: 0,
      trustedDelegateCallTarget: null,
      addressInfoIndex: null,
      tokenInfoIndex: null,
    },
    detailedExecutionInfo: null,
    txHash: `0x${'e'.repeat(64)}`,
    safeAppInfo: null,
    note: hostile,
  }));
  return results;
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('img[src^="javascript:"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('Transactions with hostile data', () => {
  test('unknown kinds, unreadable items and hostile names are generic rows; nothing runs; the page stays usable', async ({
    page,
  }) => {
    const app = await webAppOnDouble();
    try {
      hostileHistory(app.double);
      const dialogs = watchDialogs(page);
      await page.goto(`${app.safePath}/transactions/history`);
      await expect(page.getByTestId('tx-row')).toHaveCount(6);
      await expect(page.getByTestId('tx-row-unreadable')).toHaveCount(1);
      await expect(page.getByTestId('tx-row-unreadable')).toContainText('Unreadable entry');
      await expect(page.getByTestId('tx-row-unreadable')).toHaveAttribute(
        'href',
        new RegExp(encodeURIComponent(id(3))),
      );

      const swap = row(page, id(1));
      await expect(swap.getByTestId('tx-kind')).toHaveText('Swap order');
      await expect(swap.getByTestId('tx-summary')).toHaveText(
        'A kind Countersign does not know yet: open it to see what it does',
      );
      const madeUp = row(page, id(2));
      await expect(madeUp.getByTestId('tx-kind')).toHaveText('Made up kind');
      await expect(madeUp.getByTestId('tx-summary')).toContainText(hostile);
      await expect(row(page, id(4)).getByTestId('tx-summary')).toContainText('Batch of actions via');
      await expect(row(page, id(5)).getByTestId('tx-summary')).toContainText(`Called ${hostile} on`);
      const transfer = row(page, id(6));
      await expect(transfer.getByTestId('tx-amount')).toContainText('−1');
      await expect(transfer.getByTestId('tx-counterparty')).toContainText(hostile);
      // A 10 kB token name stays in its row: the row is no taller than a few lines.
      const incoming = row(page, id(7));
      await expect(incoming.getByTestId('tx-amount')).toContainText('+5');
      expect((await incoming.boundingBox())!.height).toBeLessThan(160);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNothingRan(page, dialogs);

      // The generic row opens its details, which say what the gateway sent, as text.
      await swap.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap order');
      await expect(page.getByTestId('unknown-kind')).toContainText(
        'A kind of transaction Countersign does not know',
      );
      await expect(page.getByTestId('decoded-method')).toHaveText('setPreSignature');
      await expect(page.getByTestId('details-note')).toHaveText(hostile);
      await page.getByText('What the gateway sent').click();
      await expect(page.getByTestId('unknown-raw')).toContainText('"type": "SwapOrder"');
      await expectNothingRan(page, dialogs);

      // The queue reads the same way, and the navigation still works.
      await page.getByTestId('back-link').click();
      await page.getByTestId('tab-queue').click();
      // Read inside the queue: the history's rows may still be on screen for a moment after the click.
      const queue = page.getByTestId('queue-list');
      await expect(queue.getByTestId('tx-kind')).toHaveText('TWAP order');
      await expect(queue.getByTestId('tx-summary')).toHaveText(hostile);
      await page
        .getByRole('navigation', { name: 'Safe navigation' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
      await expectNothingRan(page, dialogs);
    } finally {
      await app.stop();
    }
  });
});

// ---- a long history: virtualised, paged, keyboard ----

const LONG = 400;
const PAGE = 20;
/** The history's pages after the first (MAX_PAGE_SIZE in the app). */
const READ_ON = 100;

/** `LONG` transactions over days, served `PAGE` at a time as the real gateway pages them. */
function longHistory(double: GatewayDouble) {
  const all = Array.from({ length: LONG }, (_, n) =>
    summary(
      n + 100,
      {
        type: 'Transfer',
        sender: info(doubleSafeAddress),
        recipient: info('0x8888888888888888888888888888888888888888'),
        direction: 'OUTGOING',
        transferInfo: { type: 'NATIVE_COIN', value: String((n + 1) * 1e15) },
        humanDescription: null,
      },
      { timestamp: Date.UTC(2026, 4, 1, 12) - n * 5 * 3_600_000 },
    ),
  );
  double.on('GET', /\/safes\/0x1{40}\/transactions\/history$/, (request) => {
    const cursor = new URLSearchParams(request.query.get('cursor') ?? '');
    const offset = Number(cursor.get('offset') ?? 0);
    const limit = Number(cursor.get('limit') ?? PAGE);
    const slice = all.slice(offset, offset + limit);
    const results: unknown[] = [];
    let day = '';
    for (const item of slice) {
      const itemDay = new Date(item.transaction.timestamp).toISOString().slice(0, 10);
      if (itemDay !== day) results.push({ type: 'DATE_LABEL', timestamp: item.transaction.timestamp });
      day = itemDay;
      results.push(item);
    }
    const next =
      offset + limit < LONG
        ? `http://127.0.0.1:9/x?cursor=${encodeURIComponent(`limit=${limit}&offset=${offset + limit}`)}`
        : null;
    return { count: LONG, next, previous: null, results };
  });
  double.on('GET', /\/safes\/0x1{40}\/transactions\/queued$/, () => emptyPage);
  return all;
}

const rowsInDom = (page: Page) => page.locator('[data-testid="history-list"] > li').count();

test.describe('A long history', () => {
  test('loads page after page as the end comes into view, never more than 60 rows in the DOM, no jump', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const app = await webAppOnDouble();
    try {
      longHistory(app.double);
      await page.goto(`${app.safePath}/transactions/history`);
      await expect(page.getByTestId('tx-row').first()).toBeVisible();
      // Scroll down a screen and a half at a time until the last transaction is there, counting the
      // rows in the DOM after each step.
      const last = row(page, id(LONG - 1 + 100));
      let most = 0;
      for (let step = 0; step < 1000; step++) {
        const state = await page.evaluate(
          (lastId) => {
            window.scrollBy(0, window.innerHeight * 1.5);
            return {
              rows: document.querySelectorAll('[data-testid="history-list"] > li').length,
              done: document.querySelector(`[data-tx-id="${lastId}"]`) !== null,
            };
          },
          id(LONG - 1 + 100),
        );
        most = Math.max(most, state.rows);
        if (state.done) break;
        await page.waitForTimeout(30);
      }
      await expect(last).toBeVisible();
      expect(most).toBeGreaterThan(5);
      expect(most).toBeLessThanOrEqual(60);
      // The first page as the gateway pages (20), then 100 at a time: a fifth of the requests.
      const cursors = app.double.requests
        .filter((r) => r.path.endsWith('/transactions/history'))
        .map((r) => r.query.get('cursor'));
      expect(cursors).toEqual([
        null,
        ...Array.from(
          { length: Math.ceil((LONG - PAGE) / READ_ON) },
          (_, n) => `limit=${READ_ON}&offset=${PAGE + n * READ_ON}`,
        ),
      ]);
      await expect(page.getByTestId('history-end')).toBeVisible();

      // When a page arrives below, what is on screen does not move. The second page is held back
      // until the rows on screen have been measured.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.endsWith('/transactions/history'),
        async (route) => {
          if (new URL(route.request().url()).searchParams.get('cursor')?.includes('offset=20')) await held;
          await route.continue();
        },
      );
      const asked = page.waitForRequest((request) => request.url().includes('offset%3D20'));
      await page.goto(`${app.safePath}/transactions/history`);
      await expect(page.getByTestId('tx-row').first()).toBeVisible();
      await page.mouse.wheel(0, 600);
      await asked;
      const anchor = page.getByTestId('tx-row').filter({ visible: true }).first();
      const anchorId = await anchor.getAttribute('data-tx-id');
      const before = {
        y: (await anchor.boundingBox())!.y,
        scroll: await page.evaluate(() => window.scrollY),
      };
      const height = () =>
        page.getByTestId('history-list').evaluate((list) => list.getBoundingClientRect().height);
      const heightBefore = await height();
      release();
      await expect.poll(height).toBeGreaterThan(heightBefore);
      expect(await page.evaluate(() => window.scrollY)).toBe(before.scroll);
      expect((await row(page, anchorId!).boundingBox())!.y).toBeCloseTo(before.y, 0);

      // Waiting at the very end, the loader in view, for the next page: when it arrives the view
      // stays where it was (the browser's scroll anchoring once pinned the loader, carrying the
      // reader past the whole page that arrived).
      let releaseThird: () => void = () => undefined;
      const heldThird = new Promise<void>((resolve) => (releaseThird = resolve));
      const third = `offset=${PAGE + READ_ON}`;
      await page.route(
        (url) => url.pathname.endsWith('/transactions/history'),
        async (route) => {
          if (new URL(route.request().url()).searchParams.get('cursor')?.includes(third)) await heldThird;
          await route.continue();
        },
      );
      const askedThird = page.waitForRequest((request) => request.url().includes(encodeURIComponent(third)));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await askedThird;
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByTestId('load-more')).toBeInViewport();
      const atEnd = await page.evaluate(() => window.scrollY);
      const lastShown = await page.getByTestId('tx-row').last().getAttribute('data-tx-id');
      const heightAtEnd = await height();
      releaseThird();
      await expect.poll(height).toBeGreaterThan(heightAtEnd);
      expect(await page.evaluate(() => window.scrollY)).toBe(atEnd);
      await expect(row(page, lastShown!)).toBeInViewport();
    } finally {
      await app.stop();
    }
  });

  test('rows are links: Tab and the arrow keys move through them, past the rendered window', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const app = await webAppOnDouble();
    try {
      longHistory(app.double);
      await page.goto(`${app.safePath}/transactions/history`);
      const first = page.getByTestId('tx-row').first();
      await first.focus();
      const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-tx-id') ?? null);
      expect(await focusedId()).toBe(id(100));
      await page.keyboard.press('Tab');
      expect(await focusedId()).toBe(id(101));
      // Arrow keys through more rows than are ever rendered at once, and pages not loaded yet.
      for (let n = 102; n <= 165; n++) {
        await page.keyboard.press('ArrowDown');
        await expect.poll(focusedId).toBe(id(n));
      }
      expect(await rowsInDom(page)).toBeLessThanOrEqual(60);
      await expect(page.locator(`[data-tx-id="${id(165)}"]`)).toBeInViewport();
      await page.keyboard.press('ArrowUp');
      await expect.poll(focusedId).toBe(id(164));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(id(164))}$`));
      // Back to the list: the same place in it, the row just opened still in view.
      await page.getByTestId('back-link').click();
      await expect(page).toHaveURL(`${app.safePath}/transactions/history`);
      await expect(row(page, id(164))).toBeInViewport();
    } finally {
      await app.stop();
    }
  });
});
