import { describe, expect, it } from 'vitest';
import { createClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { safeMessageTypedData } from '@countersign/safe-core';
import type { TypedData } from '@countersign/gateway-api';
import type { ChainSafeState } from '../../safe';
import { computeMessageHashes } from '../messageHashes';
import { checkSharedMessage } from './checkSharedMessage';
import {
  parseSharedMessageFragment,
  parseSharedMessageInput,
  parseSharedMessageJson,
  sharedMessageFragment,
  sharedMessageJson,
  type SharedMessage,
} from './sharedMessage';

const safe = '0x1111111111111111111111111111111111111111';
const ownerA = privateKeyToAccount(`0x${'a1'.repeat(32)}`);
const ownerB = privateKeyToAccount(`0x${'b2'.repeat(32)}`);
const stranger = privateKeyToAccount(`0x${'c3'.repeat(32)}`);
const state: ChainSafeState = {
  owners: [ownerA.address, ownerB.address],
  threshold: 2,
  nonce: 0,
  version: '1.4.1',
  modules: [],
  guard: null,
  moduleGuard: null,
  implementation: '0x3333333333333333333333333333333333333333',
  fallbackHandler: null,
};
const mail: TypedData = {
  domain: {
    name: 'Mail',
    version: '1',
    chainId: 1337,
    verifyingContract: '0x4444444444444444444444444444444444444444',
  },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello, Bob' },
};
// Only contract signatures and on-chain approvals ask the chain: none here, and this client leads
// nowhere, so any call would fail the test.
const client = createClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) });

function hashesOf(message: SharedMessage['message']) {
  const hashes = computeMessageHashes({ chainId: 1337, safe, message });
  if (!hashes.ok) throw new Error(hashes.reason);
  return hashes;
}
const sign = (account: typeof ownerA, message: SharedMessage['message']): Promise<Hex> =>
  account.signTypedData(
    safeMessageTypedData({ chainId: 1337, safe, message: hashesOf(message).contentHash }),
  );

async function sharedBy(
  message: SharedMessage['message'],
  ...signers: (typeof ownerA)[]
): Promise<SharedMessage> {
  return {
    chainId: '1337',
    safe,
    message,
    safeMessageHash: hashesOf(message).safeMessageHash,
    signatures: await Promise.all(
      signers.map(async (s) => ({ signer: s.address, signature: await sign(s, message) })),
    ),
    title: undefined,
  };
}
const check = (shared: SharedMessage, at: Address = safe) =>
  checkSharedMessage({ shared, chainId: '1337', chainName: 'Devnet', safe: at, state, client });

describe('shared messages: the format', () => {
  it('a link and a file read back to the same message, text or typed data', async () => {
    for (const message of ['Line one\n  line two, spaces kept ', mail]) {
      const shared = await sharedBy(message, ownerA);
      expect(parseSharedMessageFragment(`#${sharedMessageFragment(shared)}`)).toEqual({
        ok: true,
        value: shared,
      });
      expect(parseSharedMessageJson(sharedMessageJson(shared))).toEqual({ ok: true, value: shared });
      expect(
        parseSharedMessageInput(
          `https://example.org/eth:${safe}/messages/shared#${sharedMessageFragment(shared)}`,
        ),
      ).toEqual({ ok: true, value: shared });
    }
  });

  it('names what cannot be read', async () => {
    const shared = JSON.parse(sharedMessageJson(await sharedBy(mail, ownerA))) as Record<string, unknown>;
    expect(parseSharedMessageJson('{"format":"countersign/safe-transaction","version":1}')).toEqual({
      ok: false,
      error: 'It is not a shared Safe message (format countersign/safe-message).',
    });
    expect(parseSharedMessageJson(JSON.stringify({ ...shared, version: 2 }))).toEqual({
      ok: false,
      error: 'Its format version is 2; this page reads version 1.',
    });
    const badTyped = { ...mail, types: { Mail: [{ name: 'to', type: 'address' }] }, message: { to: 'Bob' } };
    const read = parseSharedMessageJson(JSON.stringify({ ...shared, message: badTyped }));
    expect(read.ok ? '' : read.error).toMatch(/^Its field message is not a message: Invalid typed data/);
    expect(parseSharedMessageInput('https://example.org/x#msg=%%%')).toEqual({
      ok: false,
      error: 'The link was cut or changed: its message is not readable.',
    });
  });
});

describe('shared messages: the check', () => {
  it('counts each owner once and names every signature that does not count', async () => {
    const shared = await sharedBy(mail, ownerA, ownerB);
    const foreign = { signer: stranger.address, signature: await sign(stranger, mail) };
    const otherMessage = { signer: ownerB.address, signature: await sign(ownerB, 'something else') };
    const result = await check({
      ...shared,
      signatures: [...shared.signatures, shared.signatures[0]!, foreign, otherMessage],
    });
    expect(result.refusal).toBeUndefined();
    expect(result.counted.map((c) => c.signer)).toEqual([ownerA.address, ownerB.address]);
    expect(result.signatures.map((s) => s.problem)).toEqual([
      undefined,
      undefined,
      'The same owner signed twice: counted once.',
      `${stranger.address} is not an owner of this Safe.`,
      expect.stringMatching(/^It does not sign this message: it recovers to 0x[0-9a-fA-F]{40}, not to /),
    ]);
  });

  it('refuses a message whose content was changed after it was shared, or that is for another Safe', async () => {
    const shared = await sharedBy('Pay Dave 10 DEV', ownerA);
    const tampered = await check({ ...shared, message: 'Pay Dave 10000 DEV' });
    expect(tampered.refusal).toMatch(
      /is not the hash of its content .*: the content was changed after it was shared\.$/,
    );
    expect(tampered.counted).toEqual([]);
    const elsewhere = await check(shared, '0x5555555555555555555555555555555555555555');
    expect(elsewhere.refusal).toBe(`It is a message for the Safe ${safe}, not for this one.`);
  });
});
