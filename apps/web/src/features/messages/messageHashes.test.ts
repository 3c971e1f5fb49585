import { describe, expect, it } from 'vitest';
import { concat, hashDomain, hashMessage, hashStruct, hashTypedData, keccak256, type Hex } from 'viem';
import type { TypedData } from '@countersign/gateway-api';
import { computeMessageHashes, verifyMessageHash } from './messageHashes';

const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const chainId = 1337;

/** What owners sign, computed with viem alone: SafeMessage(bytes message) over the Safe's domain. */
const safeMessageHashOf = (contentHash: Hex) =>
  hashTypedData({
    domain: { chainId, verifyingContract: safe },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: contentHash },
  });

const mail: TypedData = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  primaryType: 'Mail',
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
};

describe('computeMessageHashes', () => {
  it('hashes text with EIP-191 and wraps it in a SafeMessage', () => {
    const text = 'Countersign demo: we, the owners, approve the 2027 budget.';
    const expected = safeMessageHashOf(hashMessage(text));
    const result = computeMessageHashes({ chainId, safe, message: text, gatewayMessageHash: expected });
    expect(result).toMatchObject({
      ok: true,
      kind: 'EIP-191',
      contentHash: hashMessage(text),
      safeMessageHash: expected,
      matchesGateway: true,
    });
  });

  it('gives the two hashes a hardware wallet shows, which join into the SafeMessage hash', () => {
    const text = 'For the device';
    const result = computeMessageHashes({ chainId, safe, message: text });
    if (!result.ok) throw new Error(result.reason);
    const domainHash = hashDomain({
      domain: { chainId: BigInt(chainId), verifyingContract: safe },
      types: {
        EIP712Domain: [
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
      },
    });
    const structHash = hashStruct({
      data: { message: hashMessage(text) },
      primaryType: 'SafeMessage',
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    });
    expect(result).toMatchObject({
      domainHash,
      structHash,
      safeMessageHash: safeMessageHashOf(hashMessage(text)),
    });
    expect(keccak256(concat(['0x1901', domainHash, structHash]))).toBe(result.safeMessageHash);
    // A message not on the gateway yet has nothing to compare with.
    expect(result.matchesGateway).toBeUndefined();
  });

  it('hashes typed data with EIP-712 (the EIP-712 specification’s own example)', () => {
    const contentHash = hashTypedData(mail as Parameters<typeof hashTypedData>[0]);
    // The specification's published digest of this message.
    expect(contentHash).toBe('0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2');
    const result = computeMessageHashes({
      chainId,
      safe,
      message: mail,
      gatewayMessageHash: safeMessageHashOf(contentHash).toUpperCase().replace('0X', '0x'),
    });
    expect(result).toMatchObject({ ok: true, kind: 'EIP-712', contentHash, matchesGateway: true });
  });

  it('derives the domain type from the domain, whatever EIP712Domain the message lists', () => {
    const listed = {
      ...mail,
      types: { ...mail.types, EIP712Domain: [{ name: 'name', type: 'string' }] },
    };
    const result = computeMessageHashes({ chainId, safe, message: listed, gatewayMessageHash: '0x' });
    expect(result).toMatchObject({
      ok: true,
      contentHash: hashTypedData(mail as Parameters<typeof hashTypedData>[0]),
    });
  });

  it('reads a chainId sent as a string as the number it is, as wallets do', () => {
    const asString = { ...mail, domain: { ...mail.domain, chainId: '1' } };
    const result = computeMessageHashes({ chainId, safe, message: asString, gatewayMessageHash: '0x' });
    expect(result).toMatchObject({
      ok: true,
      contentHash: '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2',
      matchesGateway: false,
    });
  });

  it('accepts a gateway that left a string chainId out of the domain, and says so', () => {
    const asString = { ...mail, domain: { ...mail.domain, chainId: '1' } };
    const { chainId: _dropped, ...domain } = mail.domain;
    const gatewayHash = safeMessageHashOf(
      hashTypedData({ ...mail, domain } as Parameters<typeof hashTypedData>[0]),
    );
    const result = computeMessageHashes({
      chainId,
      safe,
      message: asString,
      gatewayMessageHash: gatewayHash,
    });
    expect(result).toMatchObject({ ok: true, matchesGateway: true, safeMessageHash: gatewayHash });
    expect(result.ok && result.note).toMatch(/without its chainId/);
  });

  it('says when the gateway’s hash is not this Safe’s (another Safe, another chain)', () => {
    const other = safeMessageHashOf(hashMessage('something else'));
    expect(
      computeMessageHashes({ chainId, safe, message: 'hello', gatewayMessageHash: other }),
    ).toMatchObject({
      ok: true,
      matchesGateway: false,
      safeMessageHash: safeMessageHashOf(hashMessage('hello')),
    });
  });

  it('reports typed data that cannot be hashed instead of throwing', () => {
    const broken = { ...mail, message: { ...mail.message, from: { name: 'Cow', wallet: 'not an address' } } };
    const result = computeMessageHashes({ chainId, safe, message: broken, gatewayMessageHash: '0x' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/not an address|invalid/i);
    expect(!result.ok && result.reason).not.toContain('\n');
  });
});

describe('verifyMessageHash', () => {
  const mailHash = safeMessageHashOf(hashTypedData(mail as Parameters<typeof hashTypedData>[0]));

  it('lets text and typed data through when they hash to the gateway’s messageHash', () => {
    const text = 'We approve the 2027 budget.';
    const messageHash = safeMessageHashOf(hashMessage(text));
    expect(verifyMessageHash({ chainId, safe, message: text, messageHash })).toMatchObject({
      status: 'match',
      hashes: { contentHash: hashMessage(text), safeMessageHash: messageHash },
    });
    expect(
      verifyMessageHash({
        chainId,
        safe,
        message: mail,
        messageHash: mailHash.toUpperCase().replace('0X', '0x'),
      }),
    ).toMatchObject({ status: 'match' });
  });

  it('refuses text that is not what the messageHash was computed from, with both hashes', () => {
    const messageHash = safeMessageHashOf(hashMessage('Transfer all funds to Mallory'));
    expect(verifyMessageHash({ chainId, safe, message: 'Good morning', messageHash })).toEqual({
      status: 'mismatch',
      gatewayHash: messageHash,
      computedHash: safeMessageHashOf(hashMessage('Good morning')),
    });
  });

  it('refuses typed data with one field changed', () => {
    const altered = { ...mail, message: { ...mail.message, contents: 'Hello, Mallory!' } };
    expect(verifyMessageHash({ chainId, safe, message: altered, messageHash: mailHash })).toEqual({
      status: 'mismatch',
      gatewayHash: mailHash,
      computedHash: safeMessageHashOf(hashTypedData(altered as Parameters<typeof hashTypedData>[0])),
    });
  });

  it('refuses the right content hashed for another Safe or another chain', () => {
    const text = 'Same words';
    const otherSafe = hashTypedData({
      domain: { chainId, verifyingContract: '0x2222222222222222222222222222222222222222' },
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'SafeMessage',
      message: { message: hashMessage(text) },
    });
    expect(verifyMessageHash({ chainId, safe, message: text, messageHash: otherSafe }).status).toBe(
      'mismatch',
    );
    const messageHash = safeMessageHashOf(hashMessage(text));
    expect(verifyMessageHash({ chainId: 1, safe, message: text, messageHash }).status).toBe('mismatch');
  });

  it('refuses a message the gateway files under another Safe, even with a matching hash', () => {
    const text = 'Mine';
    const messageHash = safeMessageHashOf(hashMessage(text));
    expect(
      verifyMessageHash({ chainId, safe, message: text, messageHash, messageSafe: safe.toLowerCase() })
        .status,
    ).toBe('match');
    expect(
      verifyMessageHash({
        chainId,
        safe,
        message: text,
        messageHash,
        messageSafe: '0x2222222222222222222222222222222222222222',
      }),
    ).toEqual({ status: 'other-safe', messageSafe: '0x2222222222222222222222222222222222222222' });
  });

  it('refuses content that cannot be hashed here', () => {
    const broken = { ...mail, message: { ...mail.message, to: { name: 'Bob', wallet: 'nope' } } };
    expect(verifyMessageHash({ chainId, safe, message: broken, messageHash: mailHash }).status).toBe(
      'unhashable',
    );
  });
});
