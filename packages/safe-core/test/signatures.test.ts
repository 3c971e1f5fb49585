import { hexToNumber, keccak256, recoverAddress, recoverMessageAddress, size, slice } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  approvedHashSignature,
  buildSafeTx,
  encodeSignatures,
  hashSafeTx,
  recoverSafeSignatures,
  SafeSignatureError,
  safeTxTypedData,
  toEthSignSignature,
  typedDataPreimage,
} from '../src';

// anvil's first two dev keys: public test keys, never funded on a real chain.
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const tx = buildSafeTx({ to: bob.address, value: 1n, nonce: 3n });

describe('Safe signatures', () => {
  it('recovers the owner from an EIP-712 SafeTx signature', async () => {
    const signature = await alice.signTypedData(safeTxTypedData({ chainId: 1337, safe, tx }));
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    expect(await recoverAddress({ hash, signature })).toBe(alice.address);
  });

  it('marks eth_sign signatures with v + 4 and keeps r and s', async () => {
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    const raw = await alice.signMessage({ message: { raw: hash } });
    const marked = toEthSignSignature(raw);
    expect(hexToNumber(slice(marked, 64, 65))).toBe(hexToNumber(slice(raw, 64, 65)) + 4);
    expect(slice(marked, 0, 64)).toBe(slice(raw, 0, 64));
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: raw })).toBe(alice.address);
  });

  it('sorts signatures by owner address, ascending', async () => {
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    const a = { signer: alice.address, data: await alice.sign({ hash }) };
    const b = { signer: bob.address, data: await bob.sign({ hash }) };
    const [low, high] = BigInt(alice.address) < BigInt(bob.address) ? [a, b] : [b, a];
    const encoded = encodeSignatures([high, low]);
    expect(size(encoded)).toBe(130);
    expect(slice(encoded, 0, 65)).toBe(low.data);
    expect(slice(encoded, 65, 130)).toBe(high.data);
  });

  it('encodes an approved hash as the owner, a zero word and v = 1', () => {
    const signature = approvedHashSignature(alice.address);
    expect(size(signature)).toBe(65);
    expect(slice(signature, 12, 32).toLowerCase()).toBe(alice.address.toLowerCase());
    expect(hexToNumber(slice(signature, 64, 65))).toBe(1);
  });

  it('refuses a signature that is not 65 bytes', () => {
    expect(() => encodeSignatures([{ signer: alice.address, data: '0x1234' }])).toThrow(
      'is not 65 bytes long',
    );
  });
});

describe('recoverSafeSignatures', () => {
  it('recovers EIP-712, eth_sign and approved-hash owners from one blob', async () => {
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    const carol = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
    const blob = encodeSignatures([
      {
        signer: alice.address,
        data: await alice.signTypedData(safeTxTypedData({ chainId: 1337, safe, tx })),
      },
      { signer: bob.address, data: toEthSignSignature(await bob.signMessage({ message: { raw: hash } })) },
      { signer: carol.address, data: approvedHashSignature(carol.address) },
    ]);
    const parsed = await recoverSafeSignatures(hash, blob, 3);
    const byOwner = Object.fromEntries(parsed.map((p) => [p.owner, p.type]));
    expect(byOwner).toEqual({
      [alice.address]: 'EOA',
      [bob.address]: 'ETH_SIGN',
      [carol.address]: 'APPROVED_HASH',
    });
  });

  it('reads a contract signature with its dynamic part', async () => {
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    const owner = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const staticPart = `0x${owner.slice(2).toLowerCase().padStart(64, '0')}${(65).toString(16).padStart(64, '0')}00`;
    const blob = `${staticPart}${(2).toString(16).padStart(64, '0')}abcd` as `0x${string}`;
    const [parsed] = await recoverSafeSignatures(hash, blob, 1);
    expect(parsed).toMatchObject({ owner, type: 'CONTRACT_SIGNATURE' });
    expect(parsed?.signature.endsWith('abcd')).toBe(true);
  });

  it('refuses malformed blobs with a clear error', async () => {
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    await expect(recoverSafeSignatures(hash, '0x1234')).rejects.toBeInstanceOf(SafeSignatureError);
    const badV = `0x${'11'.repeat(64)}05` as `0x${string}`;
    await expect(recoverSafeSignatures(hash, badV)).rejects.toThrow('invalid v (5)');
    const outside = `0x${'00'.repeat(12)}${'22'.repeat(20)}${'ff'.repeat(32)}00` as `0x${string}`;
    await expect(recoverSafeSignatures(hash, outside)).rejects.toThrow('points outside the data');
  });
});

describe('encodeSignatures with a contract owner', () => {
  it('puts the contract signature in the dynamic part and reads back the same', async () => {
    const hash = hashSafeTx({ chainId: 1337, safe, tx });
    const contractOwner = '0x0000000000000000000000000000000000000002';
    const blob = encodeSignatures([
      {
        signer: alice.address,
        data: await alice.signTypedData(safeTxTypedData({ chainId: 1337, safe, tx })),
      },
      { signer: contractOwner, data: '0xc0ffee', contract: true },
    ]);
    const parsed = await recoverSafeSignatures(hash, blob, 2);
    expect(parsed.map((p) => [p.owner, p.type])).toEqual([
      [contractOwner, 'CONTRACT_SIGNATURE'],
      [alice.address, 'EOA'],
    ]);
    expect(parsed[0]?.signature.endsWith('c0ffee')).toBe(true);
  });
});

describe('typedDataPreimage', () => {
  it('is what the EIP-712 hash hashes', () => {
    const definition = safeTxTypedData({ chainId: 1337, safe, tx });
    expect(keccak256(typedDataPreimage(definition))).toBe(hashSafeTx({ chainId: 1337, safe, tx }));
  });
});
