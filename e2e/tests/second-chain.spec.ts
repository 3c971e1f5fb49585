import type { Page } from '@playwright/test';
import { createPublicClient, getAddress, http, parseEther, toHex, type Hex } from 'viem';
import { expect, test } from '../fixtures';
import { connect, withDapp } from '../dapp';
import { devAccount, ownerWithDevnetWallet, ownerWithTestWallet, secondOwner, teamSafe } from '../owners';
import type { E2eStack } from '../stack';

/** `npm start` with DEVNET_SECOND_CHAIN: these tests run on a stack of their own with both chains. */
test.use({ stackEnv: { DEVNET_SECOND_CHAIN: '1' } });

const secondChainId = 1338;

async function nonceOn(stack: E2eStack, chainId: number): Promise<number> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${chainId}/safes/${teamSafe(stack)}/nonces`);
  return ((await response.json()) as { currentNonce: number }).currentNonce;
}

/** The history's rows as text, once the first is shown. */
async function historyRows(page: Page): Promise<string[]> {
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  return page.getByTestId('tx-row').allInnerTexts();
}

/** The second chain's RPC URL, as the gateway gives it to the app. */
async function secondRpcUrl(stack: E2eStack): Promise<string> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${secondChainId}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { rpcUri: { value: string } }).rpcUri.value;
}

test.describe('Two devnet chains (DEVNET_SECOND_CHAIN)', () => {
  test.setTimeout(120_000);

  test('the chain switch moves the Safe page between the chains, each with its own data', async ({
    page,
    stack,
  }) => {
    const team = teamSafe(stack);
    const nonces = await Promise.all(
      [stack.chainId, secondChainId].map((chainId) => nonceOn(stack, chainId)),
    );
    // The same address on both chains, each with its own nonce and history.
    expect(nonces[0]).not.toBe(nonces[1]);
    // With a wallet connected and verified: a switch of chain keeps it (it used to be forgotten).
    await ownerWithTestWallet(page, stack, 'owner A', `/local2:${team}/transactions/history`);
    await expect(page.getByTestId('chain-selector')).toHaveValue(String(secondChainId));
    await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${nonces[1]}`);
    const secondRows = await historyRows(page);
    await page.getByTestId('chain-selector').selectOption(String(stack.chainId));
    await expect(page).toHaveURL(new RegExp(`/local:${team}/transactions/history$`));
    await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${nonces[0]}`);
    expect(await historyRows(page)).not.toEqual(secondRows);
    await expect(page.getByTestId('rk-account-button')).toBeVisible();
    await page.getByTestId('chain-selector').selectOption(String(secondChainId));
    await expect(page).toHaveURL(new RegExp(`/local2:${team}/transactions/history$`));
    await expect(page.getByTestId('safe-header-nonce')).toHaveText(`Nonce ${nonces[1]}`);
    expect(await historyRows(page)).toEqual(secondRows);
    await expect(page.getByTestId('rk-account-button')).toBeVisible();
  });

  test('two owners pay from the Safe on the second chain: the wallet switches, only that chain changes', async ({
    page,
    stack,
    browser,
  }) => {
    const team = teamSafe(stack);
    const recipient = getAddress(devAccount(stack, 'recipient').address);
    const second = createPublicClient({ transport: http(await secondRpcUrl(stack)) });
    const main = createPublicClient({ transport: http(stack.rpcUrl!) });
    const before = {
      second: await second.getBalance({ address: recipient }),
      main: await main.getBalance({ address: recipient }),
    };

    // The devnet wallet starts on the main chain: signing for the second asks it to switch first.
    await ownerWithDevnetWallet(page, stack, 'owner A', `/local2:${team}/new-transaction/send`);
    await page.getByTestId('send-recipient').fill(recipient);
    await page.getByTestId('send-amount').fill('0.0133');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
    await expect(page.getByTestId('review-contract-check')).toContainText('gives the same safeTxHash');
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('details-status')).toHaveText('Awaiting confirmations');
    const detailsPath = new URL(page.url()).pathname;
    expect(detailsPath).toContain(`/local2:${team}/`);

    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', detailsPath);
      await b.page.getByTestId('tx-execute').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
      // Its explorer link opens the explorer on the second chain, which finds it there.
      const link = await b.page.getByTestId('details-explorer-link').getAttribute('href');
      expect(link).toMatch(new RegExp(`/explorer/${secondChainId}/tx/0x[0-9a-f]{64}$`));
      await b.page.goto(link!);
      await expect(b.page.getByTestId('tx-hash')).toHaveText(link!.split('/').at(-1)!);
      await expect(b.page.getByText('on Countersign Devnet 2')).toBeVisible();
      await expect(b.page.getByTestId('tx-status')).toContainText('Success');
      await b.page.getByTestId('tx-to').click();
      await expect(b.page).toHaveURL(new RegExp(`/explorer/${secondChainId}/address/${team}$`, 'i'));
      await b.page.getByTestId('open-safe-link').click();
      await expect(b.page).toHaveURL(`/local2:${team}/home`);
    } finally {
      await b.close();
    }

    expect(await second.getBalance({ address: recipient })).toBe(before.second + parseEther('0.0133'));
    expect(await main.getBalance({ address: recipient })).toBe(before.main);
    await page.goto(`/local2:${team}/transactions/history`);
    await expect(page.getByTestId('tx-row').first()).toContainText('0.0133');
    await page.goto(`/local:${team}/transactions/history`);
    await expect(page.getByTestId('tx-row').first()).toBeVisible();
    await expect(page.getByTestId('tx-row').filter({ hasText: '0.0133' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('countersign.devnet.chain'))).toBe(
      String(secondChainId),
    );
  });

  test('a dapp’s session gains the second chain when it switches there (chainChanged, accountsChanged), and its request on that chain is reviewed on its pages', async ({
    page,
    stack,
  }) => {
    await withDapp(
      stack,
      { name: 'Two-chain dapp', url: 'http://127.0.0.1:9/dapp' },
      async ({ dapp, web }) => {
        const safe = teamSafe(stack);
        const [first, second] = [`eip155:${stack.chainId}`, `eip155:${secondChainId}`];
        const recipient = devAccount(stack, 'recipient').address;
        await ownerWithTestWallet(page, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
        const { uri, approved } = await connect(dapp, {
          optionalNamespaces: {
            eip155: {
              chains: [first, second],
              methods: ['eth_sendTransaction', 'wallet_switchEthereumChain', 'eth_chainId'],
              events: ['chainChanged', 'accountsChanged'],
            },
          },
        });
        await page.getByTestId('dapp-uri').fill(uri!);
        await page.getByTestId('dapp-pair').click();

        // The second chain is offered because its own RPC shows the same account at the address,
        // and given only if the owner ticks it.
        const proposal = page.getByTestId('dapp-proposal');
        const other = proposal.getByTestId('dapp-other-chain');
        await expect(other).toContainText(
          'Countersign Devnet 2 (eip155:1338): the same account: a Safe with the same owners and threshold (2 of 3',
          {
            timeout: 20_000,
          },
        );
        await expect(other.getByRole('checkbox')).not.toBeChecked();
        // The owner gives the first chain only; the dapp's switch later adds the second, if they agree.
        await proposal.getByTestId('dapp-approve').click();
        const session = await approved;
        expect(session.namespaces.eip155!.accounts).toEqual([`${first}:${safe}`]);

        const events: { name: string; data: unknown }[] = [];
        dapp.on('session_event', ({ params }) => events.push(params.event));
        const request = (chainId: string, method: string, params: unknown[]) =>
          dapp.request<unknown>({ topic: session.topic, chainId, request: { method, params } });
        const switching = request(first, 'wallet_switchEthereumChain', [{ chainId: toHex(secondChainId) }]);
        const asked = page.getByTestId('dapp-switch-dialog');
        await expect(asked).toContainText('Two-chain dapp asks to switch to Countersign Devnet 2', {
          timeout: 20_000,
        });
        await asked.getByTestId('dapp-switch-approve').click();
        expect(await switching).toBeNull();
        await expect.poll(() => events).toContainEqual({ name: 'chainChanged', data: secondChainId });
        await expect.poll(() => events).toContainEqual({ name: 'accountsChanged', data: [safe] });
        expect(dapp.session.get(session.topic).namespaces.eip155!.accounts).toEqual([
          `${first}:${safe}`,
          `${second}:${safe}`,
        ]);
        // Back to the first: in the session already, so only chainChanged.
        expect(
          await request(second, 'wallet_switchEthereumChain', [{ chainId: toHex(stack.chainId) }]),
        ).toBeNull();
        await expect.poll(() => events).toContainEqual({ name: 'chainChanged', data: stack.chainId });
        // Reads go to the node of the chain asked.
        expect(await request(second, 'eth_chainId', [])).toBe(toHex(secondChainId));
        // A chain the session does not have is refused.
        await expect(
          request(second, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]),
        ).rejects.toMatchObject({
          code: 4902,
        });

        // A transaction on the second chain, while the owner is on the first chain's pages: pointed there.
        const sending = request(second, 'eth_sendTransaction', [
          { from: safe, to: recipient, value: toHex(parseEther('0.02')), data: '0x' },
        ]);
        const elsewhere = page.getByTestId('dapp-request-elsewhere');
        await expect(elsewhere).toContainText('Request from Two-chain dapp on Countersign Devnet 2', {
          timeout: 20_000,
        });
        await elsewhere.getByTestId('dapp-elsewhere-open').click();
        await expect(page).toHaveURL(new RegExp(`/local2:${safe}/home$`));
        await expect(page.getByRole('dialog', { name: 'Transaction from Two-chain dapp' })).toBeVisible();
        await expect(page.getByTestId('review-action')).toContainText(`Send 0.02 ETH to ${recipient}`);
        const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent()) as Hex;
        await page.getByTestId('review-sign').click();
        expect(await sending).toBe(reviewed);
        const stored = await fetch(
          `${stack.gatewayUrl}/v1/chains/${secondChainId}/transactions/multisig_${safe}_${reviewed}`,
        );
        expect(stored.status).toBe(200);
        expect(((await stored.json()) as { txStatus: string }).txStatus).toBe('AWAITING_CONFIRMATIONS');
        // The session is listed on the second chain's Dapps page too.
        await page.goto(`${web.url}/local2:${safe}/dapps`);
        await expect(page.getByTestId('dapp-session-name')).toHaveText('Two-chain dapp');
      },
    );
  });

  test('a dapp cannot reach another Safe that sits at the same address on another chain: not offered, and its switch refused with the reason', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    // The team Safe on the second chain now needs 1 of 3: owners who changed the threshold there only.
    // Its storage slot 4 holds the threshold (Safe's layout); the stack's snapshot puts it back.
    const second = createPublicClient({ transport: http(await secondRpcUrl(stack)) });
    await second.request({
      method: 'anvil_setStorageAt' as never,
      params: [safe, toHex(4, { size: 32 }), toHex(1, { size: 32 })] as never,
    });
    await withDapp(
      stack,
      { name: 'Two-chain dapp', url: 'http://127.0.0.1:9/dapp' },
      async ({ dapp, web }) => {
        const [first, other] = [`eip155:${stack.chainId}`, `eip155:${secondChainId}`];
        await ownerWithTestWallet(page, stack, 'owner A', `${web.url}/local:${safe}/dapps`);
        const { uri, approved } = await connect(dapp, {
          optionalNamespaces: {
            eip155: {
              chains: [first, other],
              methods: ['eth_sendTransaction', 'wallet_switchEthereumChain'],
              events: ['chainChanged', 'accountsChanged'],
            },
          },
        });
        await page.getByTestId('dapp-uri').fill(uri!);
        await page.getByTestId('dapp-pair').click();
        const proposal = page.getByTestId('dapp-proposal');
        const offered = proposal.getByTestId('dapp-other-chain');
        await expect(offered).toContainText(
          'Countersign Devnet 2 (eip155:1338): a different account (1 of 3',
          {
            timeout: 20_000,
          },
        );
        await expect(offered.getByRole('checkbox')).toBeDisabled();
        await proposal.getByTestId('dapp-approve').click();
        const session = await approved;
        expect(session.namespaces.eip155!.accounts).toEqual([`${first}:${safe}`]);

        await expect(
          dapp.request({
            topic: session.topic,
            chainId: first,
            request: { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(secondChainId) }] },
          }),
        ).rejects.toMatchObject({
          code: 4902,
          message: `${getAddress(safe)} on Countersign Devnet 2 is a different account: the Safe there has other owners or another threshold, so it is not offered to the dapp.`,
        });
        await expect(page.getByTestId('dapp-switch-dialog')).toHaveCount(0);
        expect(dapp.session.get(session.topic).namespaces.eip155!.accounts).toEqual([`${first}:${safe}`]);
      },
    );
  });
});
