import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAbi, type Address } from 'viem';
import {
  devAccounts,
  devnetClients,
  executeSafeTx,
  startDevnet,
  type Devnet,
  type DevnetClients,
} from '@countersign/devnet';
import { onChainSignedMessageKey, signMessageOnChainCall } from '@countersign/safe-core';
import { safeAcceptsSignature } from './chainAnswers';
import { mapDappRequest } from './requests';

/**
 * A dapp's message signed on chain, for real: the SignMessageLib call Countersign drafts, executed
 * by the demo's 1-of-1 Safe on a fresh devnet; then the Safe's own isValidSignature accepts the
 * empty signature for the hash the dapp checks (what the dapp is answered once it does).
 */
let devnet: Devnet;
let clients: DevnetClients;
let solo: Address;
let team: Address;
const soloOwner = devAccounts()[4]!.account;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  clients = devnetClients(1337, devnet.rpcUrl);
  team = devnet.manifest.safes[0]!.address as Address;
  solo = devnet.manifest.safes[1]!.address as Address;
  expect(devnet.manifest.safes[1]!.owners).toEqual([soloOwner.address]);
});
afterAll(() => devnet?.stop());

const signedHashOf = (method: string, params: unknown[]) => {
  const mapped = mapDappRequest(
    { method, params, chainId: 'eip155:1337' },
    { safe: solo, chainId: 1337, dapp: { name: 'Dapp', url: 'https://dapp.example' } },
  );
  if (mapped.kind !== 'message') throw new Error(`not a message: ${JSON.stringify(mapped)}`);
  return mapped.signedHash;
};

const signedMessagesAbi = parseAbi(['function signedMessages(bytes32) view returns (uint256)']);

describe('a dapp’s message signed on chain through SignMessageLib', () => {
  it.each([
    ['personal_sign', () => signedHashOf('personal_sign', ['0x68656c6c6f206f6e20636861696e', solo])],
    [
      'eth_signTypedData_v4',
      () =>
        signedHashOf('eth_signTypedData_v4', [
          solo,
          JSON.stringify({
            domain: { name: 'Dapp', version: '1', chainId: 1337, verifyingContract: solo },
            primaryType: 'Mail',
            types: { Mail: [{ name: 'contents', type: 'string' }] },
            message: { contents: 'Signed on chain' },
          }),
        ]),
    ],
  ])(
    '%s: the Safe accepts 0x for the dapp’s hash once the transaction is executed',
    async (_method, hashOf) => {
      const hash = hashOf();
      const accepts = (safe: Address) =>
        safeAcceptsSignature({ rpcUrl: devnet.rpcUrl, safe, hash, signature: '0x' });
      expect(await accepts(solo)).toBe(false);

      const call = signMessageOnChainCall(hash);
      const executed = await executeSafeTx(clients, {
        safe: solo,
        executor: soloOwner.address,
        approvals: [{ owner: soloOwner, method: 'eip712' }],
        tx: { to: call.to, value: call.value, data: call.data, operation: call.operation },
      });
      expect(executed.success).toBe(true);

      // The Safe's own storage, at the key the SafeMessage hashing here predicts.
      expect(
        await clients.public.readContract({
          address: solo,
          abi: signedMessagesAbi,
          functionName: 'signedMessages',
          args: [onChainSignedMessageKey({ chainId: 1337, safe: solo, contentHash: hash })],
        }),
      ).toBe(1n);
      expect(await accepts(solo)).toBe(true);
      // Another Safe, or another message, is not signed by it.
      expect(await accepts(team)).toBe(false);
      expect(
        await safeAcceptsSignature({
          rpcUrl: devnet.rpcUrl,
          safe: solo,
          hash: signedHashOf('personal_sign', ['0x6f74686572', solo]),
          signature: '0x',
        }),
      ).toBe(false);
    },
  );
});
