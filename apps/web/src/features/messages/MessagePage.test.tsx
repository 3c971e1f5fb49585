import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashMessage, hashTypedData, type Hex } from 'viem';
import { GatewayError, type SafeMessage, type TypedData } from '@countersign/gateway-api';
import { devnetChain, fakeSigner, teamSafeAddress, renderWithRouter } from '../../testing';
import { messagesRoutes } from './index';
import { mockGateway, openSafePage } from './testSafePage';
import type * as OnChainCheckModule from './sign/onChainCheck';
import { TypedDataView } from './TypedDataView';

const gateway = { current: undefined as unknown as ReturnType<typeof mockGateway> };

/** The Safe's answer on chain, scripted: the real eth_calls are tested against the devnet. */
const chain = vi.hoisted(() => ({ check: vi.fn() }));
vi.mock('./sign/onChainCheck', async (original) => ({
  ...(await original<typeof OnChainCheckModule>()),
  checkSignatureOnChain: chain.check,
}));

/** The wallet as a connected account (or none) with its signing scripted. */
const wallet = {
  signTypedData: vi.fn(),
  requestWalletRuntime: vi.fn(),
};
const signer = fakeSigner({}, { signTypedData: wallet.signTypedData }, wallet.requestWalletRuntime);

const validCheck = {
  valid: true,
  variants: [
    {
      variant: 'hash',
      signature: 'isValidSignature(bytes32 hash, bytes signatures)',
      expected: '0x1626ba7e',
      outcome: { kind: 'valid' },
    },
    {
      variant: 'bytes',
      signature: 'isValidSignature(bytes data, bytes signatures)',
      expected: '0x20c13b0b',
      outcome: { kind: 'valid' },
    },
  ],
};

const ownerA = { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: null, logoUri: null };
const ownerB = { value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', name: null, logoUri: null };

/** The SafeMessage hash of the team Safe on the devnet, computed with viem alone. */
const safeMessageHashOf = (contentHash: Hex) =>
  hashTypedData({
    domain: { chainId: 1337, verifyingContract: teamSafeAddress },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: contentHash },
  });

const safeMessage = (content: SafeMessage['message'], overrides: Partial<SafeMessage> = {}): SafeMessage => ({
  messageHash: safeMessageHashOf(
    typeof content === 'string'
      ? hashMessage(content)
      : hashTypedData(content as Parameters<typeof hashTypedData>[0]),
  ),
  status: 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: content,
  creationTimestamp: Date.parse('2026-05-03T10:00:00Z'),
  modifiedTimestamp: Date.parse('2026-05-03T11:00:00Z'),
  confirmationsSubmitted: 1,
  confirmationsRequired: 2,
  proposedBy: ownerA,
  confirmations: [{ owner: ownerA, signature: `0x${'ab'.repeat(65)}` }],
  preparedSignature: null,
  origin: '{"name":"Countersign demo"}',
  ...overrides,
});

const order: TypedData = {
  domain: {
    name: 'Exchange',
    version: '2',
    chainId: 1337,
    verifyingContract: teamSafeAddress,
    salt: `0x${'5a'.repeat(32)}`,
  },
  primaryType: 'Order',
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Order: [
      { name: 'maker', type: 'Person' },
      { name: 'recipients', type: 'address[]' },
      { name: 'payload', type: 'bytes' },
      { name: 'note', type: 'string' },
    ],
  },
  message: {
    maker: { name: 'Alice', wallet: ownerA.value },
    recipients: [ownerB.value],
    payload: '0xdeadbeef',
    note: '<img src=x onerror=alert(1)>\u202Egnp.exe',
  },
};

const open = (hash: string) =>
  openSafePage(messagesRoutes, `/local:${teamSafeAddress}/messages/${hash}`, gateway.current, signer);

beforeAll(() => import('./pages'), 20_000);

beforeEach(() => {
  gateway.current = mockGateway();
  chain.check.mockReset().mockResolvedValue(validCheck);
  signer.set({ status: 'disconnected', address: undefined });
  wallet.signTypedData.mockReset();
  wallet.requestWalletRuntime.mockReset();
});

describe('Message detail', () => {
  it('shows a text message with its state, both hashes checked, and its confirmations', async () => {
    const text = 'Countersign demo: we, the owners, approve the 2027 budget.';
    const message = safeMessage(text);
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByTestId('message-text')).toHaveTextContent(text);
    expect(screen.getByTestId('message-status')).toHaveTextContent('Needs confirmation');
    expect(screen.getByTestId('message-confirmations-count')).toHaveTextContent('1 of 2');
    expect(screen.getByTestId('message-origin')).toHaveTextContent('Countersign demo');
    expect(screen.getByTestId('message-content-hash')).toHaveTextContent(hashMessage(text));
    expect(screen.getByTestId('safe-message-hash')).toHaveTextContent(message.messageHash);
    expect(screen.getByTestId('hash-check')).toHaveTextContent('Matches the hash computed here');
    const confirmation = screen.getByTestId('message-confirmation');
    expect(within(confirmation).getByTestId('confirmation-signature')).toHaveAttribute(
      'data-value',
      `0x${'ab'.repeat(65)}`,
    );
    expect(within(confirmation).getByRole('button', { name: 'Copy signature' })).toBeInTheDocument();
    expect(screen.queryByTestId('prepared-signature')).toBeNull();
    expect(gateway.current.getMessage).toHaveBeenCalledWith(
      { chainId: '1337', messageHash: message.messageHash },
      expect.anything(),
    );
  });

  it('keeps a 100 kB message usable: the first part, then all of it on request', async () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(3_700)}THE END`;
    const message = safeMessage(text);
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    const box = await screen.findByTestId('message-text');
    expect(box.textContent!.length).toBeLessThan(2_100);
    expect(box).not.toHaveTextContent('THE END');
    const toggle = screen.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(box).toHaveTextContent('THE END');
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeInTheDocument();
    expect(screen.getByTestId('hash-check')).toHaveTextContent('Matches');
  });

  it('says when the gateway’s hash is not this Safe’s, and shows the one computed here', async () => {
    const message = safeMessage('hello', { messageHash: `0x${'9'.repeat(64)}` });
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByTestId('hash-check')).toHaveTextContent('Differs from the hash computed here');
    expect(screen.getByTestId('computed-safe-message-hash')).toHaveTextContent(
      safeMessageHashOf(hashMessage('hello')),
    );
  });

  it('shows the prepared signature of a confirmed message', async () => {
    const prepared = `0x${'cd'.repeat(130)}`;
    const message = safeMessage('done', {
      status: 'CONFIRMED',
      confirmationsSubmitted: 2,
      confirmations: [
        { owner: ownerA, signature: `0x${'ab'.repeat(65)}` },
        { owner: ownerB, signature: `0x${'ef'.repeat(65)}` },
      ],
      preparedSignature: prepared,
    });
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByTestId('prepared-signature')).toHaveAttribute('data-value', prepared);
    expect(await screen.findByText('Signature checked on chain')).toBeInTheDocument();
    expect(screen.getByTestId('message-status')).toHaveTextContent(/^Confirmed$/);
    expect(screen.getByTestId('signature-check-row')).toHaveTextContent(
      'Both forms of the Safe’s isValidSignature returned their magic values.',
    );
    expect(screen.getAllByTestId('message-confirmation')).toHaveLength(2);
    // The Safe was asked about the prepared signature, for the hash of the text computed here.
    expect(chain.check).toHaveBeenCalledWith({
      rpcUrl: 'http://127.0.0.1:8545',
      safe: teamSafeAddress,
      contentHash: hashMessage('done'),
      signatures: prepared,
    });
    expect(screen.getByTestId('signature-check-hash')).toHaveTextContent('Valid');
    expect(screen.getByTestId('signature-check-bytes')).toHaveTextContent('0x20c13b0b');
    expect(screen.queryByTestId('message-actions')).toBeNull();
  });

  it('shows Confirmed only once the Safe accepts the signature on chain, and a refusal plainly', async () => {
    chain.check.mockResolvedValue({
      valid: false,
      variants: [
        { ...validCheck.variants[0], outcome: { kind: 'reverted', reason: 'GS026' } },
        { ...validCheck.variants[1], outcome: { kind: 'wrong-value', returned: '0x' } },
      ],
    });
    const message = safeMessage('refused', {
      status: 'CONFIRMED',
      confirmationsSubmitted: 2,
      confirmations: [
        { owner: ownerB, signature: `0x${'ef'.repeat(65)}` },
        { owner: ownerA, signature: `0x${'ab'.repeat(65)}` },
      ],
      preparedSignature: null,
    });
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByText('Not accepted by the Safe')).toBeInTheDocument();
    expect(screen.getByTestId('message-status')).not.toHaveTextContent('Confirmed');
    expect(screen.getByTestId('signature-check')).toHaveTextContent(
      'The gateway counts this message as confirmed, but the Safe’s isValidSignature does not accept the combined signature',
    );
    expect(screen.getByTestId('signature-check-hash')).toHaveTextContent('Reverted: GS026');
    expect(screen.getByTestId('signature-check-bytes')).toHaveTextContent(
      'Returned nothing (0x) instead of 0x20c13b0b',
    );
    // Without a prepared signature, the confirmations are combined here, sorted by owner (B's 0x3C44… first).
    expect(chain.check).toHaveBeenCalledWith(
      expect.objectContaining({ signatures: `0x${'ef'.repeat(65)}${'ab'.repeat(65)}` }),
    );
  });

  it('says when the chain cannot be asked, and asks again on request', async () => {
    const { SignatureCheckUnavailableError } = await import('./sign/onChainCheck');
    chain.check.mockRejectedValueOnce(new SignatureCheckUnavailableError('The chain’s RPC does not answer'));
    const message = safeMessage('later', {
      status: 'CONFIRMED',
      confirmationsSubmitted: 2,
      preparedSignature: `0x${'cd'.repeat(130)}`,
    });
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByText('Not checked on chain')).toBeInTheDocument();
    expect(screen.getByTestId('signature-check')).toHaveTextContent('The chain’s RPC does not answer');
    await userEvent.click(screen.getByTestId('signature-check-retry'));
    expect(await screen.findByText('Signature checked on chain')).toBeInTheDocument();
  });

  it('shows typed data structurally and checks its hashes', async () => {
    const message = safeMessage(order);
    gateway.current.getMessage.mockResolvedValue(message);
    const { container } = open(message.messageHash);
    expect(await screen.findByTestId('primary-type')).toHaveTextContent('Order');
    expect(screen.getByTestId('message-preview')).toHaveTextContent('Typed data: Order on Exchange');
    expect(screen.getByTestId('hash-check')).toHaveTextContent('Matches the hash computed here');
    expect(screen.getByTestId('message-content-hash')).toHaveTextContent(
      hashTypedData(order as Parameters<typeof hashTypedData>[0]),
    );
    expect(screen.getByTestId('invisible-warning')).toHaveTextContent('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('says the gateway has no such message', async () => {
    gateway.current.getMessage.mockRejectedValue(
      new GatewayError('404: Message not found', 404, { code: 404, message: 'Message not found' }),
    );
    open(`0x${'7'.repeat(64)}`);
    expect(await screen.findByTestId('error-message')).toHaveTextContent(
      'The gateway has no message with this hash on Countersign Devnet.',
    );
  });

  it('refuses a path that is not a message hash without asking the gateway', async () => {
    open('0x1234');
    expect(await screen.findByTestId('error-message')).toHaveTextContent(
      '0x followed by 64 hexadecimal digits',
    );
    expect(gateway.current.getMessage).not.toHaveBeenCalled();
  });
});

describe('Confirming a message', () => {
  const connect = (address: string) => {
    signer.set({ status: 'connected', address });
  };

  it('a connected owner who has not signed confirms it; the gateway gets the signature, the page refetches', async () => {
    connect(ownerB.value);
    const text = 'Confirm me';
    const message = safeMessage(text);
    const signature = `0x${'12'.repeat(64)}1b`;
    wallet.signTypedData.mockResolvedValue({ ok: true, value: { signature, address: ownerB.value } });
    gateway.current.getMessage.mockResolvedValue(message);
    const confirmMessage = vi.fn().mockResolvedValue(undefined);
    Object.assign(gateway.current, { confirmMessage });
    open(message.messageHash);
    expect(await screen.findByTestId('message-missing')).toHaveTextContent(
      'One more owner’s signature is needed.',
    );
    expect(screen.getByTestId('signer-owner')).toHaveTextContent('You sign as');
    await userEvent.click(screen.getByTestId('confirm-message'));
    expect(await screen.findByTestId('message-action-outcome')).toHaveTextContent('Signature added');
    // What the owner signs: the SafeMessage of this Safe, wrapping the text's EIP-191 hash, on its chain.
    expect(wallet.signTypedData).toHaveBeenCalledWith(
      {
        domain: { chainId: 1337, verifyingContract: teamSafeAddress },
        types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
        primaryType: 'SafeMessage',
        message: { message: hashMessage(text) },
      },
      { chainId: 1337 },
    );
    expect(confirmMessage).toHaveBeenCalledWith({
      chainId: '1337',
      messageHash: message.messageHash,
      signature,
    });
    expect(gateway.current.getMessage).toHaveBeenCalledTimes(2);
  });

  it('an owner who signed already is told so; no Confirm', async () => {
    connect(ownerA.value);
    const message = safeMessage('Signed by A');
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByTestId('message-signed-by-you')).toHaveTextContent(
      'You have signed this message as',
    );
    expect(screen.queryByTestId('confirm-message')).toBeNull();
  });

  it('an account that is not an owner sees why it cannot confirm; no wallet: Connect', async () => {
    const message = safeMessage('Not for strangers');
    gateway.current.getMessage.mockResolvedValue(message);
    const view = open(message.messageHash);
    await userEvent.click(await screen.findByTestId('signer-connect'));
    expect(wallet.requestWalletRuntime).toHaveBeenCalledWith({ open: true });
    expect(screen.getByTestId('confirm-message')).toBeDisabled();
    view.unmount();
    connect('0x976EA74026E726554dB657fA54763abd0C3a0aa9');
    open(message.messageHash);
    expect(await screen.findByTestId('signer-not-owner')).toHaveTextContent('is not an owner of this Safe');
    expect(screen.getByTestId('confirm-message')).toBeDisabled();
  });

  it('an owner is not offered to sign text that does not hash to its messageHash; both hashes are shown', async () => {
    connect(ownerB.value);
    const signed = safeMessage('Transfer the treasury to Mallory');
    const message = { ...signed, message: 'Good morning, owners' };
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    const refusal = await screen.findByTestId('message-hash-refused');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal).toHaveTextContent('The message does not match its hash: do not sign it');
    expect(within(refusal).getByTestId('refused-gateway-hash')).toHaveTextContent(signed.messageHash);
    expect(within(refusal).getByTestId('refused-computed-hash')).toHaveTextContent(
      safeMessageHashOf(hashMessage('Good morning, owners')),
    );
    expect(screen.getByTestId('message-text')).toHaveTextContent('Good morning, owners');
    expect(screen.queryByTestId('confirm-message')).toBeNull();
    expect(screen.queryByTestId('signer-owner')).toBeNull();
    expect(wallet.signTypedData).not.toHaveBeenCalled();
  });

  it('typed data with a field changed is refused too, confirmed or not', async () => {
    connect(ownerB.value);
    const signed = safeMessage(order, { status: 'CONFIRMED', preparedSignature: `0x${'cd'.repeat(130)}` });
    const message = { ...signed, message: { ...order, message: { ...order.message, payload: '0x00' } } };
    gateway.current.getMessage.mockResolvedValue(message);
    open(message.messageHash);
    expect(await screen.findByTestId('message-hash-refused')).toHaveTextContent(
      'The message does not match its hash: do not sign it',
    );
    expect(screen.queryByTestId('confirm-message')).toBeNull();
    expect(screen.getByTestId('hash-check')).toHaveTextContent('Differs from the hash computed here');
    expect(screen.queryByText('Signature checked on chain')).toBeNull();
  });

  it('a declined signature or a gateway refusal is said as it is', async () => {
    connect(ownerB.value);
    const message = safeMessage('Refuse me');
    gateway.current.getMessage.mockResolvedValue(message);
    const confirmMessage = vi.fn().mockRejectedValue(
      new GatewayError('422: Signature already added', 422, {
        code: 422,
        message: 'Signature already added',
      }),
    );
    Object.assign(gateway.current, { confirmMessage });
    wallet.signTypedData.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'rejected', code: 4001, message: 'You declined the signature request in your wallet.' },
    });
    open(message.messageHash);
    await userEvent.click(await screen.findByTestId('confirm-message'));
    expect(await screen.findByTestId('message-action-outcome-message')).toHaveTextContent(
      'You declined the signature request in your wallet.',
    );
    expect(confirmMessage).not.toHaveBeenCalled();
    wallet.signTypedData.mockResolvedValueOnce({
      ok: true,
      value: { signature: `0x${'12'.repeat(64)}1c`, address: ownerB.value },
    });
    await userEvent.click(screen.getByTestId('confirm-message'));
    expect(await screen.findByText('The gateway refused the signature')).toBeInTheDocument();
    expect(screen.getByTestId('message-action-outcome-message')).toHaveTextContent(
      '422: Signature already added',
    );
  });
});

describe('Typed data view', () => {
  const render = (typedData: TypedData) =>
    renderWithRouter(
      <TypedDataView typedData={typedData} chain={devnetChain} safeAddress={teamSafeAddress} />,
    );

  it('shows the domain: name, version, chain, verifying contract and salt', () => {
    render(order);
    expect(screen.getByTestId('domain-name')).toHaveTextContent('Exchange');
    expect(screen.getByTestId('domain-version')).toHaveTextContent('2');
    expect(screen.getByTestId('domain-chain-id')).toHaveTextContent('1337Countersign Devnet');
    const contract = screen.getByTestId('domain-verifying-contract');
    expect(within(contract).getByTestId('address-value')).toHaveTextContent(teamSafeAddress);
    expect(contract).toHaveTextContent('This Safe');
    expect(screen.getByTestId('domain-salt')).toHaveTextContent(`0x${'5a'.repeat(32)}`);
  });

  it('warns when the domain names another chain, and says which fields are not set', () => {
    render({ ...order, domain: { chainId: 1 } });
    expect(screen.getByTestId('domain-chain-id')).toHaveTextContent('Not this Safe’s chain');
    expect(screen.getByTestId('domain-name')).toHaveTextContent('Not set');
    expect(screen.getByTestId('domain-salt')).toHaveTextContent('Not set');
  });

  it('renders fields by their types: nested structs, arrays, addresses and bytes', () => {
    render(order);
    const tree = screen.getByTestId('typed-data-message');
    const names = within(tree)
      .getAllByTestId('typed-field-name')
      .map((name) => name.textContent);
    expect(names).toEqual(['maker', 'name', 'wallet', 'recipients', 'payload', 'note']);
    const maker = within(tree).getAllByTestId('typed-field')[0]!;
    // The nested struct's fields sit inside the maker's entry.
    expect(within(maker).getAllByTestId('typed-field')).toHaveLength(2);
    expect(within(maker).getByTestId('typed-address')).toHaveTextContent(ownerA.value);
    const items = within(tree).getAllByTestId('typed-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(`[0]${ownerB.value.slice(0, 6)}`);
    expect(within(tree).getByTestId('typed-bytes')).toHaveTextContent('0xdeadbeef');
    expect(
      within(tree)
        .getAllByTestId('typed-string')
        .map((value) => value.textContent),
    ).toEqual(['Alice', '<img src=x onerror=alert(1)>⟨U+202E⟩gnp.exe']);
    expect(within(tree).getAllByTestId('invisible-character')[0]).toHaveAttribute(
      'title',
      'U+202E RIGHT-TO-LEFT OVERRIDE: an invisible character',
    );
  });

  it('says when a value does not fit its type', () => {
    render({ ...order, message: { ...order.message, recipients: ['<script>alert(1)</script>'] } });
    expect(screen.getByTestId('typed-invalid')).toHaveTextContent(
      'Not an address: <script>alert(1)</script>',
    );
    expect(document.querySelector('script')).toBeNull();
  });

  it('keeps the raw JSON in a collapsible block', async () => {
    render(order);
    const summary = screen.getByText('Raw JSON');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(screen.getByTestId('typed-data-json')).toHaveTextContent('"primaryType": "Order"');
  });
});
