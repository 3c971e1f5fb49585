import type { Browser, Page } from '@playwright/test';
import { safeAbi } from '@countersign/safe-core';
import { startWebServer, type WebServer } from '@countersign/web/server';
import { freePort } from '../../scripts/ports';
import { expect, test, watchCsp } from '../fixtures';
import { addressOf, deployDevSafe, fundAndServe } from '../nestedFamily';
import { installTestWallet } from '../owners';
import type { E2eStack } from '../stack';

/**
 * The gateway down, the Safe still usable: a web server of the worker's stack's own configuration
 * (its devnet, its RPC, its chains) whose gateway URL leads nowhere, as when the gateway is stopped.
 * The owners work from the chain alone and pass the transaction by link or file; once the gateway is
 * back (the worker's own web server), the history shows what they executed.
 */
async function webWithoutGateway(stack: E2eStack): Promise<WebServer> {
  const script = await (await fetch(`${stack.webUrl}/config.js`)).text();
  const config = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)) as {
    rpcUrls: Record<string, string>;
    chains: NonNullable<Parameters<typeof startWebServer>[0]['chains']>;
    devnet: Parameters<typeof startWebServer>[0]['devnet'];
  };
  return startWebServer({
    port: 0,
    gatewayUrl: `http://127.0.0.1:${await freePort()}`,
    rpcUrls: config.rpcUrls,
    chains: config.chains,
    devnet: config.devnet,
    // Pages render in the browser: the server's render of a page runs in this test's own process,
    // next to the test wallet, and is not what this test is about.
    prerenderBudgetMs: 0,
  });
}

/** Links the test wallet of `role` without Sign-In: it needs the gateway, and signing does not. */
async function linkWallet(page: Page, stack: E2eStack, role: string, url: string) {
  await installTestWallet(page, stack, role);
  await page.goto(url);
  await expect(page.getByTestId('without-gateway')).toBeVisible();
  await page.getByTestId('connect-wallet').or(page.getByTestId('rk-connect-button')).first().click();
  await page.getByTestId('rk-wallet-option-org.countersign.testwallet').click();
  // Sign-In is a session with the gateway: without one, the wallet links without it.
  await expect(page.getByTestId('rk-account-button')).toBeVisible();
}

/** Owner A, on the Safe read from the chain alone, signs a payment and shares it: its link. */
async function ownerASharesPayment(page: Page, stack: E2eStack, offline: WebServer, safe: string) {
  await linkWallet(page, stack, 'owner A', `${offline.url}/local:${safe}/new-transaction/send`);
  await page.getByTestId('send-recipient').fill(addressOf(stack, 'recipient'));
  await page.getByTestId('send-amount').fill('0.1');
  await page.getByTestId('form-continue').click();
  await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
  // Without the gateway there is nobody to propose to: sign and share is what is offered.
  await expect(page.getByTestId('review-sign')).toHaveCount(0);
  await page.getByTestId('review-share').click();
  await expect(page.getByTestId('shared-progress')).toHaveText('1 of 2 needed');
  await expect(page.getByTestId('shared-signature')).toHaveAttribute('data-valid', 'true');
  return page.getByTestId('shared-link').inputValue();
}

async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = watchCsp(page);
  return {
    page,
    close: async () => {
      await context.close();
      expect(violations, 'Content-Security-Policy violations (owner B)').toEqual([]);
    },
  };
}

/** Owner B adds a signature and executes; the chain then holds the payment. */
async function ownerBSignsAndExecutes(page: Page) {
  await expect(page.getByTestId('shared-progress')).toHaveText('1 of 2 needed');
  await expect(page.getByTestId('shared-calls')).toContainText('Send 0.1 ETH to');
  await page.getByTestId('shared-sign').click();
  await expect(page.getByTestId('shared-progress')).toHaveText('2 of 2 needed');
  await page.getByTestId('shared-execute').click();
  await expect(page.getByTestId('execution-progress')).toContainText('Executed', { timeout: 60_000 });
}

test.describe('Without the gateway', () => {
  test.setTimeout(180_000);

  test('A shares a link; B opens it in another browser, signs and executes; the history has it once the gateway is back', async ({
    page,
    browser,
    stack,
  }) => {
    const { safe, chain } = await deployDevSafe(stack, [
      addressOf(stack, 'owner A'),
      addressOf(stack, 'owner B'),
    ]);
    await fundAndServe(stack, safe);
    const offline = await webWithoutGateway(stack);
    try {
      await page.goto(`${offline.url}/local:${safe}/home`);
      // The Safe page comes from the contract: its owners and threshold, and says what is missing.
      await expect(page.getByTestId('without-gateway')).toContainText('does not answer');
      const link = await ownerASharesPayment(page, stack, offline, safe);
      expect(link).toContain('/shared#tx=');

      const b = await otherBrowser(browser);
      await linkWallet(b.page, stack, 'owner B', link);
      await ownerBSignsAndExecutes(b.page);
      expect(await chain.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(1n);
      await b.close();

      // The gateway back: the history shows what was executed without it.
      await page.goto(`${stack.webUrl}/local:${safe}/transactions/history`);
      await expect(page.getByTestId('tx-row').first()).toContainText('0.1', { timeout: 30_000 });
    } finally {
      await offline.close();
    }
  });

  test('the same through a JSON file; a link with one field changed is refused with the reason', async ({
    page,
    browser,
    stack,
  }) => {
    const { safe, chain } = await deployDevSafe(stack, [
      addressOf(stack, 'owner A'),
      addressOf(stack, 'owner B'),
    ]);
    await fundAndServe(stack, safe);
    const offline = await webWithoutGateway(stack);
    try {
      const link = await ownerASharesPayment(page, stack, offline, safe);
      const download = page.waitForEvent('download');
      await page.getByTestId('shared-download').click();
      const file = await (await download).path();
      expect((await download).suggestedFilename()).toMatch(
        /^safe-tx-0x[0-9a-fA-F]{8}-nonce-0-1-signed\.json$/,
      );

      // One field changed (the amount), the rest, hash and signature included, left as they were.
      const json = JSON.parse(Buffer.from(link.split('#tx=')[1]!, 'base64url').toString('utf8')) as {
        transaction: { value: string };
      };
      json.transaction.value = '900000000000000000';
      const tampered = `${link.split('#tx=')[0]}#tx=${Buffer.from(JSON.stringify(json)).toString('base64url')}`;

      // B opens the file on the page of shared transactions: it is checked as a link is.
      const b = await otherBrowser(browser);
      await linkWallet(b.page, stack, 'owner B', `${offline.url}/local:${safe}/shared`);
      await b.page.getByTestId('shared-file').setInputFiles(file);
      await ownerBSignsAndExecutes(b.page);
      expect(await chain.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(1n);

      // The link with one field changed is refused with the reason, and offers nothing to sign.
      await b.page.goto(tampered);
      await expect(b.page.getByTestId('shared-refused')).toContainText('is not the hash of its fields');
      await expect(b.page.getByTestId('shared-sign')).toHaveCount(0);
      await expect(b.page.getByTestId('shared-execute')).toHaveCount(0);
      await b.close();
    } finally {
      await offline.close();
    }
  });

  test('a localsafe link pasted where the gateway answers is checked, then sent to the gateway', async ({
    page,
    browser,
    stack,
  }) => {
    const { safe } = await deployDevSafe(stack, [addressOf(stack, 'owner A'), addressOf(stack, 'owner B')]);
    await fundAndServe(stack, safe);
    const offline = await webWithoutGateway(stack);
    let link: string;
    try {
      link = await ownerASharesPayment(page, stack, offline, safe);
    } finally {
      await offline.close();
    }
    // The same transaction as localsafe 0.3.1 shares it: its SDK JSON, base64, in the fragment's query.
    const ours = JSON.parse(Buffer.from(link.split('#tx=')[1]!, 'base64url').toString('utf8')) as {
      transaction: Record<string, string | number>;
      signatures: { signer: string; signature: string }[];
    };
    const localsafe = Buffer.from(
      JSON.stringify({
        tx: {
          data: { ...ours.transaction, nonce: Number(ours.transaction.nonce) },
          signatures: ours.signatures.map((s) => ({
            signer: s.signer,
            data: s.signature,
            isContractSignature: false,
          })),
        },
      }),
    ).toString('base64');
    const pasted = `https://localsafe.eth.limo/#/safe/${safe}?importTx=${encodeURIComponent(localsafe)}&chainId=${stack.chainId}`;

    const b = await otherBrowser(browser);
    await installTestWallet(b.page, stack, 'owner B');
    await b.page.goto(`${stack.webUrl}/local:${safe}/shared`);
    await b.page.getByTestId('shared-paste').fill(pasted);
    await b.page.getByTestId('shared-paste-open').click();
    await expect(b.page.getByTestId('shared-source')).toContainText('Read from a localsafe link');
    await expect(b.page.getByTestId('shared-progress')).toHaveText('1 of 2 needed');
    await b.page.getByTestId('shared-upload').click();
    await expect(b.page.getByTestId('shared-uploaded')).toContainText('1 signature sent');
    await b.page.goto(`${stack.webUrl}/local:${safe}/transactions/queue`);
    await expect(b.page.getByTestId('tx-row').first()).toContainText('0.1');
    // From the gateway's queue it can be shared again, with the signatures the gateway holds.
    await b.page.getByTestId('tx-row').first().click();
    await b.page.getByTestId('tx-share').click();
    await expect(b.page.getByTestId('shared-progress')).toHaveText('1 of 2 needed');
    await expect(b.page.getByTestId('shared-link')).toHaveValue(/\/shared#tx=/);
    await b.close();
  });

  test('a message signed and shared without the gateway: B signs from the link, the Safe accepts it, and it reaches the gateway once it answers', async ({
    page,
    browser,
    stack,
  }) => {
    const { safe } = await deployDevSafe(stack, [addressOf(stack, 'owner A'), addressOf(stack, 'owner B')]);
    await fundAndServe(stack, safe);
    const offline = await webWithoutGateway(stack);
    try {
      await linkWallet(page, stack, 'owner A', `${offline.url}/local:${safe}/new-message`);
      await page.getByTestId('message-input').fill('We, the owners, agree to the audit of 1 December.');
      await page.getByTestId('review-message').click();
      // Nobody to create it on: sign and share is what is offered.
      await expect(page.getByTestId('sign-message')).toHaveCount(0);
      await page.getByTestId('sign-and-share-message').click();
      await expect(page.getByTestId('shared-message-progress')).toHaveText('1 of 2 needed');
      await expect(page.getByTestId('shared-message-signature')).toHaveAttribute('data-valid', 'true');
      const link = await page.getByTestId('shared-message-link').inputValue();
      expect(link).toContain('/messages/shared#msg=');

      const b = await otherBrowser(browser);
      await linkWallet(b.page, stack, 'owner B', link);
      await expect(b.page.getByTestId('message-text')).toContainText('agree to the audit');
      await b.page.getByTestId('shared-message-sign').click();
      await expect(b.page.getByTestId('shared-message-progress')).toHaveText('2 of 2 needed');
      // The Safe has the last word: its isValidSignature, asked on chain.
      await expect(b.page.getByTestId('shared-message-safe-answer')).toContainText('accepts it');
      const signed = await b.page.getByTestId('shared-message-link').inputValue();

      // The same link where the gateway answers: both signatures are sent, and the gateway lists it.
      await b.page.goto(signed.replace(offline.url, stack.webUrl));
      await expect(b.page.getByTestId('shared-message-progress')).toHaveText('2 of 2 needed');
      await b.page.getByTestId('shared-message-upload').click();
      await expect(b.page.getByTestId('shared-message-uploaded')).toContainText('2 signatures sent');
      await b.page.goto(`${stack.webUrl}/local:${safe}/messages`);
      await expect(b.page.getByTestId('message-row').first()).toContainText('agree to the audit');
      await b.close();
    } finally {
      await offline.close();
    }
  });
});
