import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashMessage, hashTypedData, type TypedDataDefinition } from 'viem';
import { GatewayError, type GatewayClient, type SafeMessage } from '@countersign/gateway-api';
import { safeMessageHashes } from '@countersign/safe-core';
import { fakeSigner, teamSafeAddress } from '../../testing';
import { messagesRoutes } from './index';
import { mockGateway, openSafePage } from './testSafePage';

const gateway = {
  current: undefined as unknown as ReturnType<typeof mockGateway> & {
    proposeMessage: ReturnType<typeof vi.fn<GatewayClient['proposeMessage']>>;
  },
};

const wallet = {
  signTypedData: vi.fn(),
  requestWalletRuntime: vi.fn(),
};
const signer = fakeSigner({}, { signTypedData: wallet.signTypedData }, wallet.requestWalletRuntime);

const ownerA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const signature = `0x${'12'.repeat(64)}1b`;

const order = {
  domain: { name: 'Exchange', version: '2', chainId: 1337, verifyingContract: teamSafeAddress },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Order: [
      { name: 'maker', type: 'Person' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  message: { maker: { name: 'Alice', wallet: ownerA }, amount: '1000' },
};

const open = () =>
  openSafePage(messagesRoutes, `/local:${teamSafeAddress}/new-message`, gateway.current, signer);

/** Types into the field as a user would; `{` and `[` are special to user-event, so JSON is pasted. */
async function enter(text: string) {
  const field = await screen.findByTestId('message-input');
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

beforeAll(() => import('./pages'), 20_000);

beforeEach(() => {
  gateway.current = { ...mockGateway(), proposeMessage: vi.fn().mockResolvedValue(undefined) };
  signer.set({ status: 'connected', address: ownerA });
  wallet.signTypedData.mockReset().mockResolvedValue({ ok: true, value: { signature, address: ownerA } });
  wallet.requestWalletRuntime.mockReset();
});

describe('Sign a message', () => {
  it('text: reviewed in full with its hashes, signed as a SafeMessage, created on the gateway, then opened', async () => {
    const text = 'We approve the 2027 budget.\nSigned off-chain.';
    const contentHash = hashMessage(text);
    const hashes = safeMessageHashes({ chainId: 1337, safe: teamSafeAddress, message: contentHash });
    gateway.current.getMessage.mockResolvedValue({
      messageHash: hashes.safeMessageHash,
      status: 'NEEDS_CONFIRMATION',
      logoUri: null,
      name: null,
      message: text,
      creationTimestamp: 1,
      modifiedTimestamp: 1,
      confirmationsSubmitted: 1,
      confirmationsRequired: 2,
      proposedBy: { value: ownerA, name: null, logoUri: null },
      confirmations: [{ owner: { value: ownerA, name: null, logoUri: null }, signature }],
      preparedSignature: null,
      origin: null,
    } satisfies SafeMessage);
    const { router } = open();
    await enter(text);
    await userEvent.click(screen.getByTestId('review-message'));

    expect(await screen.findByTestId('message-text')).toHaveTextContent(
      'We approve the 2027 budget. Signed off-chain.',
    );
    expect(screen.getByTestId('message-content-hash')).toHaveTextContent(contentHash);
    expect(screen.getByTestId('safe-message-hash')).toHaveTextContent(hashes.safeMessageHash);
    expect(screen.getByTestId('domain-hash')).toHaveTextContent(hashes.domainHash);
    expect(screen.getByTestId('struct-hash')).toHaveTextContent(hashes.structHash);
    // What the owner's device shows for the SafeMessage they sign, line by line.
    const screenOfDevice = screen.getByRole('region', { name: 'On your hardware wallet’s screen' });
    const device = within(screenOfDevice);
    expect(device.getByText('Domain hash').nextSibling).toHaveTextContent(hashes.domainHash);
    expect(device.getByText('Message hash').nextSibling).toHaveTextContent(hashes.structHash);
    expect(device.getByTestId('hardware-message-field')).toHaveTextContent(contentHash);
    expect(screenOfDevice).toHaveTextContent(
      'The text itself is not on the device: it signs this Safe’s SafeMessage, whose message field is the content hash above.',
    );
    expect(screen.queryByTestId('hash-check')).toBeNull();
    expect(screen.getByTestId('signer-owner')).toHaveTextContent('You sign as');

    await userEvent.click(screen.getByTestId('sign-message'));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/local:${teamSafeAddress}/messages/${hashes.safeMessageHash}`,
      ),
    );
    expect(wallet.signTypedData).toHaveBeenCalledWith(
      {
        domain: { chainId: 1337, verifyingContract: teamSafeAddress },
        types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
        primaryType: 'SafeMessage',
        message: { message: contentHash },
      },
      { chainId: 1337 },
    );
    expect(gateway.current.proposeMessage).toHaveBeenCalledWith({
      chainId: '1337',
      safeAddress: teamSafeAddress,
      body: {
        message: text,
        signature,
        safeAppId: null,
        origin: JSON.stringify({ name: 'Countersign', url: window.location.origin }),
      },
    });
  });

  it('typed data: its primary type found, shown by structure, and sent with it', async () => {
    open();
    await userEvent.click(await screen.findByTestId('message-kind-typed-data'));
    await enter(JSON.stringify(order));
    await userEvent.click(screen.getByTestId('review-message'));
    expect(await screen.findByTestId('primary-type')).toHaveTextContent('Order');
    expect(screen.getByTestId('domain-name')).toHaveTextContent('Exchange');
    const contentHash = hashTypedData({ ...order, primaryType: 'Order' } as unknown as TypedDataDefinition);
    expect(screen.getByTestId('message-content-hash')).toHaveTextContent(contentHash);
    gateway.current.proposeMessage.mockRejectedValue(
      new GatewayError('422: Message already exists', 422, { code: 422, message: 'Message already exists' }),
    );
    await userEvent.click(screen.getByTestId('sign-message'));
    // The gateway's refusal, word for word, and a way to the message it already has.
    expect(await screen.findByTestId('sign-outcome-message')).toHaveTextContent(
      '422: Message already exists',
    );
    expect(screen.getByTestId('sign-outcome')).toHaveTextContent('The gateway refused the message');
    const hash = safeMessageHashes({
      chainId: 1337,
      safe: teamSafeAddress,
      message: contentHash,
    }).safeMessageHash;
    expect(screen.getByTestId('open-existing-message')).toHaveAttribute(
      'href',
      `/local:${teamSafeAddress}/messages/${hash}`,
    );
    expect(gateway.current.proposeMessage.mock.calls[0]?.[0].body.message).toEqual({
      ...order,
      primaryType: 'Order',
    });
  });

  it('refuses typed data whose primary type cannot be told, in the specification’s words', async () => {
    open();
    await userEvent.click(await screen.findByTestId('message-kind-typed-data'));
    await enter(
      JSON.stringify({ ...order, types: { ...order.types, Other: [{ name: 'x', type: 'uint8' }] } }),
    );
    await userEvent.click(screen.getByTestId('review-message'));
    expect(await screen.findByTestId('message-input-error')).toHaveTextContent(
      /^Please specify primaryType$/,
    );
    expect(screen.getByTestId('message-input')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('message-input')).toHaveFocus();
    expect(screen.queryByTestId('message-review')).toBeNull();
  });

  it('a declined signature keeps everything entered and says so; nothing reaches the gateway', async () => {
    wallet.signTypedData.mockResolvedValue({
      ok: false,
      error: { kind: 'rejected', code: 4001, message: 'You declined the signature request in your wallet.' },
    });
    open();
    await enter('Keep me');
    await userEvent.click(screen.getByTestId('review-message'));
    await userEvent.click(await screen.findByTestId('sign-message'));
    expect(await screen.findByTestId('sign-outcome-message')).toHaveTextContent(
      'You declined the signature request in your wallet.',
    );
    expect(screen.getByTestId('sign-outcome-kept')).toHaveTextContent('Everything you entered is kept');
    expect(gateway.current.proposeMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('sign-message')).toBeEnabled();
    await userEvent.click(screen.getByTestId('edit-message'));
    expect(screen.getByTestId('message-input')).toHaveValue('Keep me');
    expect(screen.getByTestId('message-input')).toHaveFocus();
  });

  it('no wallet: offers to connect; an account that is not an owner cannot sign, and is told why', async () => {
    signer.set({ status: 'disconnected', address: undefined });
    const view = open();
    await enter('Hello');
    await userEvent.click(screen.getByTestId('review-message'));
    expect(screen.getByTestId('sign-message')).toBeDisabled();
    await userEvent.click(screen.getByTestId('signer-connect'));
    expect(wallet.requestWalletRuntime).toHaveBeenCalledWith({ open: true });
    view.unmount();
    signer.set({ status: 'connected', address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9' });
    open();
    await enter('Hello');
    await userEvent.click(screen.getByTestId('review-message'));
    expect(screen.getByTestId('signer-not-owner')).toHaveTextContent('is not an owner of this Safe');
    expect(screen.getByTestId('sign-message')).toBeDisabled();
  });

  it('an empty text is not a message', async () => {
    open();
    await userEvent.click(await screen.findByTestId('review-message'));
    expect(screen.getByTestId('message-input-error')).toHaveTextContent('Enter the message to sign.');
  });
});
