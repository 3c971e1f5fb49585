import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeReply } from '@countersign/safe-apps-bridge';
import type { TransactionDetails } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, teamSafe, renderSafePage, testSafe } from '../../../testing';
import { transactionQueryOptions } from '../../safe';
import { AppFrame, APP_ALLOW, APP_SANDBOX } from './AppFrame';
import { SAFE_APPS_STORAGE_KEY, storedApp } from './appStore';
import type { HostedApp } from './useAppHost';

// The one review screen stands in as a double: its own tests cover it; here only its callbacks matter.
vi.mock('../../tx-flow', () => ({
  TxReview: ({
    draft,
    onBack,
    onDone,
  }: {
    draft: { title: string; actions: unknown[] };
    onBack: () => void;
    onDone: (result: { safeTxHash: string; txId: string }) => void;
  }) => (
    <div data-testid="tx-review">
      <p data-testid="review-title">{draft.title}</p>
      <p data-testid="review-count">{draft.actions.length}</p>
      <p data-testid="review-first">
        {JSON.stringify(draft.actions[0], (_key, value: unknown) =>
          typeof value === 'bigint' ? value.toString() : value,
        )}
      </p>
      <button onClick={onBack} data-testid="review-back">
        Back
      </button>
      <button
        onClick={() => onDone({ safeTxHash: `0x${'cd'.repeat(32)}`, txId: 'multisig_x' })}
        data-testid="review-sign"
      >
        Sign
      </button>
    </div>
  ),
}));

vi.mock('../../messages', () => ({
  HashList: () => null,
  MessageContentView: () => null,
  SignerHint: () => null,
  computeMessageHashes: () => ({ ok: false, kind: 'EIP-191', reason: 'test' }),
  useOwnerAccount: () => ({ account: undefined, isOwner: false, settling: false }),
}));

const APP_ORIGIN = 'https://127.0.0.1:4107';
const app: HostedApp = {
  url: `${APP_ORIGIN}/tool/`,
  origin: APP_ORIGIN,
  name: 'Tool <b>x</b>',
  safeAppId: null,
};

/** Stands in for the app's window (happy-dom does not load cross-origin frames). */
function attachAppWindow() {
  const frame = screen.getByTestId('safe-app-frame') as HTMLIFrameElement;
  const replies: { message: BridgeReply; origin: string }[] = [];
  const appWindow = {
    postMessage: (message: BridgeReply, origin: string) => replies.push({ message, origin }),
  };
  Object.defineProperty(frame, 'contentWindow', { configurable: true, value: appWindow });
  const send = (data: unknown, { origin = APP_ORIGIN, source = appWindow as unknown } = {}) => {
    const event = new MessageEvent('message', { data, origin });
    Object.defineProperty(event, 'source', { value: source });
    act(() => {
      window.dispatchEvent(event);
    });
  };
  const request = (id: string, method: string, params?: unknown) => ({
    id,
    method,
    params,
    env: { sdkVersion: '9.1.0' },
  });
  return { frame, replies, send, request };
}

describe('AppFrame', () => {
  beforeEach(() => localStorage.removeItem(SAFE_APPS_STORAGE_KEY));
  afterEach(() => vi.useRealTimers());

  it('frames the app sandboxed, with clipboard-write only, loading until it has loaded', () => {
    renderSafePage(<AppFrame app={app} />);
    const frame = screen.getByTestId('safe-app-frame');
    expect(frame).toHaveAttribute('sandbox', APP_SANDBOX);
    expect(APP_SANDBOX).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads',
    );
    expect(frame).toHaveAttribute('allow', APP_ALLOW);
    expect(APP_ALLOW).toBe('clipboard-write');
    expect(frame).toHaveAttribute('src', app.url);
    expect(screen.getByTestId('safe-app-loading')).toBeInTheDocument();
    fireEvent.load(frame);
    expect(screen.queryByTestId('safe-app-loading')).toBeNull();
    expect(screen.getByTestId('safe-app-host')).toHaveAttribute('data-status', 'ready');
  });

  it('reports an app that does not load, and retries', async () => {
    renderSafePage(<AppFrame app={app} loadTimeoutMs={30} />);
    const failed = await screen.findByTestId('safe-app-failed');
    expect(failed).toHaveTextContent('Tool <b>x</b> did not load');
    await userEvent.click(screen.getByTestId('safe-app-retry'));
    expect(screen.getByTestId('safe-app-loading')).toBeInTheDocument();
    fireEvent.load(screen.getByTestId('safe-app-frame'));
    expect(screen.queryByTestId('safe-app-failed')).toBeNull();
  });

  it('answers getSafeInfo at once, to the app origin only, and ignores other windows and origins', () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    send(request('a1', 'getSafeInfo'));
    expect(replies).toEqual([
      {
        origin: APP_ORIGIN,
        message: expect.objectContaining({
          id: 'a1',
          success: true,
          data: expect.objectContaining({
            safeAddress: teamSafe.address.value,
            chainId: Number(devnetChain.chainId),
          }),
        }),
      },
    ]);
    send(request('a2', 'getSafeInfo'), { origin: 'https://127.0.0.1:4666' });
    send(request('a3', 'getSafeInfo'), { source: window });
    expect(replies).toHaveLength(1);
  });

  it('sends an app’s transactions to the review as one draft and answers the safeTxHash', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    const to = '0x1111111111111111111111111111111111111111';
    send(
      request('t1', 'sendTransactions', {
        txs: [
          { to, value: '0', data: '0x' },
          { to, value: '1', data: '0x' },
        ],
      }),
    );
    expect(await screen.findByTestId('tx-review')).toBeInTheDocument();
    expect(screen.getByTestId('review-count')).toHaveTextContent('2');
    await userEvent.click(screen.getByTestId('review-sign'));
    await waitFor(() =>
      expect(replies.map((reply) => reply.message)).toEqual([
        expect.objectContaining({ id: 't1', success: true, data: { safeTxHash: `0x${'cd'.repeat(32)}` } }),
      ]),
    );
    expect(screen.queryByTestId('tx-review')).toBeNull();
  });

  it('says in Countersign’s own words that the app’s transaction is in the queue, with a link to it', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { send, request } = attachAppWindow();
    expect(screen.queryByTestId('app-tx-notice')).toBeNull();
    send(request('n1', 'sendTransactions', { txs: [{ to: '0x1111111111111111111111111111111111111111' }] }));
    await userEvent.click(await screen.findByTestId('review-sign'));
    expect(await screen.findByTestId('app-tx-notice')).toHaveTextContent(
      'Transaction proposed: it is in the queue',
    );
    expect(screen.getByTestId('app-tx-notice-link')).toHaveAttribute(
      'href',
      testSafe.paths.transaction('multisig_x'),
    );
    await userEvent.click(screen.getByTestId('app-tx-notice-dismiss'));
    expect(screen.queryByTestId('app-tx-notice')).toBeNull();
  });

  it('says the app’s transaction was executed when the review executed it', async () => {
    renderSafePage(<AppFrame app={app} />, {
      seed: (client) =>
        client.setQueryData(
          transactionQueryOptions(fakeGateway(), devnetChain.chainId, testSafe.address, 'multisig_x')
            .queryKey,
          { txStatus: 'SUCCESS' } as TransactionDetails,
        ),
    });
    const { send, request } = attachAppWindow();
    send(request('n2', 'sendTransactions', { txs: [{ to: '0x1111111111111111111111111111111111111111' }] }));
    await userEvent.click(await screen.findByTestId('review-sign'));
    expect(await screen.findByTestId('app-tx-notice')).toHaveTextContent('Transaction executed');
  });

  it('answers a rejected transaction with an error', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    send(request('t2', 'sendTransactions', { txs: [{ to: '0x1111111111111111111111111111111111111111' }] }));
    await userEvent.click(await screen.findByTestId('review-back'));
    await waitFor(() =>
      expect(replies[0]?.message).toEqual(
        expect.objectContaining({ id: 't2', success: false, error: 'Transaction was rejected' }),
      ),
    );
  });

  it('asks before granting the address book, and remembers the grant', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    send(request('p1', 'requestAddressBook'));
    await waitFor(() =>
      expect(replies[0]?.message).toEqual(
        expect.objectContaining({ success: false, error: 'Permissions rejected' }),
      ),
    );

    send(request('p2', 'wallet_requestPermissions', [{ requestAddressBook: {} }]));
    const prompt = await screen.findByTestId('permission-prompt');
    expect(prompt).toHaveTextContent('Tool <b>x</b>');
    expect(prompt).toHaveTextContent('Read your address book');
    await userEvent.click(screen.getByTestId('permission-reject'));
    await waitFor(() =>
      expect(replies[1]?.message).toEqual(
        expect.objectContaining({ id: 'p2', error: 'Permissions rejected' }),
      ),
    );
    expect(storedApp(APP_ORIGIN).permissions).toEqual([]);

    send(request('p3', 'wallet_requestPermissions', [{ requestAddressBook: {} }]));
    await userEvent.click(await screen.findByTestId('permission-accept'));
    await waitFor(() =>
      expect(replies[2]?.message).toEqual(
        expect.objectContaining({
          id: 'p3',
          success: true,
          data: [expect.objectContaining({ invoker: APP_ORIGIN, parentCapability: 'requestAddressBook' })],
        }),
      ),
    );
    send(request('p4', 'requestAddressBook'));
    await waitFor(() =>
      expect(replies[3]?.message).toEqual(expect.objectContaining({ id: 'p4', success: true, data: [] })),
    );
  });

  it('refuses a permission request for anything else without a prompt', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    send(request('q1', 'wallet_requestPermissions', [{ eth_accounts: {} }]));
    await waitFor(() =>
      expect(replies[0]?.message).toEqual(
        expect.objectContaining({ error: 'Permissions request is invalid' }),
      ),
    );
    expect(screen.queryByTestId('permission-prompt')).toBeNull();
  });

  it('signs on chain through SignMessageLib, in the review, when the app turned off-chain signing off', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    send(request('s1', 'rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: false }] }));
    send(request('s2', 'signMessage', { message: 'hello' }));
    expect(await screen.findByTestId('review-title')).toHaveTextContent(
      `Sign a message on chain for ${app.name}`,
    );
    const action = JSON.parse(screen.getByTestId('review-first').textContent ?? '{}') as Record<
      string,
      unknown
    >;
    expect(action).toMatchObject({
      to: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
      value: '0',
      operation: 1,
    });
    // signMessage(bytes) of the message's EIP-191 hash.
    expect(action.data).toMatch(/^0x85a5affe/);
    await userEvent.click(screen.getByTestId('review-sign'));
    await waitFor(() =>
      expect(replies.map((reply) => reply.message)).toContainEqual(
        expect.objectContaining({ id: 's2', success: true, data: { safeTxHash: `0x${'cd'.repeat(32)}` } }),
      ),
    );
  });

  it('keeps the app’s off-chain signing setting (safe_setSettings)', async () => {
    renderSafePage(<AppFrame app={app} />);
    const { replies, send, request } = attachAppWindow();
    send(request('s1', 'rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: false }] }));
    await waitFor(() =>
      expect(replies[0]?.message).toEqual(expect.objectContaining({ data: { offChainSigning: false } })),
    );
    expect(storedApp(APP_ORIGIN).offChainSigning).toBe(false);
  });
});
