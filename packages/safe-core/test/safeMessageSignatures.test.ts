import {
  concat,
  decodeAbiParameters,
  hashTypedData,
  hexToNumber,
  recoverAddress,
  slice,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  EIP1271_LEGACY_MAGIC_VALUE,
  EIP1271_MAGIC_VALUE,
  isValidSignatureCalls,
  adjustTypedDataSignatureV,
  approvedHashSignature,
  combineConfirmations,
  confirmationSignature,
  encodeSignatures,
  hashSafeMessage,
  recoverSafeSignatures,
  SafeSignatureError,
  safeMessageContentHash,
  safeMessageHashes,
  safeMessageTypedData,
  toEthSignSignature,
} from '../src';

// anvil's first two dev keys and another test key: never funded on a real chain.
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const carol = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3d71a5b4ef4ae6a9');
const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const contractOwner = '0x000000000000000000000000000000000000c0DE';

const content = safeMessageContentHash('Countersign: the 2027 budget');
const typedData = safeMessageTypedData({ chainId: 1337, safe, message: content });
const sign = (account: typeof alice) => account.signTypedData(typedData);

describe('the hashes of a SafeMessage a hardware wallet shows', () => {
  it('join into the SafeMessage hash, with the domain of the Safe on its chain', () => {
    const hashes = safeMessageHashes({ chainId: 1337, safe, message: content });
    expect(hashes.safeMessageHash).toBe(hashSafeMessage({ chainId: 1337, safe, message: content }));
    expect(hashes.safeMessageHash).toBe(hashTypedData(typedData));
    // The domain is the Safe's alone: the same for any message, another on another chain.
    const other = safeMessageHashes({ chainId: 1337, safe, message: safeMessageContentHash('other') });
    expect(other.domainHash).toBe(hashes.domainHash);
    expect(other.structHash).not.toBe(hashes.structHash);
    expect(safeMessageHashes({ chainId: 1, safe, message: content }).domainHash).not.toBe(hashes.domainHash);
  });
});

describe('a wallet signature’s v', () => {
  it('stays 27 or 28, and 0 or 1 becomes 27 or 28 with the same signer', async () => {
    const signature = await sign(alice);
    expect(adjustTypedDataSignatureV(signature)).toBe(signature);
    const v = hexToNumber(slice(signature, 64, 65));
    const lowV = concat([slice(signature, 0, 64), v === 27 ? '0x00' : '0x01']);
    const adjusted = adjustTypedDataSignatureV(lowV);
    expect(adjusted).toBe(signature);
    expect(await recoverAddress({ hash: hashTypedData(typedData), signature: adjusted })).toBe(alice.address);
  });

  it('refuses what is not 65 bytes', () => {
    expect(() => adjustTypedDataSignatureV('0x1234')).toThrow(SafeSignatureError);
  });
});

describe('combining a message’s confirmations', () => {
  it('sorts them by owner, ascending, whatever order the gateway lists them in', async () => {
    const [a, b, c] = await Promise.all([sign(alice), sign(bob), sign(carol)]);
    const listed = [
      { owner: carol.address, signature: c },
      { owner: alice.address, signature: a },
      { owner: bob.address, signature: b },
    ];
    const combined = combineConfirmations(listed);
    const sorted = [...listed].sort((x, y) => (BigInt(x.owner) < BigInt(y.owner) ? -1 : 1));
    expect(combined).toBe(concat(sorted.map((s) => s.signature as Hex)));
    const recovered = await recoverSafeSignatures(hashTypedData(typedData), combined, 3);
    expect(recovered.map((r) => r.owner)).toEqual(sorted.map((s) => s.owner));
    expect(recovered.map((r) => r.type)).toEqual(['EOA', 'EOA', 'EOA']);
  });

  it('keeps eth_sign and approved-hash signatures as they are', async () => {
    const ethSign = toEthSignSignature(await bob.signMessage({ message: { raw: hashTypedData(typedData) } }));
    const approved = approvedHashSignature(alice.address);
    const combined = combineConfirmations([
      { owner: bob.address, signature: ethSign },
      { owner: alice.address, signature: approved },
    ]);
    const recovered = await recoverSafeSignatures(hashTypedData(typedData), combined, 2);
    // Bob's address (0x7099…) sorts before Alice's (0xf39F…).
    expect(recovered.map((r) => [r.owner, r.type])).toEqual([
      [bob.address, 'ETH_SIGN'],
      [alice.address, 'APPROVED_HASH'],
    ]);
  });

  it('puts a contract owner’s signature, stored with its static part, into the dynamic part again', async () => {
    const a = await sign(alice);
    const blob = encodeSignatures([
      { signer: alice.address, data: a },
      { signer: contractOwner, data: '0xc0ffee', contract: true },
    ]);
    // As the gateway stores and lists them: each owner's part read out of the blob.
    const stored = await recoverSafeSignatures(hashTypedData(typedData), blob, 2);
    const confirmations = stored.map((s) => ({ owner: s.owner, signature: s.signature }));
    expect(confirmationSignature(confirmations[0]!)).toEqual({
      signer: contractOwner,
      data: '0xc0ffee',
      contract: true,
    });
    expect(combineConfirmations(confirmations.reverse())).toBe(blob);
  });

  it('refuses a confirmation it cannot read, saying whose', () => {
    expect(() => combineConfirmations([{ owner: alice.address, signature: '0x1234' }])).toThrow(
      `The signature of ${alice.address} is neither 65 bytes nor a contract signature`,
    );
    expect(() => combineConfirmations([{ owner: 'nobody', signature: '0x12' }])).toThrow(SafeSignatureError);
    const static0 = concat([`0x${'00'.repeat(12)}${bob.address.slice(2)}`, `0x${'00'.repeat(31)}41`, '0x00']);
    const forOther = concat([static0, `0x${'00'.repeat(31)}03`, '0xc0ffee']);
    expect(() => combineConfirmations([{ owner: alice.address, signature: forOther }])).toThrow(
      'names another owner',
    );
    const truncated = concat([
      `0x${'00'.repeat(12)}${alice.address.slice(2)}`,
      `0x${'00'.repeat(31)}41`,
      '0x00',
      `0x${'00'.repeat(31)}09`,
      '0xc0ffee',
    ]);
    expect(() => combineConfirmations([{ owner: alice.address, signature: truncated }])).toThrow(
      'is not as long as it says',
    );
  });

  it('gives empty bytes for no confirmation', () => {
    expect(combineConfirmations([])).toBe('0x');
  });
});

describe('the isValidSignature calls of a message', () => {
  it('ask both forms: the hash one (selector 0x1626ba7e) and the bytes one (0x20c13b0b)', () => {
    const signatures: Hex = `0x${'ab'.repeat(130)}`;
    const [byHash, byBytes] = isValidSignatureCalls({ safe, contentHash: content, signatures });
    // Each form's selector is its own magic value.
    expect(slice(byHash!.data, 0, 4)).toBe(EIP1271_MAGIC_VALUE);
    expect(byHash!.expect).toBe(EIP1271_MAGIC_VALUE);
    expect(decodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes' }], slice(byHash!.data, 4))).toEqual([
      content,
      signatures,
    ]);
    expect(slice(byBytes!.data, 0, 4)).toBe(EIP1271_LEGACY_MAGIC_VALUE);
    expect(byBytes!.expect).toBe(EIP1271_LEGACY_MAGIC_VALUE);
    expect(decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes' }], slice(byBytes!.data, 4))).toEqual([
      content,
      signatures,
    ]);
    expect([byHash!.to, byBytes!.to]).toEqual([safe, safe]);
  });
});
