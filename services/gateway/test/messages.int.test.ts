import { createSafe, devAccounts, devnetClients } from '@countersign/devnet';
import type { GatewayError } from '@countersign/gateway-api';
import {
  createGatewayClient,
  pageSchema,
  safeMessageListItemSchema,
  safeMessageSchema,
} from '@countersign/gateway-api';
import {
  encodeSignatures,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
  typedDataPreimage,
  type SafeMessageContent,
} from '@countersign/safe-core';
import { parseAbi, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/** The Safe's hash-based EIP-1271 check only (the bytes overload would be ambiguous here). */
const isValidSignatureAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);

let local: LocalGateway;
let team: Address;
let client: ReturnType<typeof createGatewayClient>;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const soloOwner = accounts[4]!.account;
const outsider = accounts[6]!.account;

beforeAll(async () => {
  local = await startLocalGateway();
  team = local.devnet.manifest.safes[0]!.address as Address;
  client = createGatewayClient({ baseUrl: local.gateway.url });
});
afterAll(() => local?.stop());

/** An owner's signature of a Safe message: EIP-712 SafeMessage over the Safe's domain. */
const signMessage = (owner: HDAccount, safe: Address, message: SafeMessageContent) =>
  owner.signTypedData(
    safeMessageTypedData({ chainId: 1337, safe, message: safeMessageContentHash(message) }),
  );

const post = (path: string, body: unknown) => local.request<Record<string, unknown>>('POST', path, body);

const text = 'Countersign: I agree to the terms of 21 November 2026.';
const typed = {
  domain: { name: 'Countersign Test', version: '1', chainId: 1337 },
  primaryType: 'Mail',
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'string' },
      { name: 'contents', type: 'string' },
    ],
  },
  message: { to: 'Bob', contents: 'Hello' },
};

describe('Safe messages', () => {
  const hash = () => safeMessageHash({ chainId: 1337, safe: team, message: text });

  it('stores a message signed by one owner of two, needing confirmation', async () => {
    const result = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: text,
      signature: await signMessage(ownerA, team, text),
      origin: 'countersign-test',
    });
    expect(result.status).toBe(202);
    const message = await client.getMessage({ chainId: '1337', messageHash: hash() });
    expect(message).toMatchObject({
      messageHash: hash(),
      status: 'NEEDS_CONFIRMATION',
      message: text,
      confirmationsSubmitted: 1,
      confirmationsRequired: 2,
      proposedBy: { value: ownerA.address },
      preparedSignature: null,
      origin: 'countersign-test',
    });
  });

  it('becomes CONFIRMED at the threshold, with a signature the Safe itself accepts', async () => {
    await client.confirmMessage({
      chainId: '1337',
      messageHash: hash(),
      signature: await signMessage(ownerB, team, text),
    });
    const message = await client.getMessage({ chainId: '1337', messageHash: hash() });
    expect(message.status).toBe('CONFIRMED');
    expect(message.confirmations.map((c) => c.owner.value).sort()).toEqual(
      [ownerA.address, ownerB.address].sort(),
    );
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    const magic = await clients.public.readContract({
      address: team,
      abi: isValidSignatureAbi,
      functionName: 'isValidSignature',
      args: [safeMessageContentHash(text), message.preparedSignature as Hex],
    });
    expect(magic).toBe('0x1626ba7e');
  });

  it('hashes typed data (EIP712Domain listed or not) and lists messages by UTC day', async () => {
    const result = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: typed,
      signature: await signMessage(ownerA, team, {
        ...typed,
        types: { Mail: typed.types.Mail },
      } as SafeMessageContent),
    });
    expect(result.status).toBe(202);
    const page = pageSchema(safeMessageListItemSchema).parse(
      await (await fetch(`${local.gateway.url}/v1/chains/1337/safes/${team}/messages`)).json(),
    );
    expect(page.count).toBe(2);
    expect(page.results.map((i) => i.type)).toEqual(['DATE_LABEL', 'MESSAGE', 'MESSAGE']);
    const label = page.results[0]!;
    expect(label.type === 'DATE_LABEL' && label.timestamp % 86_400_000).toBe(0);
    const [newest] = page.results.filter((i) => i.type === 'MESSAGE');
    expect(safeMessageSchema.parse(newest).message).toEqual(typed);
  });

  it('accepts a contract owner (EIP-1271): a Safe owned by another Safe', async () => {
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    const solo = local.devnet.manifest.safes[1]!.address as Address;
    const nested = await createSafe(clients, {
      sender: accounts[0]!.account.address,
      owners: [solo],
      threshold: 1n,
      saltNonce: 77n,
    });
    const message = 'Signed by a Safe that owns a Safe';
    const nestedHash = safeMessageHash({ chainId: 1337, safe: nested, message });
    // The owning Safe approves the nested message hash with its own owner's signature.
    // On chain, the nested Safe asks its owner Safe about the EIP-712 preimage of this message's hash,
    // so that is what the owner Safe's own owner signs, as a message of the owner Safe.
    const preimage = typedDataPreimage(
      safeMessageTypedData({ chainId: 1337, safe: nested, message: safeMessageContentHash(message) }),
    );
    const inner = await soloOwner.signTypedData(
      safeMessageTypedData({ chainId: 1337, safe: solo, message: preimage }),
    );
    const signature = encodeSignatures([{ signer: solo, data: inner, contract: true }]);
    const result = await post(`/v1/chains/1337/safes/${nested}/messages`, { message, signature });
    expect(result.status).toBe(202);
    const stored = await client.getMessage({ chainId: '1337', messageHash: nestedHash });
    expect(stored).toMatchObject({ status: 'CONFIRMED', proposedBy: { value: solo } });
    const magic = await clients.public.readContract({
      address: nested,
      abi: isValidSignatureAbi,
      functionName: 'isValidSignature',
      args: [safeMessageContentHash(message), stored.preparedSignature as Hex],
    });
    expect(magic).toBe('0x1626ba7e');
    const forged = encodeSignatures([
      {
        signer: solo,
        data: await outsider.signTypedData(
          safeMessageTypedData({ chainId: 1337, safe: solo, message: preimage }),
        ),
        contract: true,
      },
    ]);
    const refused = await post(`/v1/chains/1337/safes/${nested}/messages`, {
      message: `${message}!`,
      signature: forged,
    });
    expect(refused).toMatchObject({ status: 422, body: { message: 'Invalid signature' } });
  });
});

describe('Safe messages: bad input', () => {
  it('a signer who is not an owner: 422 Unauthorized address', async () => {
    const result = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: 'from a stranger',
      signature: await signMessage(outsider, team, 'from a stranger'),
    });
    expect(result).toMatchObject({ status: 422, body: { message: 'Unauthorized address' } });
  });

  it('the same new message sent twice at once: stored once, the other copy 422', async () => {
    const fresh = 'sent twice at the same moment';
    const body = { message: fresh, signature: await signMessage(ownerA, team, fresh) };
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(`/v1/chains/1337/safes/${team}/messages`, body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 422, 422]);
    const refused = answers.filter((answer) => answer.status === 422);
    for (const answer of refused) expect(answer.body).toMatchObject({ message: 'Message already exists' });
    const hash = safeMessageHash({ chainId: 1337, safe: team, message: fresh });
    const stored = await client.getMessage({ chainId: '1337', messageHash: hash });
    expect(stored.confirmationsSubmitted).toBe(1);
  });

  it('the same message twice: 422; a second signature from the same owner: 422', async () => {
    const again = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: text,
      signature: await signMessage(ownerA, team, text),
    });
    expect(again).toMatchObject({ status: 422, body: { message: 'Message already exists' } });
    const hash = safeMessageHash({ chainId: 1337, safe: team, message: text });
    const twice = await post(`/v1/chains/1337/messages/${hash}/signatures`, {
      signature: await signMessage(ownerB, team, text),
    });
    expect(twice).toMatchObject({ status: 422, body: { message: 'Signature already added' } });
  });

  it('typed data without primaryType, a short signature, an unknown message: 422, 422, 404', async () => {
    const { primaryType: _p, ...withoutPrimaryType } = typed;
    const noType = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: withoutPrimaryType,
      signature: await signMessage(ownerA, team, 'x'),
    });
    expect(noType.status).toBe(422);
    expect(
      (await post(`/v1/chains/1337/safes/${team}/messages`, { message: 'x', signature: '0x1234' })).status,
    ).toBe(422);
    const unknown = `0x${'ab'.repeat(32)}`;
    expect((await fetch(`${local.gateway.url}/v1/chains/1337/messages/${unknown}`)).status).toBe(404);
    const confirmUnknown = await post(`/v1/chains/1337/messages/${unknown}/signatures`, {
      signature: await signMessage(ownerA, team, 'x'),
    });
    expect(confirmUnknown.status).toBe(404);
    const error = await client.getMessage({ chainId: '1337', messageHash: unknown }).catch((e: unknown) => e);
    expect((error as GatewayError).message).toBe('404: Message not found');
  });

  it('refuses typed data beyond the bounds before hashing it: 1,500 chained struct types, deep values, long arrays', async () => {
    // Each type holds the next: what took 4.2 s to hash (issue 32).
    const types: Record<string, { name: string; type: string }[]> = {};
    for (let i = 0; i < 1500; i++)
      types[`T${i}`] = [{ name: 'next', type: i < 1499 ? `T${i + 1}` : 'uint256' }];
    const chained = { domain: { name: 'x' }, primaryType: 'T0', types, message: { next: {} } };
    const started = performance.now();
    const refused = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: chained,
      signature: await signMessage(ownerA, team, 'x'),
    });
    const elapsed = performance.now() - started;
    expect(refused.status).toBe(422);
    // Refused from the body's text, before JSON.parse builds an object of 1,500 keys.
    expect(refused.body?.message).toBe('Invalid typed data: an object of more than 64 members');
    // Not a timed assertion: a bound far above what a refusal costs, to say it never hashed.
    expect(elapsed).toBeLessThan(2_000);

    let nested: unknown = 1;
    for (let i = 0; i < 20; i++) nested = [nested];
    const deep = { ...typed, message: { to: 'Bob', contents: 'Hello', extra: nested } };
    const deepAnswer = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: deep,
      signature: await signMessage(ownerA, team, 'x'),
    });
    expect(deepAnswer.body?.message).toBe('Invalid typed data: values nested more than 16 deep');
    const long = {
      ...typed,
      message: { to: 'Bob', contents: 'Hello', extra: Array.from({ length: 1025 }, () => 0) },
    };
    const longAnswer = await post(`/v1/chains/1337/safes/${team}/messages`, {
      message: long,
      signature: await signMessage(ownerA, team, 'x'),
    });
    expect(longAnswer.body?.message).toBe('Invalid typed data: an array of more than 1024 items');
  });
});
