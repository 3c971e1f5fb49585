import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeEventTopics, hashMessage, type Hex } from 'viem';
import { GatewayError, type GatewayClient, type SafeMessage } from '@countersign/gateway-api';
import { safeAbi } from '@countersign/safe-core';
import { fakeGateway, fakeSigner, renderSafePage, teamSafeAddress } from '../../testing';
import { isWalletConnectActive, setWalletConnectActive } from './activity';
import type { ConnectorEvents, DappConnector, DappSession, SessionRequest } from './connector';
import { DappRequests } from './DappRequests';
import { DappRequestsBadge, WalletConnectRequests } from './index';

// The owner's wallet is the one thing played here: the Safe's signature comes from the gateway (its
// message already confirmed), and what is checked is what DappRequests does with it.
const signer = fakeSigner();
/** A Safe's page, with the wallet played by `signer`. */
const renderSigned = (element: ReactNode, options: Parameters<typeof renderSafePage>[1] = {}) =>
  renderSafePage(element, { signer, ...options });

const ownerA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const safeAccount = `eip155:1337:${teamSafeAddress}`;

beforeEach(() => {
  signer.set({ status: 'disconnected', address: undefined });
});
afterEach(() => {
  setWalletConnectActive(false);
  vi.unstubAllGlobals();
});

/** The connector's double: the test plays the dapp by emitting its requests. */
function fakeConnector() {
  const listeners = new Set<ConnectorEvents['request']>();
  const session: DappSession = {
    topic: 't1',
    dapp: { name: 'Swapper', url: 'https://swapper.example', description: '', icons: [] },
    accounts: [safeAccount],
    chains: ['eip155:1337'],
    connectedAt: Date.now(),
    expiresAt: Date.now() + 86_400_000,
  };
  const connector = {
    pair: vi.fn(async () => undefined),
    approve: vi.fn(async () => undefined),
    reject: vi.fn(async () => undefined),
    sessions: () => [session],
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
    request: (method: string, params: unknown, id: number, chainId = 'eip155:1337') => {
      const request: SessionRequest = { id, topic: 't1', chainId, method, params, verifyContext: undefined };
      for (const listener of listeners) listener(request);
    },
  };
}

/** The chain's node: JSON-RPC answers by method, anything else an error (as a node refuses). */
function stubNode(answers: Record<string, (params: unknown[]) => unknown>) {
  const node = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { method?: string; params?: unknown[] };
    const answer = body.method === undefined ? undefined : answers[body.method];
    if (answer === undefined) return new Response('no', { status: 500 });
    return Response.json({ jsonrpc: '2.0', id: 1, result: answer(body.params ?? []) });
  });
  vi.stubGlobal('fetch', node);
  return node;
}

const answerOf = (connector: ReturnType<typeof fakeConnector>['connector'], id: number) =>
  (connector.respond.mock.calls as unknown as [SessionRequest, unknown][]).find(
    ([request]) => request.id === id,
  )?.[1];

describe('WalletConnectRequests', () => {
  it('counts the requests that wait for the owner in the navigation’s badge, and none once the Safe’s pages are left', async () => {
    const { connector, request } = fakeConnector();
    const { unmount } = renderSigned(
      <>
        <DappRequestsBadge />
        <DappRequests connector={connector} />
      </>,
    );
    expect(screen.queryByTestId('dapp-requests-badge')).toBeNull();
    request('personal_sign', ['0x68656c6c6f', teamSafeAddress], 1);
    request('personal_sign', ['0x776f726c64', teamSafeAddress], 2);
    await waitFor(() =>
      expect(screen.getByTestId('dapp-requests-badge')).toHaveTextContent('2 dapp requests wait for you'),
    );
    unmount();
    renderSigned(<DappRequestsBadge />);
    expect(screen.queryByTestId('dapp-requests-badge')).toBeNull();
  });

  it('loads nothing of WalletConnect until the Dapps page was opened or a session is left', async () => {
    renderSigned(
      <>
        <WalletConnectRequests />
        <p>page</p>
      </>,
    );
    await screen.findByText('page');
    expect(isWalletConnectActive()).toBe(false);
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('remembers across reloads that WalletConnect is in use', () => {
    setWalletConnectActive(true);
    expect(window.localStorage.getItem('countersign.walletconnect.active')).toBe('1');
    setWalletConnectActive(false);
    expect(window.localStorage.getItem('countersign.walletconnect.active')).toBeNull();
  });
});

describe('DappRequests', () => {
  it('answers capabilities and chain switches at once, and a malformed request does not stop the next', async () => {
    const { connector, request } = fakeConnector();
    renderSigned(<DappRequests connector={connector} />);
    request('wallet_getCapabilities', [teamSafeAddress], 1);
    request('wallet_switchEthereumChain', [{ chainId: '0x539' }], 2);
    request('wallet_switchEthereumChain', [{ chainId: '0x1' }], 3);
    request('eth_signTransaction', [{ to: teamSafeAddress }], 4);
    request('eth_call', [{ to: teamSafeAddress, data: `0x${'00'.repeat(70_000)}` }, 'latest'], 5);
    request('personal_sign', { message: 'hi' }, 6);
    request('eth_accounts', [], 7, 'eip155:1');
    request('eth_accounts', [], 8);
    await waitFor(() => expect(connector.respond).toHaveBeenCalledTimes(8));
    expect(answerOf(connector, 1)).toEqual({ result: { '0x539': { atomic: { status: 'supported' } } } });
    expect(answerOf(connector, 2)).toEqual({ result: null });
    expect(answerOf(connector, 3)).toEqual({
      error: {
        code: 4902,
        message:
          'This Safe is not served on chain 0x1 here: Countersign serves it on Countersign Devnet (0x539) only.',
      },
    });
    expect(answerOf(connector, 4)).toMatchObject({ error: { code: 4200 } });
    expect(answerOf(connector, 5)).toEqual({
      error: { code: -32602, message: 'Invalid params: the params exceed 128 kB' },
    });
    expect(answerOf(connector, 6)).toMatchObject({ error: { code: -32602 } });
    expect(answerOf(connector, 7)).toMatchObject({ error: { code: 4901 } });
    expect(answerOf(connector, 8)).toEqual({ result: [teamSafeAddress] });
  });

  it('answers the calls’ status from the gateway and the chain’s receipt, and 5730 for an unknown id', async () => {
    const safeTxHash: Hex = `0x${'5a'.repeat(32)}`;
    const executedBy: Hex = `0x${'e1'.repeat(32)}`;
    const log = {
      address: teamSafeAddress,
      topics: encodeEventTopics({
        abi: safeAbi,
        eventName: 'ExecutionSuccess',
        args: { txHash: safeTxHash },
      }),
      data: `0x${'00'.repeat(32)}`,
    };
    const receipt = {
      status: '0x1',
      blockHash: `0x${'b0'.repeat(32)}`,
      blockNumber: '0x2a',
      gasUsed: '0x1d4c0',
      transactionHash: executedBy,
      logs: [log],
    };
    const node = stubNode({ eth_getTransactionReceipt: () => receipt });
    const getTransaction = vi.fn(async ({ id }: { id: string }) => {
      if (id !== safeTxHash) throw new GatewayError('Not found', 404, null);
      return {
        safeAddress: teamSafeAddress,
        txStatus: 'SUCCESS',
        txHash: executedBy,
        detailedExecutionInfo: { type: 'MULTISIG', safeTxHash },
      };
    });
    const gateway = fakeGateway({ getTransaction } as unknown as Partial<GatewayClient>);
    const { connector, request } = fakeConnector();
    renderSigned(<DappRequests connector={connector} />, { gateway });
    request('wallet_getCallsStatus', [safeTxHash], 1);
    request('wallet_getCallsStatus', [`0x${'6b'.repeat(32)}`], 2);
    await waitFor(() => expect(connector.respond).toHaveBeenCalledTimes(2));
    expect(answerOf(connector, 1)).toEqual({
      result: {
        version: '2.0.0',
        id: safeTxHash,
        chainId: '0x539',
        status: 200,
        atomic: true,
        receipts: [receipt],
      },
    });
    expect(answerOf(connector, 2)).toEqual({ error: { code: 5730, message: 'Unknown bundle id' } });
    expect(getTransaction).toHaveBeenCalledWith({ chainId: '1337', id: safeTxHash });
    expect(
      JSON.parse(String((node.mock.calls[0] as unknown as [string, RequestInit])[1].body)),
    ).toMatchObject({
      method: 'eth_getTransactionReceipt',
      params: [executedBy],
    });
  });

  it.each([
    [
      'sends the Safe’s signature once its isValidSignature accepts it',
      true,
      '0x1626ba7e',
      { result: `0x${'12'.repeat(130)}` },
    ],
    [
      'answers an error, and tells the owner, when the Safe’s isValidSignature does not accept it',
      false,
      '0xffffffff',
      { error: { code: -32603, message: 'The Safe did not accept the signature.' } },
    ],
  ] as const)('%s', async (_title, accepts, magic, answer) => {
    signer.set({ status: 'connected', address: ownerA });
    const preparedSignature = `0x${'12'.repeat(130)}`;
    const node = stubNode({ eth_call: () => `${magic}${'0'.repeat(56)}` });
    const getMessage = vi.fn(
      async ({ messageHash }: { messageHash: string }) =>
        ({
          messageHash,
          status: 'CONFIRMED',
          logoUri: null,
          name: null,
          message: 'hello',
          creationTimestamp: 1,
          modifiedTimestamp: 1,
          confirmationsSubmitted: 2,
          confirmationsRequired: 2,
          proposedBy: { value: ownerA, name: null, logoUri: null },
          confirmations: [],
          preparedSignature,
          origin: null,
        }) satisfies SafeMessage,
    );
    const { connector, request } = fakeConnector();
    renderSigned(<DappRequests connector={connector} />, {
      gateway: fakeGateway({ getMessage } as unknown as Partial<GatewayClient>),
    });
    request('eth_sign', [teamSafeAddress, '0x68656c6c6f'], 1);
    const sign = await screen.findByTestId('sign-message');
    await waitFor(() => expect(sign).toBeEnabled());
    await userEvent.click(sign);
    await waitFor(() => expect(connector.respond).toHaveBeenCalledTimes(1));
    expect(answerOf(connector, 1)).toEqual(answer);
    const checks = node.mock.calls
      .map(
        (call) =>
          JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as {
            method: string;
            params: [{ to: string; data: string }];
          },
      )
      .filter((body) => body.method === 'eth_call');
    // Both forms of isValidSignature, asked of the Safe about the EIP-191 hash of the bytes the dapp sent.
    expect(checks).toHaveLength(2);
    for (const check of checks) {
      expect(check.params[0].to).toBe(teamSafeAddress);
      expect(check.params[0].data).toContain(hashMessage({ raw: '0x68656c6c6f' }).slice(2));
    }
    if (accepts) expect(screen.queryByTestId('dapp-signature-refused')).toBeNull();
    else
      expect(await screen.findByTestId('dapp-signature-refused')).toHaveTextContent(
        'The Safe did not accept the signature',
      );
  });
});
