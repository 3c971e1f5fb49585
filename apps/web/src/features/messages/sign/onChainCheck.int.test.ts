import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { devAccounts, startDevnet, type Devnet } from '@countersign/devnet';
import {
  combineConfirmations,
  safeMessageContentHash,
  safeMessageTypedData,
  type SafeMessageContent,
} from '@countersign/safe-core';
import { checkSignatureOnChain, SignatureCheckUnavailableError } from './onChainCheck';

/**
 * The on-chain check for real: the demo's 2-of-3 Safe (Safe 1.4.1 with its
 * CompatibilityFallbackHandler) on a fresh devnet, asked by eth_call through the chain's RPC.
 */
let devnet: Devnet;
let team: Address;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const outsider = accounts[6]!.account;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  team = devnet.manifest.safes[0]!.address as Address;
});
afterAll(() => devnet?.stop());

const sign = (owner: typeof ownerA, message: SafeMessageContent) =>
  owner.signTypedData(
    safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(message) }),
  );

/** Typed data for the Safe, made once the devnet has given its address. */
const typed = (): SafeMessageContent => ({
  domain: { name: 'Countersign e2e', version: '1', chainId: 1337, verifyingContract: team },
  primaryType: 'Mail',
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  message: { contents: 'Hello' },
});

describe('checkSignatureOnChain', () => {
  it.each([
    ['text', (): SafeMessageContent => 'Countersign: the owners approve the 2027 budget.'],
    ['typed data', typed],
  ] as const)(
    'both forms of isValidSignature accept two owners’ combined signatures (%s)',
    async (_kind, make) => {
      const message = make();
      const confirmations = [
        { owner: ownerA.address, signature: await sign(ownerA, message) },
        { owner: ownerB.address, signature: await sign(ownerB, message) },
      ];
      const result = await checkSignatureOnChain({
        rpcUrl: devnet.rpcUrl,
        safe: team,
        contentHash: safeMessageContentHash(message),
        signatures: combineConfirmations(confirmations),
      });
      expect(result).toEqual({
        valid: true,
        variants: [
          expect.objectContaining({ variant: 'hash', expected: '0x1626ba7e', outcome: { kind: 'valid' } }),
          expect.objectContaining({ variant: 'bytes', expected: '0x20c13b0b', outcome: { kind: 'valid' } }),
        ],
      });
    },
  );

  it('reports the Safe’s refusals with their reasons: too few signatures, a stranger, another message', async () => {
    const message = 'Only partly signed';
    const contentHash = safeMessageContentHash(message);
    const check = (signatures: `0x${string}`) =>
      checkSignatureOnChain({ rpcUrl: devnet.rpcUrl, safe: team, contentHash, signatures });
    const one = await check(
      combineConfirmations([{ owner: ownerA.address, signature: await sign(ownerA, message) }]),
    );
    expect(one.valid).toBe(false);
    // GS020: the signatures are too short for the threshold.
    expect(one.variants.map((v) => v.outcome)).toEqual([
      { kind: 'reverted', reason: 'GS020' },
      { kind: 'reverted', reason: 'GS020' },
    ]);
    const stranger = await check(
      combineConfirmations([
        { owner: ownerA.address, signature: await sign(ownerA, message) },
        { owner: outsider.address, signature: await sign(outsider, message) },
      ]),
    );
    expect(stranger.valid).toBe(false);
    // GS026: a signer that is not an owner (or not in ascending order).
    expect(stranger.variants.map((v) => v.outcome)).toEqual([
      { kind: 'reverted', reason: 'GS026' },
      { kind: 'reverted', reason: 'GS026' },
    ]);
    const other = await check(
      combineConfirmations([
        { owner: ownerA.address, signature: await sign(ownerA, 'another message') },
        { owner: ownerB.address, signature: await sign(ownerB, 'another message') },
      ]),
    );
    expect(other.valid).toBe(false);
  });

  it('fails, without a verdict, when the chain’s RPC does not answer', async () => {
    await expect(
      checkSignatureOnChain({
        rpcUrl: 'http://127.0.0.1:9',
        safe: team,
        contentHash: safeMessageContentHash('x'),
        signatures: `0x${'00'.repeat(65)}`,
      }),
    ).rejects.toBeInstanceOf(SignatureCheckUnavailableError);
  });
});
