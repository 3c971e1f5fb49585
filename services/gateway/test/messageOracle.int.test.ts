import Safe, { hashSafeMessage } from '@safe-global/protocol-kit';
import { devAccounts } from '@countersign/devnet';
import { createGatewayClient, type SafeMessage, type TypedData } from '@countersign/gateway-api';
import {
  combineConfirmations,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
  type SafeMessageContent,
} from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/**
 * protocol-kit, Safe's own SDK, as an independent oracle for signing Safe messages: it hashes the
 * SafeMessage as safe-core and the gateway do, its owners' signatures are the ones safe-core's typed
 * data gives, and the Safe accepts (through protocol-kit's isValidSignature, both forms) the
 * signature the gateway prepares and the one safe-core combines from the confirmations.
 */
let local: LocalGateway;
let team: Address;
let client: ReturnType<typeof createGatewayClient>;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!, accounts[2]!];

beforeAll(async () => {
  local = await startLocalGateway();
  team = local.devnet.manifest.safes[0]!.address as Address;
  client = createGatewayClient({ baseUrl: local.gateway.url });
});
afterAll(() => local?.stop());

/** protocol-kit connected to the demo's 2-of-3 Safe, signing as `owner`. */
const kitOf = (owner: (typeof accounts)[number]) =>
  Safe.init({ provider: local.devnet.rpcUrl, signer: owner.privateKey, safeAddress: team });

type KitMessage = Parameters<Safe['createMessage']>[0];

/**
 * The message of each kind, made once the devnet has given the Safe's address: as the gateway takes
 * it, and as protocol-kit does. protocol-kit would take the first type for a missing primaryType (and
 * sets it on the object it is given): it gets its own copy, primaryType included.
 */
function messageOf(kind: 'text' | 'typed data'): { content: string | TypedData; kit: KitMessage } {
  if (kind === 'text') {
    const text = 'Countersign oracle: the owners approve the 2027 budget.';
    return { content: text, kit: text };
  }
  const types = {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Order: [
      { name: 'maker', type: 'Person' },
      { name: 'amounts', type: 'uint256[]' },
      { name: 'payload', type: 'bytes' },
    ],
  };
  const message = {
    maker: { name: 'Owner A', wallet: ownerA.account.address },
    amounts: ['1', '1000000000000000000'],
    payload: '0xdeadbeef',
  };
  const domain = { name: 'Countersign oracle', version: '1', chainId: 1337, verifyingContract: team };
  return {
    content: { domain, primaryType: 'Order', types, message },
    kit: structuredClone({ domain, primaryType: 'Order', types, message }),
  };
}

describe.each(['text', 'typed data'] as const)(
  'a %s message signed by two owners of the 2-of-3 Safe',
  (kind) => {
    let content: string | TypedData;
    let message: SafeMessageContent;
    let kitMessage: KitMessage;
    beforeAll(() => {
      ({ content, kit: kitMessage } = messageOf(kind));
      message = content as SafeMessageContent;
    });

    it('protocol-kit computes the same message hash and SafeMessage hash as safe-core', async () => {
      const kit = await kitOf(ownerA);
      const contentHash = safeMessageContentHash(message);
      expect(hashSafeMessage(kitMessage)).toBe(contentHash);
      expect(await kit.getSafeMessageHash(contentHash)).toBe(
        safeMessageHash({ chainId: 1337, safe: team, message }),
      );
    });

    it('an owner’s signature from protocol-kit is the one safe-core’s SafeMessage typed data gives', async () => {
      const kit = await kitOf(ownerB);
      const signed = await kit.signMessage(kit.createMessage(kitMessage), 'eth_signTypedData_v4');
      const ours = await ownerB.account.signTypedData(
        safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(message) }),
      );
      expect(signed.getSignature(ownerB.account.address)?.data).toBe(ours);
    });

    it('reaches CONFIRMED on the gateway, and the Safe accepts the combined signature', async () => {
      const contentHash = safeMessageContentHash(message);
      const typedData = safeMessageTypedData({ chainId: 1337, safe: team, message: contentHash });
      const messageHash = safeMessageHash({ chainId: 1337, safe: team, message });
      await client.proposeMessage({
        chainId: '1337',
        safeAddress: team,
        body: {
          message: content,
          signature: await ownerA.account.signTypedData(typedData),
          safeAppId: null,
          origin: JSON.stringify({ name: 'Countersign', url: 'http://127.0.0.1' }),
        },
      });
      const kit = await kitOf(ownerA);
      const first = await client.getMessage({ chainId: '1337', messageHash });
      expect(first.status).toBe('NEEDS_CONFIRMATION');
      // One owner of two: the Safe does not count it as signed.
      expect(
        await kit.isValidSignature(contentHash, combineConfirmations(first.confirmations.map(confirmation))),
      ).toBe(false);

      await client.confirmMessage({
        chainId: '1337',
        messageHash,
        signature: await ownerB.account.signTypedData(typedData),
      });
      const confirmed = await client.getMessage({ chainId: '1337', messageHash });
      expect(confirmed).toMatchObject({
        status: 'CONFIRMED',
        confirmationsSubmitted: 2,
        confirmationsRequired: 2,
      });
      const combined = combineConfirmations(confirmed.confirmations.map(confirmation));
      expect(combined).toBe(confirmed.preparedSignature);
      expect(await kit.isValidSignature(contentHash, confirmed.preparedSignature as Hex)).toBe(true);
      expect(await kit.isValidSignature(hashSafeMessage(kitMessage), combined)).toBe(true);
    });
  },
);

function confirmation(c: SafeMessage['confirmations'][number]) {
  return { owner: c.owner.value, signature: c.signature };
}
