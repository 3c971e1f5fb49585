import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashMessage, hashTypedData, type Hex } from 'viem';
import { GatewayError, type SafeMessage, type TypedData } from '@countersign/gateway-api';
import { devnetChain, teamSafeAddress } from '../../testing/fixtures';
import { renderWithRouter } from '../../testing/render';
import { messagesRoutes } from './index';
import { mockGateway, openSafePage } from './testSafePage';
import { TypedDataView } from './TypedDataView';

const gateway = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof mockGateway> }));
vi.mock('../../lib/gateway', () => ({ getGateway: () => gateway.current }));

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

const open = (hash: string) => openSafePage(messagesRoutes, `/local:${teamSafeAddress}/messages/${hash}`);

beforeAll(() => import('./pages'), 20_000);

beforeEach(() => {
  gateway.current = mockGateway();
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
    expect(screen.getByTestId('message-status')).toHaveTextContent('Confirmed');
    expect(screen.getAllByTestId('message-confirmation')).toHaveLength(2);
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
