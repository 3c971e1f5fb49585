import { parseEther, type Address, type Hex } from 'viem';
import {
  addOwnerCall,
  buildSafeTx,
  changeThresholdCall,
  encodeMultiSend,
  safe141,
} from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import {
  callItAThresholdChange,
  thresholdChangeDecoded,
  webAppOnHostileGateway,
  type HostileGateway,
} from '../hostileGateway';
import { devAccount, ownerWithTestWallet, teamSafe } from '../owners';
import { proposeAsOwnerA } from '../proposals';
import type { E2eStack } from '../stack';

/*
 * The web app against a gateway that lies, one lie per test: the real local gateway behind a proxy
 * that rewrites one kind of answer. Whatever the gateway says, what an owner signs is decided from
 * the bytes and the chain, and a lie is named before anything can be signed.
 */

const attacker: Address = '0x000000000000000000000000000000000000bEEF';

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The details of one transaction, as the hostile gateway rewrites them. */
const detailsPath = (stack: E2eStack, txId: string) => `/v1/chains/${stack.chainId}/transactions/${txId}`;

async function confirmations(stack: E2eStack, txId: string): Promise<number> {
  const response = await fetch(`${stack.gatewayUrl}${detailsPath(stack, txId)}`);
  const details = (await response.json()) as Json;
  return details.detailedExecutionInfo.confirmations.length as number;
}

test.describe('A hostile gateway', () => {
  test.setTimeout(90_000);
  let app: Awaited<ReturnType<typeof webAppOnHostileGateway>>;
  let gateway: HostileGateway;
  test.beforeEach(async ({ stack }) => {
    app = await webAppOnHostileGateway(stack.gatewayUrl);
    gateway = app.gateway;
  });
  test.afterEach(async () => app.stop());

  test('calls an added owner "change threshold": the page says what the bytes do, and confirming needs an acknowledgement', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    const owners = stack.safes[0]!.owners as Address[];
    const { txId } = await proposeAsOwnerA(stack, (nonce) =>
      buildSafeTx({ to: safe, data: addOwnerCall(owners, attacker, 1n), nonce }),
    );
    callItAThresholdChange(gateway, detailsPath(stack, txId));
    await ownerWithTestWallet(page, stack, 'owner B', `${app.web.url}/local:${safe}/transactions/${txId}`);

    const alert = page.getByTestId('claim-mismatch');
    await expect(alert).toBeVisible();
    // Not the gateway's "Change threshold" as the page's heading either.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Description disputed');
    await expect(alert).toContainText('Change threshold to 2');
    await expect(alert.getByTestId('bytes-words')).toContainText(
      `Add owner ${attacker} and set the threshold to 1`,
    );
    await expect(alert.getByTestId('claim-mismatches')).toContainText('changeThreshold(2)');
    await expect(alert.getByTestId('claim-mismatches')).toContainText('addOwnerWithThreshold');
    await expect(page.getByTestId('claim-verified')).toHaveCount(0);

    // Confirming takes a separate, explicit acknowledgement; without it nothing is signed.
    const confirm = page.getByTestId('tx-confirm');
    await expect(confirm).toBeDisabled();
    expect(await confirmations(stack, txId)).toBe(1);
    await page.getByTestId('claim-acknowledge').check();
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect.poll(() => confirmations(stack, txId)).toBe(2);
  });

  test('describes one part of a batch differently: the part is named', async ({ page, stack }) => {
    const safe = teamSafe(stack);
    const owners = stack.safes[0]!.owners as Address[];
    const recipient = devAccount(stack, 'recipient').address;
    const parts = [
      { to: recipient, value: parseEther('0.01'), data: '0x' as Hex, operation: 0 as const },
      { to: safe, value: 0n, data: addOwnerCall(owners, attacker, 1n), operation: 0 as const },
    ];
    const { txId } = await proposeAsOwnerA(stack, (nonce) =>
      buildSafeTx({ to: safe141.multiSendCallOnly, data: encodeMultiSend(parts), operation: 1, nonce }),
    );
    gateway.lie('GET', detailsPath(stack, txId), (body) => {
      const details = body as Json;
      const entry = details.txData.dataDecoded.parameters[0].valueDecoded[1];
      entry.data = changeThresholdCall(3, 2n);
      entry.dataDecoded = thresholdChangeDecoded;
      return details;
    });
    await ownerWithTestWallet(page, stack, 'owner B', `${app.web.url}/local:${safe}/transactions/${txId}`);
    const alert = page.getByTestId('claim-mismatch');
    await expect(alert.getByTestId('claim-mismatches')).toContainText(
      'Action 2 of the batch, its call: the gateway says changeThreshold(2)',
    );
    await expect(alert.getByTestId('call-words')).toHaveCount(2);
    await expect(alert.getByTestId('call-words').nth(1)).toContainText(`Add owner ${attacker}`);
    await expect(page.getByTestId('tx-confirm')).toBeDisabled();
  });

  test('answers with a transaction of another Safe: refused, nothing to sign', async ({ page, stack }) => {
    const safe = teamSafe(stack);
    const { txId } = await proposeAsOwnerA(stack, (nonce) =>
      buildSafeTx({ to: devAccount(stack, 'recipient').address, value: parseEther('0.01'), nonce }),
    );
    const otherSafe = '0x2222222222222222222222222222222222222222';
    gateway.lie('GET', detailsPath(stack, txId), (body) => ({ ...(body as Json), safeAddress: otherSafe }));
    await ownerWithTestWallet(page, stack, 'owner B', `${app.web.url}/local:${safe}/transactions/${txId}`);
    await expect(page.getByTestId('claim-other-safe')).toContainText(otherSafe);
    await expect(page.getByTestId('tx-actions-mismatch')).toBeVisible();
    await expect(page.getByTestId('tx-confirm')).toHaveCount(0);
  });

  test('fails a proposal on the way: the signature is kept, and Try again does not ask the wallet', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    gateway.refuse('POST', `/v1/chains/${stack.chainId}/transactions/${safe}/propose`, {
      status: 503,
      times: 1,
    });
    const wallet = await ownerWithTestWallet(
      page,
      stack,
      'owner A',
      `${app.web.url}/local:${safe}/new-transaction/send`,
    );
    await page.getByTestId('send-recipient').fill(devAccount(stack, 'recipient').address);
    await page.getByTestId('send-amount').fill('0.02');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('review-contract-check')).toContainText('gives the same safeTxHash');
    const signing = () =>
      wallet.typedDataRequests.filter((request) => request.primaryType === 'SafeTx').length;

    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('review-error')).toContainText('Your signature is kept');
    expect(signing()).toBe(1);
    await page.getByTestId('review-sign').click();
    await expect(page.getByTestId('transaction-details')).toBeVisible();
    expect(signing()).toBe(1);
    const proposals = gateway.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/propose'),
    );
    expect(proposals).toHaveLength(2);
  });

  test('inflates the nonce and lists owners the chain does not have: the review goes by the chain', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    const real = (await (
      await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${safe}/nonces`)
    ).json()) as {
      currentNonce: number;
      recommendedNonce: number;
    };
    gateway.lie('GET', `/v1/chains/${stack.chainId}/safes/${safe}/nonces`, (body) => ({
      ...(body as Json),
      recommendedNonce: 1_000_009,
    }));
    gateway.lie('GET', `/v1/chains/${stack.chainId}/safes/${safe}`, (body) => {
      const info = body as Json;
      // Owner A is left out and an attacker put in: the chain, not this list, says who signs.
      const ownerA = devAccount(stack, 'owner A').address.toLowerCase();
      info.owners = [
        ...info.owners.filter((owner: { value: string }) => owner.value.toLowerCase() !== ownerA),
        { value: attacker, name: null, logoUri: null },
      ];
      return info;
    });
    await ownerWithTestWallet(page, stack, 'owner A', `${app.web.url}/local:${safe}/new-transaction/send`);
    await page.getByTestId('send-recipient').fill(devAccount(stack, 'recipient').address);
    await page.getByTestId('send-amount').fill('0.01');
    await page.getByTestId('form-continue').click();
    await expect(page.getByTestId('tx-review')).toBeVisible();

    await expect(page.getByTestId('safe-state-disagrees')).toContainText('Owners');
    await expect(page.getByTestId('safe-state-disagrees')).toContainText(attacker);
    // Owner A signs as the owner the Safe contract says it is.
    await expect(page.getByTestId('review-sign')).toBeVisible();
    await expect(page.getByTestId('signer-notice')).toHaveCount(0);
    // The default is the chain's nonce past the queue's contiguous run, as the real gateway counts it.
    await expect(page.getByTestId('review-nonce')).toHaveValue(String(real.recommendedNonce));
    await expect(page.getByTestId('review-nonce')).not.toHaveValue('1000009');
    await page.getByTestId('review-nonce').fill('1000009');
    await expect(page.getByTestId('warning-nonce-skips')).toBeVisible();
  });
});
