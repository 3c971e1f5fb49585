import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from 'viem';
import { devnetChain, renderSafePage, teamSafeAddress, teamSafeChainState } from '../../testing';
import { chainKeys } from '../chains';
import { chainSafeStateQueryOptions } from '../safe';
import type {
  ConnectorEvents,
  DappConnector,
  DappSession,
  SessionProposal,
  SessionRequest,
} from './connector';
import { isWalletConnectActive, setWalletConnectActive } from './activity';
import { DappRequests } from './DappRequests';
import { Dapps } from './Dapps';
import { CAMERA_DENIED } from './QrScanButton';
import type { Pixels } from './qrScan';
import { qrPixels } from './qrTestPixels';

const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`;
const safeAccount = `eip155:1337:${teamSafeAddress}`;

/** A WalletConnect connector double: the test plays the dapp by emitting proposals and requests. */
function fakeConnector(sessions: DappSession[] = []) {
  const listeners: { [E in keyof ConnectorEvents]: Set<ConnectorEvents[E]> } = {
    proposal: new Set(),
    request: new Set(),
    sessions: new Set(),
  };
  const connector = {
    pair: vi.fn(async () => undefined),
    approve: vi.fn(async () => undefined),
    reject: vi.fn(async () => undefined),
    sessions: () => sessions,
    disconnect: vi.fn(async (topic: string) => {
      sessions = sessions.filter((session) => session.topic !== topic);
    }),
    respond: vi.fn(async () => undefined),
    addChain: vi.fn(async () => undefined),
    emit: vi.fn(async () => undefined),
    pendingRequests: () => [],
    on: <E extends keyof ConnectorEvents>(event: E, listener: ConnectorEvents[E]) => {
      listeners[event].add(listener);
      return () => void listeners[event].delete(listener);
    },
  } satisfies DappConnector;
  return {
    connector,
    propose: (proposal: SessionProposal) => listeners.proposal.forEach((listener) => listener(proposal)),
    request: (request: SessionRequest) => listeners.request.forEach((listener) => listener(request)),
  };
}

const dapp = {
  name: 'Swapper <b>',
  url: 'https://swapper.example',
  description: '',
  icons: ['https://swapper.example/i.png'],
};

const proposal = (overrides: Partial<SessionProposal> = {}): SessionProposal => ({
  id: 7,
  dapp,
  requiredChains: [],
  optionalChains: ['eip155:1337', 'eip155:1'],
  methods: ['eth_sendTransaction', 'personal_sign'],
  events: ['chainChanged'],
  verifyContext: { verified: { validation: 'UNKNOWN', origin: 'https://swapper.example' } },
  ...overrides,
});

const session = (topic = 't1', accounts = [safeAccount]): DappSession => ({
  topic,
  dapp,
  accounts,
  chains: ['eip155:1337'],
  connectedAt: Date.now() - 5 * 60_000,
  expiresAt: Date.now() + 86_400_000,
});

/** A second chain Countersign serves, where the same Safe address may hold a Safe. */
const devnet2 = { ...devnetChain, chainId: '1338', chainName: 'Countersign Devnet 2', shortName: 'local2' };

/**
 * The chain list with both chains, and what each chain's RPC answers for the Safe: the team Safe's
 * owners and threshold on the devnet; on devnet2 the same account, a different one (the same owners,
 * threshold 1) or nothing (no Safe).
 */
const seedTwoChains = (onDevnet2: 'same' | 'different' | null) => (client: QueryClient) => {
  client.setQueryData(chainKeys.all, [devnetChain, devnet2]);
  const owners = teamSafeChainState.owners;
  const state = (chainOwners: Address[], threshold: number) => ({
    ...teamSafeChainState,
    owners: chainOwners,
    threshold,
  });
  client.setQueryData(
    chainSafeStateQueryOptions(devnetChain, teamSafeAddress as Address).queryKey,
    state(owners, 2),
  );
  client.setQueryData(
    chainSafeStateQueryOptions(devnet2, teamSafeAddress as Address).queryKey,
    onDevnet2 === null ? state([], 0) : state(owners, onDevnet2 === 'same' ? 2 : 1),
  );
};

const dappRequest = (method: string, params: unknown, id = 1, chainId = 'eip155:1337'): SessionRequest => ({
  id,
  topic: 't1',
  chainId,
  method,
  params,
  verifyContext: undefined,
});

afterEach(() => vi.unstubAllGlobals());

describe('Dapps', () => {
  afterEach(() => setWalletConnectActive(false));

  it('pairs with a pasted wc: link, and refuses text that is not one', async () => {
    const { connector } = fakeConnector();
    renderSafePage(<Dapps connector={connector} />);
    const field = screen.getByRole('textbox', { name: 'WalletConnect link' });
    await userEvent.type(field, 'https://example.com');
    expect(screen.getByTestId('dapp-uri-error')).toHaveTextContent('This is not a WalletConnect link');
    expect(screen.getByTestId('dapp-pair')).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(uri);
    await userEvent.click(screen.getByTestId('dapp-pair'));
    expect(connector.pair).toHaveBeenCalledWith(uri);
    expect(await screen.findByTestId('dapp-pair-waiting')).toHaveTextContent(
      'Waiting for the dapp’s connection request',
    );
  });

  it('clears the spent link and the waiting note once the dapp’s proposal arrives', async () => {
    const { connector, propose } = fakeConnector();
    renderSafePage(<Dapps connector={connector} />);
    const field = screen.getByRole('textbox', { name: 'WalletConnect link' });
    await userEvent.click(field);
    await userEvent.paste(uri);
    await userEvent.click(screen.getByTestId('dapp-pair'));
    await screen.findByTestId('dapp-pair-waiting');
    propose(proposal());
    await screen.findByTestId('dapp-proposal');
    expect(field).toHaveValue('');
    expect(screen.queryByTestId('dapp-pair-waiting')).toBeNull();
  });

  it('shows the link in ?wc= and pairs only when the owner asks, taking it out of the URL', async () => {
    const { connector } = fakeConnector();
    const { router } = renderSafePage(<Dapps connector={connector} />, {
      path: `/?wc=${encodeURIComponent(uri)}`,
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'WalletConnect link' })).toHaveValue(uri);
    expect(screen.getByTestId('dapp-link-notice')).toHaveTextContent('Nothing is connected yet');
    expect(connector.pair).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('dapp-pair'));
    expect(connector.pair).toHaveBeenCalledWith(uri);
    expect(connector.pair).toHaveBeenCalledTimes(1);
  });

  describe('a QR code', () => {
    const screenshot = () => new File([new Uint8Array(64)], 'qr.png', { type: 'image/png' });
    // happy-dom has no canvas: the image's pixels are given; everything after them runs for real.
    const pixelsOf = (pixels: Pixels) => vi.fn(async (_image: Blob) => pixels);
    const blank: Pixels = { width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) };

    afterEach(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });

    it('in a chosen screenshot fills the link in and pairs at once', async () => {
      const { connector } = fakeConnector();
      const readImagePixels = pixelsOf(qrPixels(uri));
      renderSafePage(<Dapps connector={connector} readImagePixels={readImagePixels} />);
      const file = screenshot();
      await userEvent.upload(screen.getByTestId('dapp-qr-file'), file);
      await waitFor(() => expect(connector.pair).toHaveBeenCalledWith(uri));
      expect(readImagePixels).toHaveBeenCalledWith(file);
      expect(screen.getByRole('textbox', { name: 'WalletConnect link' })).toHaveValue(uri);
      expect(await screen.findByTestId('dapp-pair-waiting')).toBeInTheDocument();
      expect(screen.queryByTestId('dapp-qr-error')).toBeNull();
    });

    it('dropped on the form, when the image holds none, says so', async () => {
      const { connector } = fakeConnector();
      renderSafePage(<Dapps connector={connector} readImagePixels={pixelsOf(blank)} />);
      fireEvent.drop(screen.getByTestId('dapp-connect-form'), {
        dataTransfer: { files: [screenshot()], items: [], types: ['Files'] },
      });
      expect(await screen.findByTestId('dapp-qr-error')).toHaveTextContent('No QR code found in this image.');
      expect(connector.pair).not.toHaveBeenCalled();
    });

    it('pasted as an image, when it is not a WalletConnect link, says so and shows none of its text', async () => {
      const { connector } = fakeConnector();
      renderSafePage(
        <Dapps connector={connector} readImagePixels={pixelsOf(qrPixels('https://evil.example/<b>x</b>'))} />,
      );
      fireEvent.paste(screen.getByRole('textbox', { name: 'WalletConnect link' }), {
        clipboardData: { files: [screenshot()], items: [], types: ['Files'] },
      });
      expect(await screen.findByTestId('dapp-qr-error')).toHaveTextContent(
        'This QR code is not a WalletConnect link.',
      );
      expect(screen.getByRole('textbox', { name: 'WalletConnect link' })).toHaveValue('');
      expect(document.body).not.toHaveTextContent('evil.example');
      expect(connector.pair).not.toHaveBeenCalled();
    });

    it('is scanned with the camera only where the browser has one', () => {
      renderSafePage(<Dapps connector={fakeConnector().connector} />);
      expect(screen.queryByTestId('dapp-scan')).toBeNull();
      expect(screen.getByTestId('dapp-qr-file')).toBeInTheDocument();
    });

    it('says in words when the camera is not allowed', async () => {
      const getUserMedia = vi.fn(async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      });
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
      renderSafePage(<Dapps connector={fakeConnector().connector} />);
      await userEvent.click(screen.getByTestId('dapp-scan'));
      const dialog = await screen.findByTestId('dapp-scan-dialog');
      expect(await within(dialog).findByTestId('dapp-qr-error')).toHaveTextContent(CAMERA_DENIED);
      expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    });

    it('stops the camera when the scan dialog closes', async () => {
      const track = { stop: vi.fn() } as unknown as MediaStreamTrack;
      const stream = new MediaStream();
      Object.defineProperty(stream, 'getTracks', { value: () => [track] });
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: vi.fn(async () => stream) },
      });
      renderSafePage(<Dapps connector={fakeConnector().connector} />);
      await userEvent.click(screen.getByTestId('dapp-scan'));
      const dialog = await screen.findByTestId('dapp-scan-dialog');
      await waitFor(() =>
        expect(within(dialog).getByTestId('dapp-scan-status')).toHaveTextContent('Hold the dapp’s'),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(track.stop).toHaveBeenCalled();
      expect(screen.queryByTestId('dapp-scan-dialog')).toBeNull();
    });
  });

  it('shows a proposal as text with its chains, methods and Verify result, and approves it for the Safe', async () => {
    const { connector, propose } = fakeConnector();
    renderSafePage(<Dapps connector={connector} />);
    propose(proposal());
    const dialog = await screen.findByTestId('dapp-proposal');
    expect(within(dialog).getByTestId('dapp-name')).toHaveTextContent('Swapper <b>');
    expect(within(dialog).getByTestId('dapp-url')).toHaveTextContent('https://swapper.example');
    expect(within(dialog).getByTestId('dapp-icon')).toHaveTextContent('https://swapper.example/i.png');
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByTestId('dapp-chains')).toHaveTextContent('eip155:1337, eip155:1');
    expect(within(dialog).getByTestId('dapp-methods')).toHaveTextContent(
      'eth_sendTransaction, personal_sign',
    );
    expect(within(dialog).getByTestId('dapp-verify')).toHaveTextContent('Domain not verified');
    await userEvent.click(within(dialog).getByTestId('dapp-approve'));
    expect(connector.approve).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), {
      chainIds: [1337],
      address: teamSafeAddress,
    });
    await waitFor(() => expect(screen.queryByTestId('dapp-proposal')).toBeNull());
  });

  it('offers the Safe also on another chain the dapp asks for where the chain shows the same account, unticked', async () => {
    const { connector, propose } = fakeConnector();
    renderSafePage(<Dapps connector={connector} />, { seed: seedTwoChains('same') });
    propose(proposal({ optionalChains: ['eip155:1337', 'eip155:1338', 'eip155:1'] }));
    const dialog = await screen.findByTestId('dapp-proposal');
    const other = within(dialog).getByTestId('dapp-other-chain');
    expect(other).toHaveTextContent(
      'Countersign Devnet 2 (eip155:1338): the same account: a Safe with the same owners and threshold (2 of 3',
    );
    // Nothing the owner did not choose: ticked by the owner, not by default.
    expect(within(other).getByRole('checkbox')).not.toBeChecked();
    await userEvent.click(within(other).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByTestId('dapp-approve'));
    expect(connector.approve).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), {
      chainIds: [1337, 1338],
      address: teamSafeAddress,
    });
  });

  it('leaves out another chain the owner does not tick, or where another account or none is, and blocks a required one', async () => {
    const first = fakeConnector();
    const view = renderSafePage(<Dapps connector={first.connector} />, {
      seed: seedTwoChains('same'),
    });
    first.propose(proposal({ optionalChains: ['eip155:1337', 'eip155:1338'] }));
    let dialog = await screen.findByTestId('dapp-proposal');
    await userEvent.click(within(dialog).getByTestId('dapp-approve'));
    expect(first.connector.approve).toHaveBeenCalledWith(expect.anything(), {
      chainIds: [1337],
      address: teamSafeAddress,
    });
    view.unmount();

    const different = fakeConnector();
    const differentView = renderSafePage(<Dapps connector={different.connector} />, {
      seed: seedTwoChains('different'),
    });
    different.propose(proposal({ optionalChains: ['eip155:1337', 'eip155:1338'] }));
    dialog = await screen.findByTestId('dapp-proposal');
    expect(within(dialog).getByTestId('dapp-other-chain')).toHaveTextContent(
      'a different account (1 of 3, read from that chain): the Safe at this address there has other owners or another threshold',
    );
    expect(within(dialog).getByRole('checkbox')).toBeDisabled();
    differentView.unmount();

    const second = fakeConnector();
    renderSafePage(<Dapps connector={second.connector} />, { seed: seedTwoChains(null) });
    second.propose(proposal({ requiredChains: ['eip155:1337', 'eip155:1338'], optionalChains: [] }));
    dialog = await screen.findByTestId('dapp-proposal');
    expect(within(dialog).getByTestId('dapp-other-chain')).toHaveTextContent(
      'no Safe answers at this address there',
    );
    expect(within(dialog).getByRole('checkbox')).toBeDisabled();
    expect(within(dialog).getByTestId('dapp-chain-error')).toHaveTextContent('The dapp requires eip155:1338');
    expect(within(dialog).getByTestId('dapp-approve')).toBeDisabled();
  });

  it('refuses a known threat, warns of a mismatch, and rejects on request', async () => {
    const { connector, propose } = fakeConnector();
    renderSafePage(<Dapps connector={connector} />);
    propose(
      proposal({
        verifyContext: { verified: { validation: 'VALID', origin: 'https://swapper.example', isScam: true } },
      }),
    );
    let dialog = await screen.findByTestId('dapp-proposal');
    expect(within(dialog).getByTestId('dapp-verify')).toHaveTextContent('Known threat');
    expect(within(dialog).getByTestId('dapp-approve')).toBeDisabled();
    await userEvent.click(within(dialog).getByTestId('dapp-reject'));
    expect(connector.reject).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    await waitFor(() => expect(screen.queryByTestId('dapp-proposal')).toBeNull());

    propose(
      proposal({
        id: 8,
        verifyContext: { verified: { validation: 'INVALID', origin: 'https://evil.example' } },
      }),
    );
    dialog = await screen.findByTestId('dapp-proposal');
    expect(within(dialog).getByTestId('dapp-verify')).toHaveTextContent(
      'The request comes from https://evil.example, not from https://swapper.example',
    );
    expect(within(dialog).getByTestId('dapp-approve')).toBeEnabled();
  });

  it('cannot approve a dapp that requires a chain the Safe is not on', async () => {
    const { connector, propose } = fakeConnector();
    renderSafePage(<Dapps connector={connector} />);
    propose(proposal({ requiredChains: ['eip155:1'], optionalChains: [] }));
    const dialog = await screen.findByTestId('dapp-proposal');
    expect(within(dialog).getByTestId('dapp-chain-error')).toHaveTextContent('The dapp requires eip155:1');
    expect(within(dialog).getByTestId('dapp-approve')).toBeDisabled();
  });

  it('lists the dapps connected to this Safe only, with their age, and disconnects one', async () => {
    const { connector } = fakeConnector([
      session('t1'),
      session('t2', ['eip155:1:0x1111111111111111111111111111111111111111']),
    ]);
    renderSafePage(<Dapps connector={connector} />);
    const rows = await screen.findAllByTestId('dapp-session');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Swapper <b>');
    expect(rows[0]).toHaveTextContent('eip155:1337 · connected 5 minutes ago');
    setWalletConnectActive(true);
    await userEvent.click(within(rows[0]!).getByTestId('dapp-disconnect'));
    expect(connector.disconnect).toHaveBeenCalledWith('t1');
    expect(await screen.findByTestId('no-dapp-sessions')).toBeInTheDocument();
    // Another Safe's session is left: its pages still listen for requests.
    expect(isWalletConnectActive()).toBe(true);
  });

  it('stops loading WalletConnect on the Safe pages once the last session is disconnected', async () => {
    const { connector } = fakeConnector([session('t1')]);
    setWalletConnectActive(true);
    renderSafePage(<Dapps connector={connector} />);
    await userEvent.click(await screen.findByTestId('dapp-disconnect'));
    await waitFor(() => expect(isWalletConnectActive()).toBe(false));
  });

  it('answers reads through the chain’s node, and refuses unsupported methods with 4200', async () => {
    const fetchMock = vi.fn(async () => Response.json({ jsonrpc: '2.0', id: 1, result: '0x539' }));
    vi.stubGlobal('fetch', fetchMock);
    const { connector, request } = fakeConnector([session()]);
    renderSafePage(<DappRequests connector={connector} />);
    request(dappRequest('eth_chainId', [], 1));
    request(dappRequest('eth_signTransaction', [{ to: teamSafeAddress }], 2));
    await waitFor(() => expect(connector.respond).toHaveBeenCalledTimes(2));
    expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { result: '0x539' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8545');
    expect(JSON.parse(String(init.body))).toMatchObject({ method: 'eth_chainId', params: [] });
    expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), {
      error: { code: 4200, message: 'The method "eth_signTransaction" is not supported by this Safe.' },
    });
  });

  it('switches the session between its chains with chainChanged, and refuses a chain it does not have', async () => {
    const twoChains = session('t1', [safeAccount, `eip155:1338:${teamSafeAddress}`]);
    const { connector, request } = fakeConnector([twoChains]);
    renderSafePage(<DappRequests connector={connector} />, {
      seed: seedTwoChains('same'),
    });
    request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x53a' }], 1));
    await waitFor(() =>
      expect(connector.emit).toHaveBeenCalledWith('t1', 1338, { name: 'chainChanged', data: 1338 }),
    );
    expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { result: null });
    // Asked on the second chain, back to the first.
    request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x539' }], 2, 'eip155:1338'));
    await waitFor(() =>
      expect(connector.emit).toHaveBeenCalledWith('t1', 1337, { name: 'chainChanged', data: 1337 }),
    );
    request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x1' }], 3));
    await waitFor(() =>
      expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), {
        error: expect.objectContaining({ code: 4902 }),
      }),
    );
    expect(connector.emit).toHaveBeenCalledTimes(2);
    expect(connector.addChain).not.toHaveBeenCalled();
  });

  it('adds a chain to the session when the chain shows the same account and the owner agrees, with chainChanged and accountsChanged', async () => {
    const { connector, request } = fakeConnector([session()]);
    const view = renderSafePage(<DappRequests connector={connector} />, {
      seed: seedTwoChains('same'),
    });
    request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x53a' }], 5));
    const asked = await screen.findByTestId('dapp-switch-dialog');
    expect(asked).toHaveTextContent('Swapper <b> asks to switch to Countersign Devnet 2');
    expect(asked).toHaveTextContent('the same owners and threshold (2 of 3)');
    expect(within(asked).getByTestId('dapp-verify')).toHaveTextContent('Domain not verified');
    expect(connector.addChain).not.toHaveBeenCalled();
    await userEvent.click(within(asked).getByTestId('dapp-switch-approve'));
    await waitFor(() =>
      expect(connector.emit).toHaveBeenCalledWith('t1', 1338, {
        name: 'accountsChanged',
        data: [teamSafeAddress],
      }),
    );
    expect(connector.addChain).toHaveBeenCalledWith('t1', { chainId: 1338, address: teamSafeAddress });
    expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }), { result: null });
    expect(connector.emit).toHaveBeenCalledWith('t1', 1338, { name: 'chainChanged', data: 1338 });
    view.unmount();

    // Refused by the owner: 4001, and the session stays as it is.
    const refused = fakeConnector([session()]);
    const refusedView = renderSafePage(<DappRequests connector={refused.connector} />, {
      seed: seedTwoChains('same'),
    });
    refused.request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x53a' }], 7));
    await userEvent.click(
      within(await screen.findByTestId('dapp-switch-dialog')).getByTestId('dapp-switch-reject'),
    );
    expect(refused.connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), {
      error: { code: 4001, message: 'User rejected the request.' },
    });
    expect(refused.connector.addChain).not.toHaveBeenCalled();
    refusedView.unmount();

    // Another account at the address there: refused at once, with the reason.
    const elsewhere = fakeConnector([session()]);
    const elsewhereView = renderSafePage(<DappRequests connector={elsewhere.connector} />, {
      seed: seedTwoChains('different'),
    });
    elsewhere.request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x53a' }], 8));
    await waitFor(() =>
      expect(elsewhere.connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }), {
        error: {
          code: 4902,
          message: `${teamSafeAddress} on Countersign Devnet 2 is a different account: the Safe there has other owners or another threshold, so it is not offered to the dapp.`,
        },
      }),
    );
    expect(screen.queryByTestId('dapp-switch-dialog')).toBeNull();
    expect(elsewhere.connector.addChain).not.toHaveBeenCalled();
    elsewhereView.unmount();

    // Where the chain shows no Safe at the address, the session stays as it is: 4902.
    const other = fakeConnector([session()]);
    renderSafePage(<DappRequests connector={other.connector} />, { seed: seedTwoChains(null) });
    other.request(dappRequest('wallet_switchEthereumChain', [{ chainId: '0x53a' }], 6));
    await waitFor(() =>
      expect(other.connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }), {
        error: expect.objectContaining({ code: 4902 }),
      }),
    );
    expect(other.connector.addChain).not.toHaveBeenCalled();
    expect(other.connector.emit).not.toHaveBeenCalled();
  });

  it('points a transaction for the Safe on another chain of the session to that chain’s pages', async () => {
    const twoChains = session('t1', [safeAccount, `eip155:1338:${teamSafeAddress}`]);
    const { connector, request } = fakeConnector([twoChains]);
    renderSafePage(<DappRequests connector={connector} />, {
      seed: seedTwoChains('same'),
    });
    request(dappRequest('eth_sendTransaction', [{ to: teamSafeAddress, value: '0x1' }], 4, 'eip155:1338'));
    const dialog = await screen.findByTestId('dapp-request-elsewhere');
    expect(dialog).toHaveTextContent('Request from Swapper <b> on Countersign Devnet 2');
    expect(within(dialog).getByTestId('dapp-elsewhere-open')).toHaveAttribute(
      'href',
      `/local2:${teamSafeAddress}/home`,
    );
    expect(screen.queryByTestId('dapp-tx-dialog')).toBeNull();
    expect(connector.respond).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByTestId('dapp-elsewhere-reject'));
    expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }), {
      error: { code: 4001, message: 'User rejected the request.' },
    });
  });

  it('opens the review for eth_sendTransaction, and answers 4001 when the owner closes it', async () => {
    const { connector, request } = fakeConnector([session()]);
    renderSafePage(<DappRequests connector={connector} />);
    request(dappRequest('eth_sendTransaction', [{ to: teamSafeAddress, value: '0x1' }], 3));
    const dialog = await screen.findByTestId('dapp-tx-dialog');
    expect(dialog).toHaveTextContent('Transaction from Swapper <b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), {
        error: { code: 4001, message: 'User rejected the request.' },
      }),
    );
    expect(screen.queryByTestId('dapp-tx-dialog')).toBeNull();
  });

  it('shows a personal_sign in the Safe message flow, and answers 4001 when the owner rejects it', async () => {
    const { connector, request } = fakeConnector([session()]);
    renderSafePage(<DappRequests connector={connector} />);
    request(dappRequest('personal_sign', ['0x48656c6c6f2066726f6d2061206461707021', teamSafeAddress], 4));
    const dialog = await screen.findByTestId('dapp-message-dialog');
    expect(dialog).toHaveTextContent('Signature requested by Swapper <b>');
    expect(dialog).toHaveTextContent('Hello from a dapp!');
    expect(within(dialog).getByTestId('sign-message')).toBeDisabled();
    await userEvent.click(within(dialog).getByTestId('reject-message'));
    await waitFor(() =>
      expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }), {
        error: { code: 4001, message: 'User rejected the request.' },
      }),
    );
    expect(screen.queryByTestId('dapp-message-dialog')).toBeNull();
  });

  it('refuses a request that Verify flags as a known threat, without a prompt', async () => {
    const { connector, request } = fakeConnector([session()]);
    renderSafePage(<DappRequests connector={connector} />);
    request({
      ...dappRequest('eth_sendTransaction', [{ to: teamSafeAddress }], 5),
      verifyContext: { verified: { validation: 'VALID', origin: 'https://swapper.example', isScam: true } },
    });
    await waitFor(() =>
      expect(connector.respond).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }), {
        error: { code: 4001, message: 'User rejected the request.' },
      }),
    );
    expect(screen.queryByTestId('dapp-tx-dialog')).toBeNull();
  });
});
