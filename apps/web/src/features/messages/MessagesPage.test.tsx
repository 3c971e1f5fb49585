import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MessageItem, SafeMessagePage } from '@countersign/gateway-api';
import { fakeSigner, teamSafeAddress } from '../../testing';
import { messagesRoutes } from './index';
import { mockGateway, openSafePage } from './testSafePage';

/** The wallet: none, unless a test connects an account. */
const signer = fakeSigner();

const gateway = { current: undefined as unknown as ReturnType<typeof mockGateway> };

const ownerA = { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: null, logoUri: null };
const now = Date.now();

const message = (overrides: Partial<MessageItem>): MessageItem => ({
  type: 'MESSAGE',
  messageHash: `0x${'1'.repeat(64)}`,
  status: 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: 'Approve the 2027 budget.',
  creationTimestamp: now,
  modifiedTimestamp: now,
  confirmationsSubmitted: 1,
  confirmationsRequired: 2,
  proposedBy: ownerA,
  confirmations: [{ owner: ownerA, signature: `0x${'ab'.repeat(65)}` }],
  preparedSignature: null,
  origin: null,
  ...overrides,
});

const page = (results: SafeMessagePage['results'], next: string | null = null): SafeMessagePage => ({
  count: results.length,
  next,
  previous: null,
  results,
});

const open = () =>
  openSafePage(messagesRoutes, `/local:${teamSafeAddress}/messages`, gateway.current, signer);

// The routes load their views lazily: loaded once up front, a test waits for data, not for code.
beforeAll(() => import('./pages'), 20_000);

beforeEach(() => {
  gateway.current = mockGateway();
});

afterEach(() => {
  signer.set({ status: 'disconnected', address: undefined });
});

describe('Messages list', () => {
  it('lists each message with its preview, app, status and confirmations under its day', async () => {
    gateway.current.getMessages.mockResolvedValue(
      page([
        { type: 'DATE_LABEL', timestamp: now - (now % 86_400_000) },
        message({ messageHash: `0x${'1'.repeat(64)}`, message: 'Approve\nthe 2027 budget.' }),
        message({
          messageHash: `0x${'2'.repeat(64)}`,
          status: 'CONFIRMED',
          confirmationsSubmitted: 2,
          name: 'CowSwap',
          message: {
            domain: { name: 'Gnosis Protocol', version: 'v2', chainId: 1337 },
            primaryType: 'Order',
            types: { Order: [{ name: 'sellAmount', type: 'uint256' }] },
            message: { sellAmount: '1' },
          },
        }),
      ]),
    );
    open();
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('message-row-preview')).toHaveTextContent('Approve the 2027 budget.');
    expect(within(rows[0]!).getByTestId('message-status-badge')).toHaveTextContent('Needs confirmation');
    expect(within(rows[0]!).getByTestId('message-row-confirmations')).toHaveTextContent(
      '1 of 2 confirmations',
    );
    expect(rows[0]).toHaveAttribute('href', `/local:${teamSafeAddress}/messages/0x${'1'.repeat(64)}`);
    expect(within(rows[1]!).getByTestId('message-row-preview')).toHaveTextContent(
      'Typed data: Order on Gnosis Protocol',
    );
    expect(within(rows[1]!).getByTestId('message-row-app')).toHaveTextContent('CowSwap');
    expect(within(rows[1]!).getByTestId('message-status-badge')).toHaveTextContent('Confirmed');
    expect(screen.getAllByTestId('messages-day').map((day) => day.textContent)).toEqual(['Today']);
  });

  it('says, as the queue does, which messages wait for the connected owner’s signature', async () => {
    const ownerB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    signer.set({ status: 'connected', address: ownerB });
    gateway.current.getMessages.mockResolvedValue(
      page([
        message({ messageHash: `0x${'1'.repeat(64)}` }),
        message({
          messageHash: `0x${'2'.repeat(64)}`,
          confirmations: [
            { owner: ownerA, signature: `0x${'ab'.repeat(65)}` },
            { owner: { ...ownerA, value: ownerB }, signature: `0x${'cd'.repeat(65)}` },
          ],
        }),
        message({ messageHash: `0x${'3'.repeat(64)}`, status: 'CONFIRMED', confirmationsSubmitted: 2 }),
      ]),
    );
    open();
    const rows = await screen.findAllByTestId('message-row');
    expect(within(rows[0]!).getByTestId('message-owner-state')).toHaveTextContent('Needs your signature');
    expect(within(rows[1]!).getByTestId('message-owner-state')).toHaveTextContent('You signed');
    expect(within(rows[2]!).queryByTestId('message-owner-state')).toBeNull();
  });

  it('says nothing of the owner’s part without a wallet', async () => {
    gateway.current.getMessages.mockResolvedValue(page([message({})]));
    open();
    await screen.findByTestId('message-row');
    expect(screen.queryByTestId('message-owner-state')).toBeNull();
  });

  it('shows an entry it cannot read as a row of its own, and the rest of the list', async () => {
    gateway.current.getMessages.mockResolvedValue(
      page([
        { type: 'DATE_LABEL', timestamp: now - (now % 86_400_000) },
        { type: 'UNREADABLE', raw: { type: 'MESSAGE', status: 'EXPIRED' }, issues: 'status: Invalid option' },
        message({}),
      ]),
    );
    open();
    expect(await screen.findByTestId('message-row-unreadable')).toHaveTextContent(
      'A message this app cannot readstatus: Invalid option',
    );
    expect(screen.getAllByTestId('message-row')).toHaveLength(1);
  });

  it('renders hostile text as text, with direction overrides made visible', async () => {
    gateway.current.getMessages.mockResolvedValue(
      page([message({ message: '<img src=x onerror=alert(1)>\u202Etxt.exe', name: '<b>app</b>' })]),
    );
    const { container } = open();
    const preview = await screen.findByTestId('message-row-preview');
    expect(preview).toHaveTextContent('<img src=x onerror=alert(1)>⟨U+202E⟩txt.exe');
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('loads the next page by the gateway’s cursor', async () => {
    gateway.current.getMessages
      .mockResolvedValueOnce(page([message({})], 'http://gateway.example/v1/x?cursor=limit%3D1%26offset%3D1'))
      .mockResolvedValueOnce(page([message({ messageHash: `0x${'3'.repeat(64)}`, message: 'Second page' })]));
    open();
    await screen.findByTestId('message-row');
    await userEvent.click(screen.getByRole('button', { name: 'Load more messages' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(gateway.current.getMessages.mock.calls[1]![0]).toEqual({
      chainId: '1337',
      safeAddress: teamSafeAddress,
      cursor: 'limit=1&offset=1',
    });
    expect(screen.getByText('All 2 messages shown')).toBeInTheDocument();
  });

  it('says what to expect when there are no messages', async () => {
    gateway.current.getMessages.mockResolvedValue(page([]));
    open();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No messages yet');
  });
});
