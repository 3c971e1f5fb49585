import { randomBytes } from 'node:crypto';
import { startWebServer } from '@countersign/web/server';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  formatEther,
  formatGwei,
  getAddress,
  http,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../fixtures';
import type { E2eStack } from '../stack';

function devAccount(stack: E2eStack, role: string) {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No dev account with role ${role}`);
  return { ...account, address: getAddress(account.address) };
}

function devnetClients(stack: E2eStack, privateKey: `0x${string}`) {
  const chain = defineChain({
    id: stack.chainId,
    name: 'Countersign Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [stack.rpcUrl!] } },
  });
  return {
    reader: createPublicClient({ chain, transport: http(stack.rpcUrl) }),
    sender: createWalletClient({
      account: privateKeyToAccount(privateKey),
      chain,
      transport: http(stack.rpcUrl),
    }),
  };
}

/** The gateway's explorer template for the devnet, filled in: the link every explorer button follows. */
async function gatewayExplorerTxUrl(stack: E2eStack, hash: string): Promise<string> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}`);
  expect(response.ok).toBe(true);
  const chain = (await response.json()) as { blockExplorerUriTemplate: { txHash: string } };
  return chain.blockExplorerUriTemplate.txHash.replace('{{txHash}}', hash);
}

test.describe('Devnet explorer', () => {
  test('shows a transfer made on the devnet, then its sender', async ({ page, stack }) => {
    const ownerE = devAccount(stack, 'owner E');
    const recipient = devAccount(stack, 'recipient');
    const { reader, sender } = devnetClients(stack, ownerE.privateKey);
    const hash = await sender.sendTransaction({ to: recipient.address, value: parseEther('0.0123') });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');

    const txUrl = await gatewayExplorerTxUrl(stack, hash);
    expect(txUrl).toBe(`${stack.webUrl}/explorer/tx/${hash}`);
    await page.goto(txUrl);
    await expect(page.getByTestId('tx-hash')).toHaveText(hash);
    await expect(page.getByTestId('tx-status')).toHaveText('Success');
    await expect(page.getByTestId('tx-block')).toHaveText(receipt.blockNumber.toString());
    await expect(page.getByTestId('tx-from')).toHaveText(ownerE.address);
    await expect(page.getByTestId('tx-to')).toHaveText(recipient.address);
    await expect(page.getByTestId('tx-to')).toHaveAttribute('href', `/explorer/address/${recipient.address}`);
    await expect(page.getByTestId('tx-value')).toHaveText('0.0123 ETH');
    await expect(page.getByTestId('tx-gas-used')).toHaveText('21000');
    await expect(page.getByTestId('tx-gas-price')).toHaveText(
      `${formatGwei(receipt.effectiveGasPrice)} gwei`,
    );
    await expect(page.getByTestId('tx-log-count')).toHaveText('0');

    await page.getByTestId('tx-from').click();
    await expect(page).toHaveURL(`${stack.webUrl}/explorer/address/${ownerE.address}`);
    await expect(page.getByTestId('explorer-address')).toHaveText(ownerE.address);
    await expect(page.getByTestId('address-kind')).toHaveText('Account (no code)');
    const nonce = await reader.getTransactionCount({ address: ownerE.address });
    expect(nonce).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('address-nonce')).toHaveText(String(nonce));
    const balance = await reader.getBalance({ address: ownerE.address });
    await expect(page.getByTestId('address-balance')).toHaveText(`${formatEther(balance)} ETH`);
    // An account is never offered as a Safe.
    await expect(page.getByTestId('open-safe-link')).toHaveCount(0);
  });

  test("opens a Safe's address page from its overview, and the Safe again from there", async ({
    page,
    stack,
  }) => {
    const team = stack.safes[0]!;
    const { reader } = devnetClients(stack, devAccount(stack, 'owner E').privateKey);
    const code = await reader.getCode({ address: getAddress(team.address) });
    const codeBytes = (code!.length - 2) / 2;
    expect(codeBytes).toBeGreaterThan(0);
    const nonce = await reader.getTransactionCount({ address: getAddress(team.address) });

    await page.goto(`/local:${team.address}/home`);
    const explorerOpened = page.waitForEvent('popup');
    await page.getByTestId('safe-header').getByRole('link', { name: 'View on block explorer' }).click();
    const explorer = await explorerOpened;

    await expect(explorer).toHaveURL(`${stack.webUrl}/explorer/address/${team.address}`);
    await expect(explorer.getByTestId('explorer-address')).toHaveText(team.address);
    await expect(explorer.getByTestId('address-kind')).toHaveText(`Contract (${codeBytes} bytes of code)`);
    await expect(explorer.getByTestId('address-nonce')).toHaveText(String(nonce));
    await explorer.getByTestId('open-safe-link').click();
    await expect(explorer).toHaveURL(`${stack.webUrl}/local:${team.address}/home`);
    await expect(explorer.getByTestId('overview-threshold')).toHaveText('2 of 3');
  });
});

test.describe('Devnet explorer: clear messages for what cannot be shown', () => {
  test('a malformed address', async ({ page }) => {
    await page.goto('/explorer/address/0x1234');
    await expect(page.getByRole('alert')).toContainText('Invalid address');
    await expect(page.getByRole('alert')).toContainText(
      '"0x1234" is not a valid address: an address is 0x followed by 40 hexadecimal characters.',
    );
  });

  test('a malformed transaction hash', async ({ page }) => {
    await page.goto('/explorer/tx/0xabc');
    await expect(page.getByRole('alert')).toContainText(
      '"0xabc" is not a valid transaction hash: a hash is 0x followed by 64 hexadecimal characters.',
    );
  });

  test('a hash the devnet does not know', async ({ page }) => {
    const unknown = `0x${randomBytes(32).toString('hex')}`;
    await page.goto(`/explorer/tx/${unknown}`);
    await expect(page.getByRole('alert')).toContainText('Transaction not found');
    await expect(page.getByRole('alert')).toContainText(
      `Transaction ${unknown} was not found on this chain (Countersign Devnet).`,
    );
  });

  test('a web app that serves no devnet', async ({ page, stack }) => {
    const web = await startWebServer({ port: 0, gatewayUrl: stack.gatewayUrl });
    try {
      await page.goto(`${web.url}/explorer/address/${devAccount(stack, 'owner E').address}`);
      const devnetOnly = page.getByRole('alert').filter({
        hasText: 'This explorer serves the local devnet only, and this web app does not serve a devnet.',
      });
      await expect(devnetOnly).toBeVisible();
      await expect(page.getByTestId('address-balance')).toHaveCount(0);
    } finally {
      await web.close();
    }
  });
});
