import type { ReactNode } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, hashMessage, type Hex } from 'viem';
import { safe141, signMessageLibAbi } from '@countersign/safe-core';
import { fakeSigner, renderSafePage, teamSafeAddress } from '../../testing';
import { SignatureRequestDialog } from '../apps';
import type { ConnectorEvents, DappConnector, DappSession, SessionRequest } from './connector';
import { DappRequests } from './DappRequests';

// The owner's wallet and the one review screen are played here (the review's own tests cover it;
// here only what it is given and its callbacks matter); the chain's node is a stub answering eth_call.
const signer = fakeSigner({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
/** A Safe's page, with the wallet played by `signer`. */
const renderSigned = (element: ReactNode, options: Parameters<typeof renderSafePage>[1] = {}) =>
  renderSafePage(element, { signer, ...options });
vi.mock('../tx-flow', () => ({
  TxReview: ({
    draft,
    onBack,
    onDone,
  }: {
    draft: { title: string; actions: { to: string; value: bigint; data: Hex; operation?: number }[] };
    onBack: () => void;
    onDone: (result: { safeTxHash: string; txId: string }) => void;
  }) => (
    <div data-testid="tx-review">
      <p data-testid="review-title">{draft.title}</p>
      <p data-testid="review-actions">
        {JSON.stringify(draft.actions, (_key, value: unknown) =>
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
        Propose
      </button>
    </div>
  ),
}));

const magic = `0x1626ba7e${'0'.repeat(56)}`;
const notValid = `0x${'0'.repeat(64)}`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  // Unmounted first: nothing of the page may reach the real network once the chain's stub is gone.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function fakeConnector() {
  const listeners = new Set<ConnectorEvents['request']>();
  let sessions: DappSession[] = [
    {
      topic: 't1',
      dapp: { name: 'Swapper <b>', url: 'https://swapper.example', description: '', icons: [] },
      accounts: [`eip155:1337:${teamSafeAddress}`],
      chains: ['eip155:1337'],
      connectedAt: Date.now(),
      expiresAt: Date.now() + 86_400_000,
    },
  ];
  const connector = {
    pair: vi.fn(async () => undefined),
    approve: vi.fn(async () => undefined),
    reject: vi.fn(async () => undefined),
    sessions: () => sessions,
    disconnect: vi.fn(async () => undefined),
    respond: vi.fn(async () => undefined),
    addChain: vi.fn(async () => undefined),
    emit: vi.fn(async () => undefined),
    pendingRequests: () => [],
    on: <E extends keyof ConnectorEvents>(_event: E, listener: ConnectorEvents[E]) => {
      listeners.add(listener as ConnectorEvents['request']);
      return () => void listeners.delete(listener as ConnectorEvents['request']);
    },
  } satisfies DappConnector;
  return {
    connector,
    endSession: () => {
      sessions = [];
    },
    request: (method: string, params: unknown, id: number) => {
      const request: SessionRequest = {
        id,
        topic: 't1',
        chainId: 'eip155:1337',
        method,
        params,
        verifyContext: undefined,
      };
      for (const listener of listeners) listener(request);
    },
  };
}

/** The chain's node: isValidSignature answers the magic value once `executed` says so. */
function stubChain() {
  const state = { executed: false, calls: [] as { to: string; data: string }[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as {
        method?: string;
        params?: [{ to: string; data: string }];
      };
      if (body.method !== 'eth_call' || !body.params) return new Response('no', { status: 500 });
      state.calls.push(body.params[0]);
      return Response.json({ jsonrpc: '2.0', id: 1, result: state.executed ? magic : notValid });
    }),
  );
  return state;
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const message = '0x68656c6c6f206f6e20636861696e';
const signedHash = hashMessage({ raw: message });

/** Opens the dapp's personal_sign, chooses on chain and goes on to the review. */
async function chooseOnChain(request: ReturnType<typeof fakeConnector>['request']) {
  request('personal_sign', [message, teamSafeAddress], 7);
  const dialog = await screen.findByTestId('dapp-message-dialog');
  expect(within(dialog).getByTestId('dapp-sign-offchain')).toBeChecked();
  expect(within(dialog).queryByTestId('dapp-sign-onchain-note')).toBeNull();
  expect(within(dialog).getByTestId('sign-message')).toHaveTextContent('Sign');
  await user().click(within(dialog).getByTestId('dapp-sign-onchain'));
  expect(within(dialog).getByTestId('dapp-sign-onchain-note')).toHaveTextContent(
    'Swapper <b> gets its answer once the transaction is executed',
  );
  const next = within(dialog).getByTestId('sign-message');
  expect(next).toHaveTextContent('Review the transaction');
  await waitFor(() => expect(next).toBeEnabled());
  expect(within(dialog).getByTestId('signer-owner')).toHaveTextContent('whoever executes it pays the gas');
  await user().click(next);
  return screen.findByTestId('dapp-onchain-sign-dialog');
}

describe('a dapp’s message signed on chain', () => {
  it('drafts a delegatecall to SignMessageLib for the dapp’s hash, and answers 0x once the Safe accepts it', async () => {
    const chain = stubChain();
    const { connector, request } = fakeConnector();
    renderSigned(<DappRequests connector={connector} />);
    const dialog = await chooseOnChain(request);
    expect(dialog).toHaveTextContent('Sign a message on chain for Swapper <b>');
    expect(within(dialog).getByTestId('dapp-onchain-note')).toHaveTextContent(
      'gets its answer once this transaction is executed',
    );
    const actions = JSON.parse((await within(dialog).findByTestId('review-actions')).textContent ?? '[]') as {
      to: string;
      value: string;
      data: Hex;
      operation: number;
    }[];
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ to: safe141.signMessageLib, value: '0', operation: 1 });
    expect(decodeFunctionData({ abi: signMessageLibAbi, data: actions[0]!.data })).toEqual({
      functionName: 'signMessage',
      args: [signedHash],
    });

    await user().click(within(dialog).getByTestId('review-sign'));
    await waitFor(() => expect(screen.queryByTestId('dapp-onchain-sign-dialog')).toBeNull());
    // Asked at once: not executed yet, so the dapp waits.
    await waitFor(() => expect(chain.calls.length).toBeGreaterThanOrEqual(2));
    expect(connector.respond).not.toHaveBeenCalled();
    for (const call of chain.calls) {
      expect(call.to).toBe(teamSafeAddress);
      expect(call.data).toContain(signedHash.slice(2));
    }
    await vi.advanceTimersByTimeAsync(4_000);
    expect(connector.respond).not.toHaveBeenCalled();
    chain.executed = true;
    await vi.advanceTimersByTimeAsync(6_000);
    await waitFor(() => expect(connector.respond).toHaveBeenCalledTimes(1));
    expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), { result: '0x' });
    const asked = chain.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(chain.calls.length).toBe(asked);
  });

  it('answers 4001 when the owner rejects the review', async () => {
    stubChain();
    const { connector, request } = fakeConnector();
    renderSigned(<DappRequests connector={connector} />);
    const dialog = await chooseOnChain(request);
    await user().click(await within(dialog).findByTestId('review-back'));
    await waitFor(() =>
      expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), {
        error: { code: 4001, message: 'User rejected the request.' },
      }),
    );
  });

  it('stops watching when the session ends or the Safe’s pages unmount', async () => {
    for (const ending of ['session', 'unmount'] as const) {
      const chain = stubChain();
      const { connector, request, endSession } = fakeConnector();
      const { unmount } = renderSigned(<DappRequests connector={connector} />);
      const dialog = await chooseOnChain(request);
      await user().click(await within(dialog).findByTestId('review-sign'));
      await waitFor(() => expect(chain.calls.length).toBeGreaterThanOrEqual(2));
      if (ending === 'session') endSession();
      else unmount();
      await vi.advanceTimersByTimeAsync(4_000);
      const asked = chain.calls.length;
      chain.executed = true;
      await vi.advanceTimersByTimeAsync(120_000);
      expect(chain.calls.length).toBe(asked);
      expect(connector.respond).not.toHaveBeenCalled();
      if (ending === 'session') unmount();
      vi.unstubAllGlobals();
    }
  });
});

describe('SignatureRequestDialog without the on-chain option (Safe Apps)', () => {
  it('offers no choice: Sign signs off-chain', async () => {
    stubChain();
    renderSigned(
      <SignatureRequestDialog
        requester={{ name: 'App', url: 'https://app.example', safeAppId: null }}
        content="hello"
        title="Signature requested"
        intro="An off-chain message"
        testIdPrefix="app"
        onSigned={vi.fn()}
        onReject={vi.fn()}
      />,
    );
    const dialog = await screen.findByTestId('app-message-dialog');
    expect(within(dialog).queryByTestId('dapp-sign-onchain')).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByTestId('sign-message')).toHaveTextContent('Sign');
  });
});
