import { createGatewayClient, proposalBody } from '@countersign/gateway-api';
import {
  buildSafeTx,
  hashSafeTx,
  safeMessageContentHash,
  safeMessageTypedData,
  safeTxTypedData,
  toEthSignSignature,
  type SafeTx,
} from '@countersign/safe-core';
import { parseEther, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { devAccounts } from './accounts';
import type { DevnetManifest } from './manifest';

/**
 * The off-chain part of the demo, posted through the gateway's own API as a wallet would: on the
 * 2-of-3 Safe, a payment at the current nonce signed by one owner of two, and two conflicting
 * proposals at the next nonce (another payment, and an on-chain rejection); and an off-chain message
 * signed by one owner of two. Idempotent: a part already in the gateway (a start that failed half-way
 * through seeding, or one whose marker was lost) is not posted again.
 */
export async function seedOffchainDemo(manifest: DevnetManifest, gatewayUrl: string): Promise<void> {
  const client = createGatewayClient({ baseUrl: gatewayUrl });
  const team = manifest.safes[0]?.address as Address | undefined;
  if (!team) throw new Error('The manifest has no demo Safe');
  const chainId = String(manifest.chainId);
  const accounts = devAccounts();
  const account = (index: number) => {
    const found = accounts[index];
    if (!found) throw new Error(`No dev account ${index}`);
    return found.account;
  };
  const [ownerA, ownerB, ownerC] = [account(1), account(2), account(3)];
  const recipient = account(8).address;
  const proposeTransactions = async () => {
    const { currentNonce } = await client.getNonces({ chainId, safeAddress: team });
    const nonce = BigInt(currentNonce);

    const propose = async (tx: SafeTx, owner: HDAccount, signature: Hex, note: string) =>
      client.proposeTransaction({
        chainId,
        safeAddress: team,
        body: proposalBody(tx, {
          safeTxHash: hashSafeTx({ chainId: manifest.chainId, safe: team, tx }),
          sender: owner.address,
          signature,
          origin: JSON.stringify({ name: 'Countersign demo', note }),
        }),
      });
    const typedSignature = (owner: HDAccount, tx: SafeTx) =>
      owner.signTypedData(safeTxTypedData({ chainId: manifest.chainId, safe: team, tx }));

    const rent = buildSafeTx({ to: recipient, value: parseEther('0.3'), nonce });
    await propose(rent, ownerA, await typedSignature(ownerA, rent), 'Office rent');

    const bonus = buildSafeTx({ to: recipient, value: parseEther('1'), nonce: nonce + 1n });
    await propose(bonus, ownerB, await typedSignature(ownerB, bonus), 'Year-end bonus');

    const rejection = buildSafeTx({ to: team, nonce: nonce + 1n });
    const raw = await ownerC.signMessage({
      message: { raw: hashSafeTx({ chainId: manifest.chainId, safe: team, tx: rejection }) },
    });
    await propose(rejection, ownerC, toEthSignSignature(raw), 'Reject the bonus');
  };

  const proposeMessage = async () => {
    const message = 'Countersign demo: we, the owners, approve the 2027 budget.';
    await client.proposeMessage({
      chainId,
      safeAddress: team,
      body: {
        message,
        signature: await ownerA.signTypedData(
          safeMessageTypedData({
            chainId: manifest.chainId,
            safe: team,
            message: safeMessageContentHash(message),
          }),
        ),
        origin: JSON.stringify({ name: 'Countersign demo' }),
      },
    });
  };

  const [queue, messages] = await Promise.all([
    client.getQueue({ chainId, safeAddress: team }),
    client.getMessages({ chainId, safeAddress: team }),
  ]);
  if (!queue.results.some((item) => item.type === 'TRANSACTION')) await proposeTransactions();
  if (!messages.results.some((item) => item.type === 'MESSAGE')) await proposeMessage();
}
