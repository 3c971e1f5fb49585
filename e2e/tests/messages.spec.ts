import type { Page } from '@playwright/test';
import { safeMessageContentHash, safeMessageHash, safeMessageTypedData } from '@countersign/safe-core';
import { hashMessage, hashTypedData, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, test } from '../fixtures';
import { doubleSafeAddress, webAppOnDouble } from '../gatewayDouble';
import { ownerWithTestWallet } from '../owners';
import { proposeTextMessage } from '../safeMessages';
import type { E2eStack } from '../stack';

/** The Messages views against the demo Safe's messages, as the local gateway serves them. */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

type GatewayMessage = {
  type?: 'MESSAGE';
  messageHash: Hex;
  status: string;
  message: string | Record<string, unknown>;
  name: string | null;
  creationTimestamp: number;
  confirmationsSubmitted: number;
  confirmationsRequired: number;
  proposedBy: { value: string };
  confirmations: { owner: { value: string }; signature: Hex }[];
  preparedSignature: Hex | null;
};
type GatewayItem = GatewayMessage | { type: 'DATE_LABEL'; timestamp: number };

const demoText = 'Countersign demo: we, the owners, approve the 2027 budget.';

function account(stack: E2eStack, role: string) {
  const found = stack.accounts.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`No dev account with role ${role}`);
  return privateKeyToAccount(found.privateKey);
}

async function gatewayMessages(stack: E2eStack, safe: string): Promise<GatewayItem[]> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${safe}/messages`);
  expect(response.status).toBe(200);
  const page = (await response.json()) as { next: string | null; results: GatewayItem[] };
  expect(page.next, 'the demo fits one page').toBeNull();
  return page.results;
}

const onlyMessages = (items: GatewayItem[]) =>
  items.filter((item): item is GatewayMessage => item.type === 'MESSAGE');

/** What owners of `safe` sign for `content`, computed here with safe-core. */
const expectedSafeMessageHash = (stack: E2eStack, safe: string, content: string | TypedDataDefinition) =>
  safeMessageHash({ chainId: stack.chainId, safe: safe as Address, message: content });

async function rowHashes(page: Page): Promise<string[]> {
  const hashes = await page
    .getByTestId('message-row')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.messageHash ?? ''));
  return hashes.sort();
}

/** A typed-data message of the team Safe, proposed by owner B and confirmed by owner C: CONFIRMED. */
async function proposeConfirmedTypedMessage(stack: E2eStack) {
  const team = stack.safes[0]!.address as Address;
  const [ownerB, ownerC] = [account(stack, 'owner B'), account(stack, 'owner C')];
  const typedData = {
    domain: { name: 'Countersign e2e', version: '1', chainId: stack.chainId, verifyingContract: team },
    primaryType: 'Order',
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Order: [
        { name: 'maker', type: 'Person' },
        { name: 'recipients', type: 'address[]' },
        { name: 'amounts', type: 'uint256[]' },
        { name: 'payload', type: 'bytes' },
        { name: 'reference', type: 'string' },
      ],
    },
    message: {
      maker: { name: 'Owner B', wallet: ownerB.address },
      recipients: [account(stack, 'recipient').address, account(stack, 'owner E').address],
      amounts: ['1000000000000000000', '250'],
      payload: '0xdeadbeef',
      // Unique per run: the gateway refuses a message it already has.
      reference: `e2e ${Date.now()} ${Math.random().toString(16).slice(2)}`,
    },
  } as const;
  const sign = (owner: typeof ownerB) =>
    owner.signTypedData(
      safeMessageTypedData({
        chainId: stack.chainId,
        safe: team,
        message: safeMessageContentHash(typedData as unknown as TypedDataDefinition),
      }),
    );
  const proposed = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${team}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: typedData, signature: await sign(ownerB) }),
  });
  expect(proposed.status, await proposed.clone().text()).toBe(202);
  const messageHash = expectedSafeMessageHash(stack, team, typedData as unknown as TypedDataDefinition);
  const confirmed = await fetch(
    `${stack.gatewayUrl}/v1/chains/${stack.chainId}/messages/${messageHash}/signatures`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ signature: await sign(ownerC) }),
    },
  );
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  return { typedData, messageHash, team, ownerB, ownerC };
}

test.describe('Messages', () => {
  test('the list shows every message as the gateway serves it, under its day', async ({ page, stack }) => {
    const team = stack.safes[0]!.address;
    const items = await gatewayMessages(stack, team);
    expect(onlyMessages(items).some((message) => message.message === demoText)).toBe(true);
    await page.goto(`/local:${team}/messages`);
    await expect(page.getByTestId('message-row').first()).toBeVisible();
    // Other tests may propose messages meanwhile: the page and the gateway are compared at one moment.
    await expect
      .poll(async () => {
        const served = onlyMessages(await gatewayMessages(stack, team))
          .map((m) => m.messageHash)
          .sort();
        return JSON.stringify(served) === JSON.stringify(await rowHashes(page));
      })
      .toBe(true);
    const latest = await gatewayMessages(stack, team);
    for (const message of onlyMessages(latest)) {
      const row = page.locator(`[data-testid="message-row"][data-message-hash="${message.messageHash}"]`);
      await expect(row.getByTestId('message-status-badge')).toHaveText(
        { NEEDS_CONFIRMATION: 'Needs confirmation', CONFIRMED: 'Confirmed' }[message.status]!,
      );
      await expect(row.getByTestId('message-row-confirmations')).toHaveText(
        `${message.confirmationsSubmitted} of ${message.confirmationsRequired} confirmations`,
      );
      if (typeof message.message === 'string') {
        await expect(row.getByTestId('message-row-preview')).toHaveText(
          message.message.replace(/\s+/g, ' ').trim(),
        );
      } else {
        await expect(row.getByTestId('message-row-preview')).toHaveText(/^Typed data: /);
      }
      await expect(row.getByTestId('address-value')).toHaveAttribute('title', message.proposedBy.value);
    }
    // In UTC the headers are the gateway's DATE_LABELs, named Today, Yesterday or the date.
    const now = Date.now();
    const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const labels = [
      ...new Set(latest.flatMap((item) => (item.type === 'DATE_LABEL' ? [utcDay(item.timestamp)] : []))),
    ];
    const named = labels.map((day) =>
      day === utcDay(now)
        ? 'Today'
        : day === utcDay(now - 86_400_000)
          ? 'Yesterday'
          : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day)),
    );
    await expect(page.getByTestId('messages-day')).toHaveText(named);

    // A row leads to its message.
    const demo = onlyMessages(latest).find((message) => message.message === demoText)!;
    await page.locator(`[data-message-hash="${demo.messageHash}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${demo.messageHash}$`));
    await expect(page.getByTestId('message-text')).toContainText(demoText);
  });

  test('the list says, as the queue does, which messages wait for the connected owner’s signature', async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!.address;
    // Signed by owner C only: owner A still has to sign it.
    const waiting = await proposeTextMessage(stack, 'owner C', `Owner state ${Date.now()} ${Math.random()}`);
    // Signed by owner A: A has signed it, though it still waits for another owner.
    const signed = await proposeTextMessage(stack, 'owner A', `Owner state ${Date.now()} ${Math.random()}`);
    await ownerWithTestWallet(page, stack, 'owner A', `/local:${team}/messages`);
    const row = (hash: string) => page.locator(`[data-testid="message-row"][data-message-hash="${hash}"]`);
    await expect(row(waiting).getByTestId('message-owner-state')).toHaveText('Needs your signature');
    await expect(row(signed).getByTestId('message-owner-state')).toHaveText('You signed');
  });

  test('a text message: its content, both hashes computed and checked, its confirmations', async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!.address;
    const demo = onlyMessages(await gatewayMessages(stack, team)).find(
      (message) => message.message === demoText,
    )!;
    const expected = expectedSafeMessageHash(stack, team, demoText);
    expect(demo.messageHash).toBe(expected);

    await page.goto(`/local:${team}/messages/${demo.messageHash}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message');
    await expect(page.getByTestId('message-text')).toHaveText(demoText);
    await expect(page.getByTestId('message-status')).toHaveText('Needs confirmation');
    await expect(page.getByTestId('message-confirmations-count')).toHaveText(
      `${demo.confirmationsSubmitted} of ${demo.confirmationsRequired}`,
    );
    await expect(page.getByTestId('message-origin')).toHaveText('Countersign demo');
    await expect(page.getByTestId('message-content-hash')).toHaveText(hashMessage(demoText));
    await expect(page.getByTestId('safe-message-hash')).toHaveText(expected);
    await expect(page.getByTestId('hash-check')).toHaveText('Matches the hash computed here');
    await expect(page.getByTestId('message-proposer').getByTestId('address-value')).toHaveAttribute(
      'title',
      account(stack, 'owner A').address,
    );
    const confirmations = page.getByTestId('message-confirmation');
    await expect(confirmations).toHaveCount(demo.confirmations.length);
    await expect(confirmations.first().getByTestId('confirmation-signature')).toHaveAttribute(
      'data-value',
      demo.confirmations[0]!.signature,
    );
    await expect(page.getByTestId('prepared-signature')).toHaveCount(0);
  });

  test('a typed-data message: its domain and fields by type, both hashes, the prepared signature', async ({
    page,
    context,
    stack,
  }) => {
    test.setTimeout(60_000);
    const { typedData, messageHash, team, ownerB, ownerC } = await proposeConfirmedTypedMessage(stack);
    const served = (await (
      await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/messages/${messageHash}`)
    ).json()) as GatewayMessage;
    expect(served.status).toBe('CONFIRMED');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/local:${team}/messages/${messageHash}`);
    await expect(page.getByTestId('message-preview')).toHaveText('Typed data: Order on Countersign e2e');
    await expect(page.getByTestId('message-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('message-confirmations-count')).toHaveText('2 of 2');
    await expect(page.getByTestId('domain-name')).toHaveText('Countersign e2e');
    await expect(page.getByTestId('domain-version')).toHaveText('1');
    await expect(page.getByTestId('domain-chain-id')).toContainText(String(stack.chainId));
    await expect(page.getByTestId('domain-verifying-contract').getByTestId('address-value')).toHaveAttribute(
      'title',
      team,
    );
    await expect(page.getByTestId('domain-verifying-contract')).toContainText('This Safe');
    await expect(page.getByTestId('primary-type')).toHaveText('Order');
    const tree = page.getByTestId('typed-data-message');
    await expect(tree.getByTestId('typed-field-name')).toHaveText([
      'maker',
      'name',
      'wallet',
      'recipients',
      'amounts',
      'payload',
      'reference',
    ]);
    await expect(tree.getByTestId('typed-address').first().getByTestId('address-value')).toHaveAttribute(
      'title',
      ownerB.address,
    );
    await expect(tree.getByTestId('typed-item')).toHaveCount(4);
    await expect(tree.getByTestId('typed-number')).toHaveText(['1000000000000000000', '250']);
    await expect(tree.getByTestId('typed-bytes')).toHaveText('0xdeadbeef');
    await expect(tree.getByTestId('typed-string').last()).toHaveText(typedData.message.reference);

    const contentHash = hashTypedData(typedData as unknown as TypedDataDefinition);
    await expect(page.getByTestId('message-content-hash')).toHaveText(contentHash);
    await expect(page.getByTestId('safe-message-hash')).toHaveText(messageHash);
    await expect(page.getByTestId('hash-check')).toHaveText('Matches the hash computed here');

    await expect(page.getByTestId('message-confirmation')).toHaveCount(2);
    await expect(page.getByTestId('message-confirmation').getByTestId('address-value')).toHaveText(
      [ownerB.address, ownerC.address].map((a) => `${a.slice(0, 6)}…${a.slice(-4)}${a}`),
    );
    await expect(page.getByTestId('prepared-signature')).toHaveAttribute(
      'data-value',
      served.preparedSignature!,
    );
    await page.getByRole('button', { name: 'Copy prepared signature' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(served.preparedSignature);

    await page.getByText('Raw JSON').click();
    await expect(page.getByTestId('typed-data-json')).toContainText('"primaryType": "Order"');

    // The structured view, its raw JSON open, in both colour schemes.
    await expect(page.getByTestId('rk-connect-button')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'a typed-data message, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, 'a typed-data message, dark');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violation on the list and a message, ${scheme}`, async ({
      page,
      stack,
    }) => {
      const team = stack.safes[0]!.address;
      const demo = onlyMessages(await gatewayMessages(stack, team)).find(
        (message) => message.message === demoText,
      )!;
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/local:${team}/messages`);
      await expect(page.getByTestId('message-row').first()).toBeVisible();
      // Checked once the wallet code has mounted: RainbowKit's button is briefly aria-hidden while it does.
      await expect(page.getByTestId('rk-connect-button')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the messages list, ${scheme}`);
      await page.goto(`/local:${team}/messages/${demo.messageHash}`);
      await expect(page.getByTestId('hash-check')).toBeVisible();
      await expect(page.getByTestId('rk-connect-button')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `a message, ${scheme}`);
    });
  }
});

test.describe('Messages with hostile data', () => {
  const xss = '<img src=x onerror="window.__pwned=1">';
  const hash = (digit: string) => `0x${digit.repeat(64)}` as Hex;
  const owner = { value: '0x2222222222222222222222222222222222222222', name: null, logoUri: null };
  const now = Date.now();
  const base = (
    messageHash: Hex,
    message: GatewayMessage['message'],
    extra: Record<string, unknown> = {},
  ) => ({
    type: 'MESSAGE',
    messageHash,
    status: 'NEEDS_CONFIRMATION',
    logoUri: 'javascript:alert(1)',
    name: `${xss}\u202Eppa`,
    message,
    creationTimestamp: now,
    modifiedTimestamp: now,
    confirmationsSubmitted: 0,
    confirmationsRequired: 1,
    proposedBy: owner,
    confirmations: [],
    preparedSignature: null,
    origin: JSON.stringify({ name: xss, url: 'javascript:alert(1)' }),
    ...extra,
  });
  const huge = `${'All work and no play makes Jack a dull boy.\n'.repeat(2_400)}THE END`;
  const typed = {
    domain: { name: `${xss}\u202E`, version: '1', chainId: 1337, verifyingContract: doubleSafeAddress },
    primaryType: 'Mail',
    types: {
      Mail: [
        { name: 'contents', type: 'string' },
        { name: 'to', type: 'address' },
      ],
    },
    message: { contents: `${xss} pay \u202Eexe.txt`, to: xss },
  };
  const messages = [
    base(hash('a'), huge),
    base(hash('b'), `${xss} sign \u202Egnp.exe`),
    base(hash('c'), typed),
    base(hash('d'), 'from the future', { status: 'EXPIRED' }),
    base(hash('e'), 'not a message', { confirmationsSubmitted: 'many' }),
  ];

  test('huge, scripted, right-to-left and unknown messages are shown inert, and the page stays usable', async ({
    page,
  }) => {
    const app = await webAppOnDouble();
    try {
      app.double.on('GET', /\/v1\/chains\/1337\/safes\/0x1{40}\/messages$/, () => ({
        count: messages.length,
        next: null,
        previous: null,
        results: [{ type: 'DATE_LABEL', timestamp: now - (now % 86_400_000) }, ...messages],
      }));
      app.double.on('GET', /\/v1\/chains\/1337\/messages\/0x[0-9a-f]{64}$/, (request) => {
        const found = messages.find((m) => request.path.endsWith(m.messageHash));
        if (!found) return { status: 404, body: { code: 404, message: 'Not found' } };
        const { type: _type, ...detail } = found;
        // Wrapped: a message has a `status` of its own, which the double would take for the HTTP status.
        return { status: 200, body: detail };
      });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const pwned = () => page.evaluate(() => (window as { __pwned?: number }).__pwned);

      await page.goto(`${app.safePath}/messages`);
      await expect(page.getByTestId('message-row')).toHaveCount(4);
      await expect(page.getByTestId('message-row-unreadable')).toContainText(
        'A message this app cannot read',
      );
      // A status this app does not know is said so, the message still shown.
      await expect(
        page.locator(`[data-message-hash="${hash('d')}"]`).getByTestId('message-status-badge'),
      ).toHaveText('Unknown status');
      await expect(
        page.locator(`[data-message-hash="${hash('b')}"]`).getByTestId('message-row-preview'),
      ).toHaveText(`${xss} sign ⟨U+202E⟩gnp.exe`);
      await expect(
        page.locator(`[data-message-hash="${hash('b')}"]`).getByTestId('message-row-app'),
      ).toContainText(`${xss}⟨U+202E⟩ppa`);
      const hugePreview = await page
        .locator(`[data-message-hash="${hash('a')}"]`)
        .getByTestId('message-row-preview')
        .textContent();
      expect(hugePreview!.length).toBeLessThan(200);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      // A logo that is not http(s) is never loaded.
      expect(await page.locator('img[src^="javascript"]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );

      // The 100 kB message: its first part, all of it on request, in a box that scrolls.
      await page.locator(`[data-message-hash="${hash('a')}"]`).click();
      const text = page.getByTestId('message-text');
      await expect(text).toContainText('All work and no play');
      await expect(text).not.toContainText('THE END');
      await page.getByRole('button', { name: 'Show all' }).click();
      await expect(text).toContainText('THE END');
      await expect(page.getByTestId('message-origin').getByRole('link')).toHaveCount(0);
      await expect(page.getByTestId('message-origin')).toContainText(xss);
      await expect(page.getByTestId('hash-check')).toHaveText('Differs from the hash computed here');
      await page.getByTestId('back-to-messages').click();
      await expect(page.getByTestId('message-row')).toHaveCount(4);

      // The scripted text message.
      await page.locator(`[data-message-hash="${hash('b')}"]`).click();
      await expect(page.getByTestId('message-text')).toContainText(`${xss} sign ⟨U+202E⟩gnp.exe`);
      await expect(page.getByTestId('invisible-warning')).toContainText('U+202E RIGHT-TO-LEFT OVERRIDE');

      // The typed data with hostile fields.
      await page.goto(`${app.safePath}/messages/${hash('c')}`);
      await expect(page.getByTestId('domain-name')).toHaveText(`${xss}⟨U+202E⟩`);
      await expect(page.getByTestId('typed-string')).toHaveText(`${xss} pay ⟨U+202E⟩exe.txt`);
      await expect(page.getByTestId('typed-invalid')).toContainText(`Not an address: ${xss}`);
      await expect(page.getByTestId('invisible-warning')).toBeVisible();

      // The message of an unknown status: shown, its status said to be unknown.
      await page.goto(`${app.safePath}/messages/${hash('d')}`);
      await expect(page.getByTestId('message-status')).toHaveText('Unknown status');
      await expect(page.getByTestId('message-text')).toContainText('from the future');
      await page.getByTestId('back-to-messages').click();
      await expect(page.getByTestId('message-row')).toHaveCount(4);

      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await pwned()).toBeUndefined();
      expect(dialogs).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});
