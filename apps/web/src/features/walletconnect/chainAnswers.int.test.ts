import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import { devAccounts, startDevnet, type Devnet } from '@countersign/devnet';
import {
  combineConfirmations,
  safeMessageContentHash,
  safeMessageTypedData,
  type SafeMessageContent,
} from '@countersign/safe-core';
import { safeAcceptsSignature } from './chainAnswers';
import { mapDappRequest } from './requests';

/**
 * The check made before a dapp gets the Safe's signature, for real: the demo's 2-of-3 Safe on a
 * fresh devnet, asked through the chain's RPC about the hash the dapp's request says it will check.
 */
let devnet: Devnet;
let team: Address;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  team = devnet.manifest.safes[0]!.address as Address;
});
afterAll(() => devnet?.stop());

/** What the Safe's message flow has the owners sign for `content`, combined as the gateway prepares it. */
async function safeSignature(content: SafeMessageContent): Promise<Hex> {
  const typedData = safeMessageTypedData({
    chainId: 1337,
    safe: team,
    message: safeMessageContentHash(content),
  });
  return combineConfirmations([
    { owner: ownerA.address, signature: await ownerA.signTypedData(typedData) },
    { owner: ownerB.address, signature: await ownerB.signTypedData(typedData) },
  ]);
}

const requestOf = (method: string, params: unknown[]) => {
  const mapped = mapDappRequest(
    { method, params, chainId: 'eip155:1337' },
    { safe: team, chainId: 1337, dapp: { name: 'Dapp', url: 'https://dapp.example' } },
  );
  if (mapped.kind !== 'message') throw new Error(`not a message: ${JSON.stringify(mapped)}`);
  return mapped;
};

describe('safeAcceptsSignature', () => {
  it('accepts the owners’ signature for the hash a personal_sign or eth_sign dapp checks', async () => {
    for (const request of [
      requestOf('personal_sign', ['0x68656c6c6f2064617070', team]),
      requestOf('eth_sign', [team, '0x68656c6c6f2064617070']),
    ]) {
      const signature = await safeSignature(request.content as string);
      expect(
        await safeAcceptsSignature({
          rpcUrl: devnet.rpcUrl,
          safe: team,
          hash: request.signedHash,
          signature,
        }),
      ).toBe(true);
    }
  });

  it('accepts the owners’ signature for typed data', async () => {
    const typed = {
      domain: { name: 'Dapp', version: '1', chainId: 1337, verifyingContract: team },
      primaryType: 'Mail',
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      message: { contents: 'Hello' },
    };
    const request = requestOf('eth_signTypedData_v4', [team, JSON.stringify(typed)]);
    const signature = await safeSignature(request.content as SafeMessageContent);
    expect(
      await safeAcceptsSignature({ rpcUrl: devnet.rpcUrl, safe: team, hash: request.signedHash, signature }),
    ).toBe(true);
  });

  it('refuses a signature of another message, too few owners, garbage, or an RPC that does not answer', async () => {
    const request = requestOf('personal_sign', ['0x68656c6c6f', team]);
    const check = (signature: string, rpcUrl = devnet.rpcUrl) =>
      safeAcceptsSignature({ rpcUrl, safe: team, hash: request.signedHash, signature });
    expect(await check(await safeSignature('another message'))).toBe(false);
    const typedData = safeMessageTypedData({ chainId: 1337, safe: team, message: request.signedHash });
    expect(
      await check(
        combineConfirmations([{ owner: ownerA.address, signature: await ownerA.signTypedData(typedData) }]),
      ),
    ).toBe(false);
    expect(await check('not hex')).toBe(false);
    expect(await check(await safeSignature('hello'), 'http://127.0.0.1:9')).toBe(false);
    // The same signature, asked of a node that answers, is the Safe's.
    expect(await check(await safeSignature('hello'))).toBe(true);
  });
});
