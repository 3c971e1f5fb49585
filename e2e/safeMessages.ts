import { hashMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { safeMessageHash, safeMessageTypedData } from '@countersign/safe-core';
import { expect } from './fixtures';
import type { Browser } from '@playwright/test';
import { devAccount, installTestWallet, secondOwner, teamSafe } from './owners';
import { connectFromPage, TEST_WALLET } from './signIn';
import type { E2eStack } from './stack';

/**
 * Proposes a text message on the team Safe through the gateway's API, signed by the dev account of
 * `role`, and waits until the gateway serves it; answers its messageHash.
 */
export async function proposeTextMessage(stack: E2eStack, role: string, text: string): Promise<Hex> {
  const team = teamSafe(stack);
  const owner = privateKeyToAccount(devAccount(stack, role).privateKey);
  const signature = await owner.signTypedData(
    safeMessageTypedData({ chainId: stack.chainId, safe: team, message: hashMessage(text) }),
  );
  const proposed = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${team}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: text, signature }),
  });
  expect(proposed.status, await proposed.clone().text()).toBe(202);
  const messageHash = safeMessageHash({ chainId: stack.chainId, safe: team, message: text });
  // The gateway indexes asynchronously.
  await expect
    .poll(
      async () =>
        (await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/messages/${messageHash}`)).status,
    )
    .toBe(200);
  return messageHash;
}

/**
 * The owner of `role` confirms a message of the team Safe on its page, in a browser of their own
 * (their test wallet, verified), and the gateway takes the signature.
 */
export async function confirmMessageInBrowser(
  browser: Browser,
  stack: E2eStack,
  role: string,
  messageHash: string,
) {
  const owner = await secondOwner(browser, stack);
  try {
    await installTestWallet(owner.page, stack, role);
    await owner.page.goto(`/local:${teamSafe(stack)}/messages/${messageHash}`);
    await connectFromPage(owner.page, TEST_WALLET);
    await expect(owner.page.getByTestId('signer-owner')).toBeVisible();
    const confirmed = owner.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/messages/${messageHash}/signatures`),
    );
    await owner.page.getByTestId('confirm-message').click();
    expect((await confirmed).status()).toBe(200);
  } finally {
    await owner.close();
  }
}
