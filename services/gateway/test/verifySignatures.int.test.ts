import { devAccounts, devnetChain, startDevnet, type Devnet } from '@countersign/devnet';
import { approvedHashSignature, SafeSignatureError } from '@countersign/safe-core';
import {
  concat,
  createPublicClient,
  http,
  keccak256,
  pad,
  stringToBytes,
  type Address,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maxDynamicSignatureBytes,
  NotAnOwnerError,
  verifySafeSignatures,
} from '../src/safes/verifySignatures';

/**
 * What a signature blob may make the gateway do on chain: nothing for a signer who is not an owner,
 * nothing for a blob too long for the Safe. Counted on the real node, request by request.
 */
let devnet: Devnet;
let client: PublicClient;
let team: Address;
const calls: string[] = [];
const accounts = devAccounts();
const [ownerA, ownerB, ownerC] = [accounts[1]!.account, accounts[2]!.account, accounts[3]!.account];
const owners = [ownerA.address, ownerB.address, ownerC.address];
const hash = keccak256(stringToBytes('a SafeTx'));

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  team = devnet.manifest.safes[0]!.address as Address;
  client = createPublicClient({
    chain: devnetChain(devnet.manifest.chainId, devnet.rpcUrl),
    transport: http(devnet.rpcUrl, {
      retryCount: 0,
      onFetchRequest: async (request) => {
        const body = (await request.clone().json()) as { method: string } | { method: string }[];
        for (const call of Array.isArray(body) ? body : [body]) calls.push(call.method);
      },
    }),
  }) as PublicClient;
});
afterAll(() => devnet?.stop());

async function verify(signatures: `0x${string}`) {
  calls.length = 0;
  const result = await verifySafeSignatures(client, {
    safe: team,
    version: null,
    hash,
    preimage: '0x',
    signatures,
    owners,
  }).catch((error: unknown) => error);
  return { result, calls: [...calls] };
}

/** A contract signature (v = 0) claimed for `signer`, with `data` as what its isValidSignature is asked about. */
const contractSignature = (signer: Address, data: `0x${string}`) =>
  concat([pad(signer, { size: 32 }), pad('0x41', { size: 32 }), '0x00', pad('0x04', { size: 32 }), data]);

describe('verifySafeSignatures', () => {
  it('refuses a contract signature of a non-owner without asking the chain', async () => {
    const { result, calls } = await verify(contractSignature(team, '0x12345678'));
    expect(result).toBeInstanceOf(NotAnOwnerError);
    expect(calls).toEqual([]);
  });

  it("refuses an approved hash of a non-owner without reading approvedHashes, and reads an owner's", async () => {
    const stranger = await verify(approvedHashSignature(team));
    expect(stranger.result).toBeInstanceOf(NotAnOwnerError);
    expect(stranger.calls).toEqual([]);
    const owner = await verify(approvedHashSignature(ownerA.address));
    expect(owner.result).toBeInstanceOf(SafeSignatureError);
    expect((owner.result as Error).message).toMatch(/has not approved this hash/);
    expect(owner.calls).toEqual(['eth_call']);
  });

  it('refuses a blob longer than the owners could have made, or with more parts than owners, before anything', async () => {
    const signature = await ownerA.sign({ hash });
    const long = await verify(concat([signature, pad('0x', { size: 3 * 65 + maxDynamicSignatureBytes })]));
    expect(long.result).toBeInstanceOf(SafeSignatureError);
    expect((long.result as Error).message).toMatch(/longer than/);
    const many = await verify(concat([signature, signature, signature, signature]));
    expect((many.result as Error).message).toMatch(/more signatures than the Safe has owners/);
    expect([...long.calls, ...many.calls]).toEqual([]);
  });

  it('recovers owners signing the hash', async () => {
    const { result, calls } = await verify(
      concat([await ownerA.sign({ hash }), await ownerB.sign({ hash })]),
    );
    expect(result).toEqual([
      expect.objectContaining({ owner: ownerA.address, type: 'EOA' }),
      expect.objectContaining({ owner: ownerB.address, type: 'EOA' }),
    ]);
    expect(calls).toEqual([]);
  });
});
