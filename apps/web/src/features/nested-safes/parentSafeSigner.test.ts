import { describe, expect, it, vi } from 'vitest';
import { getAddress, parseEther, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { GatewayError, type SafeMessage } from '@countersign/gateway-api';
import {
  buildSafeTx,
  combineConfirmations,
  encodeParentConfirmation,
  hashSafeMessage,
  safeDomain,
  safeMessageTypedData,
  safeTxSigned,
  safeTxTypes,
} from '@countersign/safe-core';
import { devnetChain, fakeGateway, fakeSigner } from '../../testing';
import type { WalletApi } from '../wallet';
import { parentSafeSigner } from './parentSafeSigner';

// Well-known development keys: anvil's accounts #1 and #2, the parent Safe's two owners.
const ownerA = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const ownerB = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const parent = {
  address: getAddress('0x1111111111111111111111111111111111111111'),
  owners: [ownerA.address, ownerB.address],
  threshold: 2,
  version: '1.4.1',
};
const child: Address = getAddress('0x2222222222222222222222222222222222222222');
const tx = buildSafeTx({ to: ownerB.address, value: parseEther('0.25'), nonce: 3n });
const childTx: TypedDataDefinition = {
  domain: safeDomain({ chainId: 1337, safe: child, version: '1.4.1' }),
  types: safeTxTypes,
  primaryType: 'SafeTx',
  message: tx,
};
const signed = safeTxSigned({ chainId: 1337, safe: child, version: '1.4.1', tx });
// A child before 1.5.0 asks its owner Safe about the EIP-712 preimage.
const parentMessageHash = hashSafeMessage({ chainId: 1337, safe: parent.address, message: signed.preimage });

/** The linked wallet of one owner of the parent: it signs with that owner's key. */
const walletOf = (account: typeof ownerA) => {
  const signTypedData = (async (typedData: TypedDataDefinition) => ({
    ok: true,
    value: { signature: await account.signTypedData(typedData), address: account.address },
  })) as unknown as WalletApi['signTypedData'];
  return fakeSigner({ address: account.address }, { signTypedData });
};

const message = (confirmations: { owner: Address; signature: Hex }[]): SafeMessage => ({
  messageHash: parentMessageHash,
  status: confirmations.length >= 2 ? 'CONFIRMED' : 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: { bytes: signed.preimage },
  creationTimestamp: 0,
  modifiedTimestamp: 0,
  confirmationsSubmitted: confirmations.length,
  confirmationsRequired: 2,
  proposedBy: { value: confirmations[0]?.owner ?? ownerA.address, name: null, logoUri: null },
  confirmations: confirmations.map((c) => ({
    owner: { value: c.owner, name: null, logoUri: null },
    signature: c.signature,
  })),
  preparedSignature: null,
  origin: null,
});

const notFound = () => new GatewayError('404: Not found', 404, {});
const versionOf = () => Promise.resolve('1.4.1');

describe('a parent Safe as a signer', () => {
  it('is the parent while one of its owners is linked, and nobody otherwise', () => {
    const linked = walletOf(ownerA);
    const signer = parentSafeSigner({
      parent,
      owner: linked,
      gateway: fakeGateway(),
      chain: devnetChain,
      versionOf,
    });
    expect(signer.getSnapshot()).toMatchObject({ status: 'connected', address: parent.address });
    // The same answer while nothing changed, as React's external stores need.
    expect(signer.getSnapshot()).toBe(signer.getSnapshot());
    linked.set({ address: '0x000000000000000000000000000000000000dEaD' });
    expect(signer.getSnapshot()).toMatchObject({ status: 'disconnected', address: undefined });
  });

  it('the first owner’s signature starts the parent’s message; the signer answers that it waits', async () => {
    let stored: SafeMessage | undefined;
    const proposeMessage = vi.fn(async ({ body }: { body: { signature: Hex } }) => {
      stored = message([{ owner: ownerA.address, signature: body.signature }]);
    });
    const gateway = fakeGateway({
      getMessage: vi.fn(() => (stored ? Promise.resolve(stored) : Promise.reject(notFound()))),
      proposeMessage: proposeMessage as never,
    });
    const signer = parentSafeSigner({
      parent,
      owner: walletOf(ownerA),
      gateway,
      chain: devnetChain,
      versionOf,
    });
    const result = await signer.api.signTypedData(childTx);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'pending',
        message: '0x1111…1111: 1 of 2 of its owners signed. Its signature is complete once 2 have.',
      },
    });
    expect(proposeMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        safeAddress: parent.address,
        body: expect.objectContaining({ message: { bytes: signed.preimage } }),
      }),
    );
  });

  it('the signature that meets its threshold makes its contract signature for the child', async () => {
    const fromA = await ownerA.signTypedData(
      safeMessageTypedData({ chainId: 1337, safe: parent.address, message: signed.preimage }),
    );
    let stored = message([{ owner: ownerA.address, signature: fromA }]);
    const confirmMessage = vi.fn(async ({ signature }: { signature: Hex }) => {
      stored = message([
        ...stored.confirmations.map((c) => ({
          owner: c.owner.value as Address,
          signature: c.signature as Hex,
        })),
        { owner: ownerB.address, signature },
      ]);
    });
    const gateway = fakeGateway({
      getMessage: vi.fn(() => Promise.resolve(stored)),
      confirmMessage: confirmMessage as never,
    });
    const signer = parentSafeSigner({
      parent,
      owner: walletOf(ownerB),
      gateway,
      chain: devnetChain,
      versionOf,
    });
    const result = await signer.api.signTypedData(childTx);
    expect(confirmMessage).toHaveBeenCalledWith(expect.objectContaining({ messageHash: parentMessageHash }));
    const expected = encodeParentConfirmation(
      parent.address,
      combineConfirmations(
        stored.confirmations.map((c) => ({ owner: c.owner.value, signature: c.signature })),
      ),
    );
    expect(result).toEqual({ ok: true, value: { signature: expected, address: parent.address } });
  });

  it('signs nothing but its children’s transactions and messages, and sends nothing', async () => {
    const signer = parentSafeSigner({
      parent,
      owner: walletOf(ownerA),
      gateway: fakeGateway(),
      chain: devnetChain,
      versionOf,
    });
    const permit = await signer.api.signTypedData({
      domain: { chainId: 1337, verifyingContract: child },
      types: { Permit: [{ name: 'value', type: 'uint256' }] },
      primaryType: 'Permit',
      message: { value: 1n },
    });
    expect(permit.ok || permit.error.kind).toBe('unsupported');
    const sent = await signer.api.sendTransaction({ to: child, chainId: 1337 });
    expect(sent.ok || sent.error.message).toBe(
      '0x1111…1111 is a Safe: it cannot send a transaction itself; its owners execute one.',
    );
  });
});
