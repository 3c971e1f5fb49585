import { safeAbi } from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import { ownerWithTestWallet } from '../owners';
import { addressOf, deployDevSafe, fundAndServe, proposePayment } from '../nestedFamily';

/**
 * An owner confirms with a transaction instead of a signature: owner B's approveHash, sent from B's
 * own account, becomes B's confirmation on the gateway (v = 1), and the Safe executes with it.
 */
test('owner B approves on chain instead of signing; the approval counts and the Safe executes', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const { safe, chain } = await deployDevSafe(stack, [
    addressOf(stack, 'owner A'),
    addressOf(stack, 'owner B'),
  ]);
  await fundAndServe(stack, safe);
  const { txId, safeTxHash } = await proposePayment(stack, safe, 'owner A');
  const ownerB = addressOf(stack, 'owner B');

  await ownerWithTestWallet(
    page,
    stack,
    'owner B',
    `/local:${safe}/transactions/${encodeURIComponent(txId)}`,
  );
  await expect(page.getByTestId('details-confirmation')).toHaveCount(1);
  await page.getByTestId('tx-approve-on-chain').click();
  await expect(page.getByTestId('details-confirmation')).toHaveCount(2, { timeout: 30_000 });
  expect(
    await chain.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'approvedHashes',
      args: [ownerB, safeTxHash],
    }),
  ).toBe(1n);
  // The approval is B's confirmation everywhere: the gateway lists it, and the Safe executes with it.
  await expect(page.getByTestId('tx-approve-on-chain')).toHaveCount(0);
  await page.getByTestId('tx-execute').click();
  await expect(page.getByTestId('details-status')).toHaveText('Executed', { timeout: 60_000 });
  expect(await chain.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(1n);
});
