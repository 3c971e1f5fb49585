import type { Page } from '@playwright/test';
import encodeQR from 'qr';
import {
  createPublicClient,
  hashMessage,
  http,
  parseAbi,
  parseEther,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { safeAbi, safeMessageHash } from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import type { Dapp } from '../dapp';
import { devAccount, ownerWithDevnetWallet, ownerWithTestWallet, secondOwner, teamSafe } from '../owners';
import type { E2eStack } from '../stack';
import { connect, withDapp } from '../dapp';
import { layoutFaults } from '../layoutFaults';
import { confirmMessageInBrowser } from '../safeMessages';

/**
 * Countersign as a WalletConnect wallet: a dapp, played in Node by WalletConnect's own Sign client,
 * reaches the Safe through the relay double on loopback. Nothing may leave loopback (the fixture
 * fails the test otherwise): with a relay of its own, Countersign asks WalletConnect's servers
 * nothing, not even Verify.
 */

async function gatewayJson<T>(stack: E2eStack, path: string): Promise<T> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The review's nonce set to the Safe's next one (the demo queue holds proposals ahead of it). */
async function useNextNonce(page: Page, stack: E2eStack, safe: Address) {
  const { currentNonce } = await gatewayJson<{ currentNonce: number }>(stack, `/safes/${safe}/nonces`);
  await page.getByTestId('review-nonce').fill(String(currentNonce));
}

/** The dapp connected to the team Safe (its owner A on the page), asking for the given methods. */
async function connectTeamSafe(page: Page, stack: E2eStack, dapp: Dapp, webUrl: string, methods: string[]) {
  const chain = `eip155:${stack.chainId}`;
  await ownerWithTestWallet(page, stack, 'owner A', `${webUrl}/local:${teamSafe(stack)}/dapps`);
  const { uri, approved } = await connect(dapp, {
    optionalNamespaces: { eip155: { chains: [chain], methods, events: ['chainChanged', 'accountsChanged'] } },
  });
  await page.getByTestId('dapp-uri').fill(uri!);
  await page.getByTestId('dapp-pair').click();
  await page.getByTestId('dapp-proposal').getByTestId('dapp-approve').click();
  const session = await approved;
  return <T>(method: string, params: unknown[]) =>
    dapp.request<T>({ topic: session.topic, chainId: chain, request: { method, params } });
}

test.describe('WalletConnect: the Safe in a dapp', () => {
  test.setTimeout(120_000);

  test('pair by a pasted link, approve, a transaction reviewed and proposed, a rejection, an unsupported method, disconnect', async ({
    page,
    stack,
  }) => {
    await withDapp(stack, { name: 'Test dapp', url: 'http://127.0.0.1:9/dapp' }, async ({ dapp, web }) => {
      const safe = teamSafe(stack);
      const chain = `eip155:${stack.chainId}`;
      const recipient = devAccount(stack, 'recipient').address;
      await ownerWithTestWallet(page, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
      await expect(page.getByTestId('dapps-page')).toBeVisible();
      // On a phone the page keeps its width: the link's three buttons wrap.
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await layoutFaults(page)).toEqual([]);
      await page.setViewportSize(desktop);

      const { uri, approved } = await connect(dapp, {
        optionalNamespaces: {
          eip155: {
            chains: [chain],
            methods: [
              'eth_sendTransaction',
              'wallet_sendCalls',
              'eth_signTransaction',
              'eth_chainId',
              'eth_getBalance',
            ],
            events: ['chainChanged', 'accountsChanged'],
          },
        },
      });
      await page.getByTestId('dapp-uri').fill(uri!);
      await page.getByTestId('dapp-pair').click();

      const proposal = page.getByTestId('dapp-proposal');
      await expect(proposal.getByTestId('dapp-name')).toHaveText('Test dapp', { timeout: 20_000 });
      await expect(proposal.getByTestId('dapp-url')).toHaveText('http://127.0.0.1:9/dapp');
      await expect(proposal.getByTestId('dapp-chains')).toHaveText(chain);
      await expect(proposal.getByTestId('dapp-verify')).toContainText('Domain not verified');
      await proposal.getByTestId('dapp-approve').click();
      const session = await approved;
      expect(session.namespaces.eip155!.accounts).toEqual([`${chain}:${safe}`]);
      await expect(page.getByTestId('dapp-session-name')).toHaveText('Test dapp');

      // A read goes to the chain's node through Safe Apps' allowlist.
      const request = (method: string, params: unknown[]) =>
        dapp.request<unknown>({ topic: session.topic, chainId: chain, request: { method, params } });
      expect(await request('eth_chainId', [])).toBe(toHex(stack.chainId));

      // eth_sendTransaction, while the owner is on another page of the Safe: the one review, owner A
      // signs, the dapp gets the safeTxHash.
      await page
        .getByRole('navigation', { name: 'Safe navigation' })
        .getByRole('link', { name: 'Home' })
        .click();
      await expect(page).toHaveURL(/\/home$/);
      const sending = request('eth_sendTransaction', [
        { from: safe, to: recipient, value: toHex(parseEther('0.01')), data: '0x' },
      ]);
      await expect(page.getByRole('dialog', { name: 'Transaction from Test dapp' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('review-action')).toContainText(`Send 0.01 ETH to ${recipient}`);
      await useNextNonce(page, stack, safe);
      const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent()) as Hex;
      await page.getByTestId('review-sign').click();
      expect(await sending).toBe(reviewed);
      // The dialog closed: the owner is told where the transaction waits.
      const { currentNonce } = await gatewayJson<{ currentNonce: number }>(stack, `/safes/${safe}/nonces`);
      const queued = page.getByTestId('tx-queued-notice');
      await expect(queued.getByTestId('tx-queued-where')).toContainText(
        `Test dapp’s transaction waits in the queue at nonce ${currentNonce}, with 2 signatures needed to execute it. It is next`,
      );
      await queued.getByRole('button', { name: 'Close' }).first().click();
      await expect(queued).toHaveCount(0);
      const proposed = await gatewayJson<{ txStatus: string }>(
        stack,
        `/transactions/multisig_${safe}_${reviewed}`,
      );
      expect(proposed.txStatus).toBe('AWAITING_CONFIRMATIONS');

      // EIP-5792's wallet_sendCalls: its calls as one batch in the review; closing the review refuses
      // the request with EIP-1193's 4001 (caught at once: the answer may come before the test awaits it).
      const refused = request('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: toHex(stack.chainId),
          from: safe,
          atomicRequired: true,
          calls: [
            { to: recipient, value: toHex(parseEther('0.02')) },
            { to: recipient, value: toHex(parseEther('0.03')) },
          ],
        },
      ]).then(
        () => 'answered',
        (error: unknown) => error,
      );
      const dialog = page.getByRole('dialog', { name: '2 transactions from Test dapp' });
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      await expect(dialog.getByTestId('review-action')).toHaveCount(2);
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await refused).toMatchObject({ code: 4001, message: 'User rejected the request.' });

      // A method the Safe does not serve is not in the session: the dapp's own client refuses it.
      await expect(request('eth_signTransaction', [{ from: safe, to: recipient }])).rejects.toThrow(
        /eth_signTransaction/,
      );
      expect(session.namespaces.eip155!.methods).not.toContain('eth_signTransaction');

      // The session survives a reload, then the owner disconnects it and the dapp is told.
      await page.goto(`${web.url}/local:${safe}/dapps`);
      await expect(page.getByTestId('dapp-session-name')).toHaveText('Test dapp', { timeout: 20_000 });
      const deleted = new Promise<string>((resolve) =>
        dapp.on('session_delete', ({ topic }) => resolve(topic)),
      );
      await page.getByTestId('dapp-disconnect').click();
      expect(await deleted).toBe(session.topic);
      await expect(page.getByTestId('no-dapp-sessions')).toBeVisible();
    });
  });

  test('a dapp opened by a ?wc= link asks the 1-of-1 Safe to sign: the Safe’s signatures verify on chain', async ({
    page,
    stack,
  }) => {
    await withDapp(stack, { name: 'Signing dapp', url: 'http://127.0.0.1:9/sign' }, async ({ dapp, web }) => {
      const solo = stack.safes[1]!.address as Address;
      const chain = `eip155:${stack.chainId}`;
      const devnet = createPublicClient({ transport: http(stack.rpcUrl!) });
      await ownerWithTestWallet(page, stack, 'owner of the 1-of-1 Safe', `${web.url}/local:${solo}/home`);
      const { uri, approved } = await connect(dapp, {
        optionalNamespaces: {
          eip155: {
            chains: [chain],
            methods: ['personal_sign', 'eth_signTypedData_v4'],
            events: ['chainChanged', 'accountsChanged'],
          },
        },
      });
      // The link a dapp's "open in wallet" gives: the page shows it, and pairs only when the owner asks.
      await page.goto(`${web.url}/local:${solo}/dapps?wc=${encodeURIComponent(uri!)}`);
      await expect(page.getByTestId('dapp-link-notice')).toBeVisible();
      await expect(page.getByTestId('dapp-uri')).toHaveValue(uri!);
      await expect(page.getByTestId('dapp-proposal')).toHaveCount(0);
      await page.getByTestId('dapp-pair').click();
      const proposal = page.getByTestId('dapp-proposal');
      await expect(proposal.getByTestId('dapp-name')).toHaveText('Signing dapp', { timeout: 20_000 });
      await proposal.getByTestId('dapp-approve').click();
      const session = await approved;
      await expect(page).not.toHaveURL(/wc=/);
      await expect(page.getByTestId('dapp-uri')).toHaveValue('');
      const request = (method: string, params: unknown[]) =>
        dapp.request<Hex>({ topic: session.topic, chainId: chain, request: { method, params } });

      const message = 'Signed through WalletConnect';
      const signing = request('personal_sign', [toHex(message), solo]);
      const dialog = page.getByTestId('dapp-message-dialog');
      await expect(dialog).toContainText('Signature requested by Signing dapp', { timeout: 20_000 });
      await expect(dialog).toContainText(message);
      await dialog.getByTestId('sign-message').click();
      const signature = await signing;
      expect(await devnet.verifyMessage({ address: solo, message, signature })).toBe(true);

      const typedData = {
        types: {
          EIP712Domain: [{ name: 'name', type: 'string' }],
          Mail: [{ name: 'contents', type: 'string' }],
        },
        domain: { name: 'Signing dapp' },
        primaryType: 'Mail' as const,
        message: { contents: 'Hello, Safe' },
      };
      const typedSigning = request('eth_signTypedData_v4', [solo, JSON.stringify(typedData)]);
      await expect(dialog).toContainText('Hello, Safe', { timeout: 20_000 });
      await dialog.getByTestId('sign-message').click();
      const typedSignature = await typedSigning;
      expect(await devnet.verifyTypedData({ address: solo, ...typedData, signature: typedSignature })).toBe(
        true,
      );

      // Signed on chain at the owner's choice: a SignMessageLib delegatecall through the one review,
      // executed by the 1-of-1 Safe; the dapp gets 0x, which the Safe accepts from then on.
      const onChainMessage = 'Signed on chain through WalletConnect';
      const onChainSigning = request('personal_sign', [toHex(onChainMessage), solo]);
      await expect(dialog).toContainText(onChainMessage, { timeout: 20_000 });
      await dialog.getByTestId('dapp-sign-onchain').check();
      await expect(dialog.getByTestId('dapp-sign-onchain-note')).toBeVisible();
      await dialog.getByTestId('sign-message').click();
      const review = page.getByTestId('dapp-onchain-sign-dialog');
      await expect(review.getByTestId('review-action')).toContainText('SignMessageLib');
      await review
        .getByTestId('review-nonce')
        .fill(String(await devnet.readContract({ address: solo, abi: safeAbi, functionName: 'nonce' })));
      await review.getByTestId('review-execute').click();
      expect(await onChainSigning).toBe('0x');
      // The Safe's own check with no signature at all (what the dapp does with 0x).
      expect(
        await devnet.readContract({
          address: solo,
          abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
          functionName: 'isValidSignature',
          args: [hashMessage(onChainMessage), '0x'],
        }),
      ).toBe('0x1626ba7e');
    });
  });

  test('a dapp WalletConnect Verify lists as a known threat cannot be connected, and the owner is told why', async ({
    page,
    stack,
    allowOffLoopback,
  }) => {
    // WalletConnect's Verify server cannot be reached from here: the test plays it, answering in the
    // browser what the SDK fetches (the attestation of the proposal's hash), so nothing leaves loopback.
    allowOffLoopback(/^verify\.walletconnect\.org$/);
    const asked: string[] = [];
    await page.route('https://verify.walletconnect.org/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ json: { origin: 'https://free-tokens.example', isScam: true } });
    });
    await withDapp(
      stack,
      { name: 'Free tokens', url: 'https://free-tokens.example' },
      async ({ dapp, web }) => {
        const safe = teamSafe(stack);
        await ownerWithTestWallet(page, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
        const { uri, approved } = await connect(dapp, {
          optionalNamespaces: {
            eip155: {
              chains: [`eip155:${stack.chainId}`],
              methods: ['eth_sendTransaction'],
              events: ['chainChanged'],
            },
          },
        });
        const outcome = approved.then(
          () => 'approved',
          (error: unknown) => (error as { message?: string }).message ?? String(error),
        );
        await page.getByTestId('dapp-uri').fill(uri!);
        await page.getByTestId('dapp-pair').click();
        const proposal = page.getByTestId('dapp-proposal');
        await expect(proposal.getByTestId('dapp-verify')).toContainText('Known threat', { timeout: 20_000 });
        await expect(proposal.getByTestId('dapp-verify')).toContainText(
          'WalletConnect Verify lists https://free-tokens.example as a known threat. Countersign refuses to connect it.',
        );
        await expect(proposal.getByTestId('dapp-approve')).toBeDisabled();
        await proposal.getByTestId('dapp-reject').click();
        expect(await outcome).toMatch(/rejected/i);
        await expect(page.getByTestId('no-dapp-sessions')).toBeVisible();
        expect(asked.some((url) => /\/attestation\/[0-9a-f]{64}\?v2Supported=true$/.test(url))).toBe(true);
      },
      { verify: true },
    );
  });

  test('a QR screenshot pairs; a batch asked by wallet_sendCalls is proposed, confirmed and executed by a second owner, and wallet_getCallsStatus ends with the receipt; the dapp disconnects', async ({
    page,
    stack,
    browser,
  }) => {
    await withDapp(stack, { name: 'Batch dapp', url: 'http://127.0.0.1:9/batch' }, async ({ dapp, web }) => {
      const safe = teamSafe(stack);
      const chain = `eip155:${stack.chainId}`;
      const recipient = devAccount(stack, 'recipient').address;
      const devnet = createPublicClient({ transport: http(stack.rpcUrl!) });
      await ownerWithTestWallet(page, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
      const { uri, approved } = await connect(dapp, {
        optionalNamespaces: {
          eip155: {
            chains: [chain],
            methods: ['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities'],
            events: ['chainChanged', 'accountsChanged'],
          },
        },
      });
      // The dapp's QR code, as a screenshot the owner chooses: read in the browser, paired at once.
      await page.getByTestId('dapp-qr-file').setInputFiles({
        name: 'dapp-qr.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from(encodeQR(uri!, 'gif', { scale: 4 })),
      });
      const proposal = page.getByTestId('dapp-proposal');
      await expect(proposal.getByTestId('dapp-name')).toHaveText('Batch dapp', { timeout: 20_000 });
      await proposal.getByTestId('dapp-approve').click();
      const session = await approved;
      const request = <T>(method: string, params: unknown[]) =>
        dapp.request<T>({ topic: session.topic, chainId: chain, request: { method, params } });

      expect(await request('wallet_getCapabilities', [safe, [toHex(stack.chainId)]])).toEqual({
        [toHex(stack.chainId)]: { atomic: { status: 'supported' } },
      });

      // The batch waits for the owner: a badge beside Dapps while its review is open, gone after.
      const sent = request<{ id: Hex }>('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: toHex(stack.chainId),
          from: safe,
          atomicRequired: true,
          calls: [
            { to: recipient, value: toHex(parseEther('0.02')) },
            { to: recipient, value: toHex(parseEther('0.03')) },
          ],
        },
      ]);
      const dialog = page.getByRole('dialog', { name: '2 transactions from Batch dapp' });
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('dapp-requests-badge')).toContainText('1 dapp request waits for you');
      await useNextNonce(page, stack, safe);
      const reviewed = (await dialog.getByTestId('review-safe-tx-hash').locator('code').textContent()) as Hex;
      await dialog.getByTestId('review-sign').click();
      expect(await sent).toEqual({ id: reviewed });
      await expect(page.getByTestId('tx-queued-where')).toContainText(
        'Batch dapp’s transaction waits in the queue',
      );
      await page.getByTestId('tx-queued-notice').getByRole('button', { name: 'Close' }).first().click();
      await expect(page.getByTestId('dapp-requests-badge')).toHaveCount(0);

      type CallsStatus = { status: number; receipts?: { transactionHash: Hex; status: Hex }[] };
      expect(await request<CallsStatus>('wallet_getCallsStatus', [reviewed])).toMatchObject({
        id: reviewed,
        status: 100,
        atomic: true,
      });
      await expect(request('wallet_getCallsStatus', [`0x${'42'.repeat(32)}`])).rejects.toMatchObject({
        code: 5730,
      });

      // Owner B confirms and executes in a browser of their own.
      const before = await devnet.getBalance({ address: recipient });
      const b = await secondOwner(browser, stack);
      try {
        await ownerWithDevnetWallet(
          b.page,
          stack,
          'owner B',
          `/local:${safe}/transactions/multisig_${safe}_${reviewed}`,
        );
        await expect(b.page.getByTestId('tx-execute')).toHaveText('Confirm and execute');
        await b.page.getByTestId('tx-execute').click();
        await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
      } finally {
        await b.close();
      }
      expect(await devnet.getBalance({ address: recipient })).toBe(before + parseEther('0.05'));

      // The dapp follows its calls to the receipt, read from the chain.
      await expect
        .poll(async () => (await request<CallsStatus>('wallet_getCallsStatus', [reviewed])).status, {
          timeout: 20_000,
        })
        .toBe(200);
      const done = await request<CallsStatus>('wallet_getCallsStatus', [reviewed]);
      const receipt = await devnet.getTransactionReceipt({ hash: done.receipts![0]!.transactionHash });
      expect(receipt.status).toBe('success');
      expect(done.receipts![0]!.status).toBe('0x1');

      // The dapp ends the session: the Safe's page lets it go.
      await expect(page.getByTestId('dapp-session-name')).toHaveText('Batch dapp');
      await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } });
      await expect(page.getByTestId('no-dapp-sessions')).toBeVisible({ timeout: 20_000 });
    });
  });

  test('a dapp’s message to the 2-of-3 Safe outlives the dialog: owner A signs and closes it, owner B confirms in another browser, and the dapp gets the Safe’s signature', async ({
    page,
    browser,
    stack,
  }) => {
    await withDapp(stack, { name: 'Signing dapp', url: 'http://127.0.0.1:9/sign' }, async ({ dapp, web }) => {
      const team = teamSafe(stack);
      const request = await connectTeamSafe(page, stack, dapp, web.url, ['personal_sign']);
      const text = 'Two owners sign for a dapp';
      let answered = false;
      const signing = request<Hex>('personal_sign', [toHex(text), team]).finally(() => {
        answered = true;
      });
      const dialog = page.getByTestId('dapp-message-dialog');
      await expect(dialog).toContainText(text, { timeout: 20_000 });
      // Verify's verdict is on the request too, not only on the connection.
      await expect(dialog.getByTestId('dapp-verify')).toContainText('Domain not verified');
      await dialog.getByTestId('sign-message').click();
      await expect(dialog.getByTestId('dapp-message-waiting')).toContainText(
        'also after you close this dialog',
      );
      await dialog.getByTestId('keep-message-request').click();
      await expect(dialog).toHaveCount(0);
      expect(answered).toBe(false);

      const messageHash = safeMessageHash({ chainId: stack.chainId, safe: team, message: text });
      await confirmMessageInBrowser(browser, stack, 'owner B', messageHash);
      const signature = await signing;
      const devnet = createPublicClient({ transport: http(stack.rpcUrl!) });
      expect(
        await devnet.readContract({
          address: team,
          abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
          functionName: 'isValidSignature',
          args: [hashMessage(text), signature],
        }),
      ).toBe('0x1626ba7e');
    });
  });

  test('a dapp asks for an unlimited Permit2 approval: the request shows what it grants as a danger, and rejecting answers 4001', async ({
    page,
    stack,
  }) => {
    await withDapp(stack, { name: 'Swap dapp', url: 'http://127.0.0.1:9/swap' }, async ({ dapp, web }) => {
      const team = teamSafe(stack);
      const request = await connectTeamSafe(page, stack, dapp, web.url, ['eth_signTypedData_v4']);
      const { items } = await gatewayJson<{ items: { tokenInfo: { address: Address; symbol: string } }[] }>(
        stack,
        `/safes/${team}/balances/usd`,
      );
      const dusd = items.find((item) => item.tokenInfo.symbol === 'DUSD')!.tokenInfo.address;
      const spender: Address = '0x000000000000000000000000000000000000bEEF';
      // Uniswap's Permit2 allowance, as its interface asks for one.
      const permit = {
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
          PermitDetails: [
            { name: 'token', type: 'address' },
            { name: 'amount', type: 'uint160' },
            { name: 'expiration', type: 'uint48' },
            { name: 'nonce', type: 'uint48' },
          ],
          PermitSingle: [
            { name: 'details', type: 'PermitDetails' },
            { name: 'spender', type: 'address' },
            { name: 'sigDeadline', type: 'uint256' },
          ],
        },
        domain: {
          name: 'Permit2',
          chainId: stack.chainId,
          verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
        },
        primaryType: 'PermitSingle',
        message: {
          details: {
            token: dusd,
            amount: (2n ** 160n - 1n).toString(),
            expiration: String(Math.floor(Date.now() / 1000) + 30 * 24 * 3600),
            nonce: '0',
          },
          spender,
          sigDeadline: String(Math.floor(Date.now() / 1000) + 1800),
        },
      };
      // Its refusal, caught as it comes (it may come before the test looks).
      const asking = request<Hex>('eth_signTypedData_v4', [team, JSON.stringify(permit)]).then(
        () => undefined,
        (error: unknown) => error,
      );
      const dialog = page.getByTestId('dapp-message-dialog');
      const grant = dialog.getByTestId('token-grant');
      await expect(grant).toContainText('Signing lets the spender below spend the Safe’s tokens', {
        timeout: 20_000,
      });
      await expect(grant.getByTestId('grant-spender')).toContainText(spender);
      await expect(grant).toHaveAttribute('role', 'alert');
      await expect(grant.getByTestId('grant-kind')).toContainText('Permit2');
      await expect(grant.getByTestId('grant-assets')).toContainText('DUSD');
      await expect(grant.getByTestId('grant-risks')).toContainText('The amount is unlimited');
      await dialog.getByTestId('reject-message').click();
      expect(await asking).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    });
  });
});
