// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFunctionData,
  isAddressEqual,
  parseAbi,
  parseEther,
  recoverMessageAddress,
  recoverTypedDataAddress,
  type Address,
  type Hex,
} from 'viem';
import { connect, disconnect, getAccount } from 'wagmi/actions';
import { chainInfoSchema, type ChainInfo } from '@countersign/gateway-api';
import { devnetClients, startDevnet, type Devnet, type DevnetClients } from '@countersign/devnet';
import { buildSafeTx, safeTxTypedData } from '@countersign/safe-core';
import type { RuntimeConfig } from '../../../lib/config';
import { walletTexts } from '../walletTexts';
import { getWalletSnapshot, registerWalletApi, updateWallet, walletApi } from '../walletStore';
import type { DevnetProvider } from './devnetProvider';
import { devnetWalletId } from './devnetWallet';
import { createWalletApi, RECEIPT_POLLING_MS } from './walletApi';
import { createWalletSetup, type WalletSetup } from './walletConfig';

/**
 * The wallet API for real: the runtime's wagmi configuration (every wallet RainbowKit lists, and the
 * devnet wallet among them) over a fresh devnet with the canonical Safe contracts, connected to the
 * devnet wallet, whose keys the chain holds. In happy-dom: wagmi's injected connectors only work
 * where there is a `window`.
 */

const MAINNET = 1;
const UNCONFIGURED = 999_999;

/** A chain as the gateway sends it (GET /v1/chains), read with the app's own schema. */
function chainInfo(chainId: number, name: string, shortName: string, rpcUrl: string): ChainInfo {
  const rpc = { authentication: 'NO_AUTHENTICATION', value: rpcUrl };
  const explorer = `http://127.0.0.1:5173/explorer/${shortName}`;
  return chainInfoSchema.parse({
    chainId: String(chainId),
    chainName: name,
    description: name,
    chainLogoUri: null,
    l2: true,
    isTestnet: true,
    shortName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null },
    transactionService: 'http://127.0.0.1:8787',
    blockExplorerUriTemplate: {
      address: `${explorer}/address/{{address}}`,
      txHash: `${explorer}/tx/{{txHash}}`,
      api: `${explorer}/api`,
    },
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    features: [],
    gasPrice: [],
    rpcUri: rpc,
    safeAppsRpcUri: rpc,
    publicRpcUri: rpc,
    theme: { textColor: '#ffffff', backgroundColor: '#1d4ed8' },
    recommendedMasterCopyVersion: '1.4.1',
  });
}

/** An EIP-1193 error as a wallet throws it. */
const walletError = (code: number, message: string) => Object.assign(new Error(message), { code });

let devnet: Devnet;
let clients: DevnetClients;
let setup: WalletSetup;
let provider: DevnetProvider;
let ownerA: Address;
let recipient: Address;
/** What the devnet wallet was asked, in order. */
const requests: string[] = [];
/** Per-method answers that replace the devnet wallet's own (a user declining, say). */
const overrides = new Map<string, () => unknown>();
const recent: { hash: Hex; description: string }[] = [];
let api: ReturnType<typeof createWalletApi>;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  const { manifest } = devnet;
  clients = devnetClients(manifest.chainId, devnet.rpcUrl);
  ownerA = manifest.accounts.find((account) => account.role === 'owner A')!.address as Address;
  recipient = manifest.accounts.find((account) => account.role === 'recipient')!.address as Address;
  const runtime: RuntimeConfig = {
    gatewayUrl: 'http://127.0.0.1:8787',
    walletConnectProjectId: undefined,
    walletConnectRelayUrl: undefined,
    devnet: {
      chainIds: [String(manifest.chainId)],
      accounts: manifest.accounts.map((account) => ({ address: account.address, label: account.role })),
    },
  };
  // The devnet, and mainnet, which the devnet wallet does not serve (its RPC URL is never called).
  const chains = [
    chainInfo(manifest.chainId, 'Countersign Devnet', 'local', devnet.rpcUrl),
    chainInfo(MAINNET, 'Ethereum', 'eth', 'http://127.0.0.1:9/'),
  ];
  setup = createWalletSetup(chains, runtime, []);
  provider = setup.devnet!;
  // Wrapped in place: the connector holds this very object.
  const request = provider.request;
  provider.request = async (args) => {
    requests.push(args.method);
    const override = overrides.get(args.method);
    return override ? override() : request(args);
  };
  api = createWalletApi(setup.wagmi, { addRecentTransaction: (transaction) => recent.push(transaction) });
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

afterEach(() => {
  overrides.clear();
  requests.length = 0;
});

async function connectDevnetWallet() {
  const connector = setup.wagmi.connectors.find((candidate) => candidate.id === devnetWalletId);
  if (!connector) throw new Error('The devnet wallet is not among the connectors');
  await connect(setup.wagmi, { connector });
  expect(getAccount(setup.wagmi)).toMatchObject({ status: 'connected', address: ownerA });
}

describe('wallet API over the devnet wallet', () => {
  it('answers not-connected before a wallet is connected', async () => {
    const expected = { kind: 'not-connected', message: walletTexts.notConnected };
    expect(await api.signMessage('hello')).toEqual({ ok: false, error: expected });
    expect(await api.sendTransaction({ to: recipient, value: 1n, chainId: devnet.manifest.chainId })).toEqual(
      { ok: false, error: expected },
    );
    expect(await api.switchChain(MAINNET)).toEqual({ ok: false, error: expected });
    expect(await api.addRecentTransaction({ hash: '0x01', description: 'x' })).toEqual({
      ok: false,
      error: expected,
    });
    // Nothing reached the wallet.
    expect(requests).toEqual([]);
  });

  it('connects the devnet wallet from the runtime configuration', async () => {
    await connectDevnetWallet();
  });

  it('signs a SafeTx (EIP-712) as the connected owner', async () => {
    const team = devnet.manifest.safes.find((safe) => safe.threshold > 1)!;
    expect(team.owners).toContain(ownerA);
    const typedData = safeTxTypedData({
      chainId: devnet.manifest.chainId,
      safe: team.address as Address,
      tx: buildSafeTx({ to: recipient, value: parseEther('0.01'), nonce: 7n }),
    });
    const result = await api.signTypedData(typedData, { chainId: devnet.manifest.chainId });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.address).toBe(ownerA);
    expect(await recoverTypedDataAddress({ ...typedData, signature: result.value.signature })).toBe(ownerA);
    // Already on the chain: no switch was asked for.
    expect(requests).toContain('eth_signTypedData_v4');
    expect(requests).not.toContain('wallet_switchEthereumChain');
  });

  it('signs a message, as text or as raw bytes', async () => {
    const text = await api.signMessage('Countersign says hello');
    if (!text.ok) throw new Error(text.error.message);
    expect(
      await recoverMessageAddress({ message: 'Countersign says hello', signature: text.value.signature }),
    ).toBe(ownerA);

    const raw = { raw: `0x${'ab'.repeat(32)}` } as const;
    const bytes = await api.signMessage(raw, { chainId: devnet.manifest.chainId });
    if (!bytes.ok) throw new Error(bytes.error.message);
    expect(await recoverMessageAddress({ message: raw, signature: bytes.value.signature })).toBe(ownerA);
  });

  it('sends a transaction and follows it until mined', async () => {
    const before = await clients.public.getBalance({ address: recipient });
    const value = parseEther('0.25');
    const sent = await api.sendTransaction({ to: recipient, value, chainId: devnet.manifest.chainId });
    if (!sent.ok) throw new Error(sent.error.message);
    expect(sent.value).toMatchObject({ address: ownerA, chainId: devnet.manifest.chainId });

    const started = Date.now();
    const receipt = await api.waitForReceipt({ hash: sent.value.hash, chainId: devnet.manifest.chainId });
    if (!receipt.ok) throw new Error(receipt.error.message);
    expect(receipt.value).toEqual({
      status: 'success',
      blockNumber: expect.any(BigInt),
      gasUsed: 21_000n,
      transactionHash: sent.value.hash,
    });
    // The devnet mines at once: the receipt is there within a poll or two.
    expect(Date.now() - started).toBeLessThan(RECEIPT_POLLING_MS * 8);
    expect(await clients.public.getBalance({ address: recipient })).toBe(before + value);
  });

  it('reports a reverted transaction as a receipt, not an error', async () => {
    // MultiSend only runs through a delegatecall: called directly, it reverts.
    const data = encodeFunctionData({
      abi: parseAbi(['function multiSend(bytes transactions) payable']),
      functionName: 'multiSend',
      args: ['0x'],
    });
    const sent = await api.sendTransaction({
      to: devnet.manifest.contracts.multiSend as Address,
      data,
      gas: 100_000n,
      chainId: devnet.manifest.chainId,
    });
    if (!sent.ok) throw new Error(sent.error.message);
    const receipt = await api.waitForReceipt({ hash: sent.value.hash, chainId: devnet.manifest.chainId });
    expect(receipt).toMatchObject({
      ok: true,
      value: { status: 'reverted', transactionHash: sent.value.hash },
    });
  });

  it('lists a transaction in the recent transactions, on the chain it was sent on', async () => {
    const hash = `0x${'12'.repeat(32)}` as const;
    expect(await api.addRecentTransaction({ hash, description: 'Sent 0.25 ETH' })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(recent).toEqual([{ hash, description: 'Sent 0.25 ETH' }]);
    expect(
      await api.addRecentTransaction({ hash, description: 'Elsewhere', chainId: MAINNET }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'wrong-chain', message: walletTexts.wrongNetwork },
    });
    expect(recent).toHaveLength(1);
  });

  it('a chain the devnet wallet does not serve (4200): unsupported, with the specification text', async () => {
    expect(await api.switchChain(devnet.manifest.chainId)).toEqual({
      ok: true,
      value: { chainId: devnet.manifest.chainId },
    });
    const unsupported = {
      ok: false,
      error: {
        kind: 'unsupported',
        code: 4200,
        message:
          'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.',
      },
    };
    expect(await api.switchChain(MAINNET)).toMatchObject(unsupported);
    // A request for that chain asks for the switch first, and fails with it: nothing is signed.
    requests.length = 0;
    const typedData = safeTxTypedData({
      chainId: MAINNET,
      safe: devnet.manifest.safes[0]!.address as Address,
      tx: buildSafeTx({ to: recipient, nonce: 0n }),
    });
    expect(await api.signTypedData(typedData, { chainId: MAINNET })).toMatchObject(unsupported);
    expect(await api.signMessage('hi', { chainId: MAINNET })).toMatchObject(unsupported);
    expect(await api.sendTransaction({ to: recipient, value: 1n, chainId: MAINNET })).toMatchObject(
      unsupported,
    );
    expect(requests).not.toContain('eth_signTypedData_v4');
    expect(requests).not.toContain('personal_sign');
    expect(requests).not.toContain('eth_sendTransaction');
    expect(getAccount(setup.wagmi).chainId).toBe(devnet.manifest.chainId);
  });

  it('a chain Countersign has no settings for: unsupported, without asking the wallet', async () => {
    expect(await api.switchChain(UNCONFIGURED)).toMatchObject({
      ok: false,
      error: { kind: 'unsupported', message: walletTexts.chainNotConfigured },
    });
    expect(requests).not.toContain('wallet_switchEthereumChain');
    expect(await api.waitForReceipt({ hash: `0x${'00'.repeat(32)}`, chainId: UNCONFIGURED })).toMatchObject({
      ok: false,
      error: { kind: 'unsupported', message: walletTexts.chainNotConfigured },
    });
  });

  it('a request declined in the wallet (4001): rejected, worded for what was asked', async () => {
    const decline = () => {
      throw walletError(4001, 'User rejected the request.');
    };
    for (const method of [
      'eth_signTypedData_v4',
      'personal_sign',
      'eth_sendTransaction',
      'wallet_switchEthereumChain',
    ]) {
      overrides.set(method, decline);
    }
    const rejected = (message: string) => ({ ok: false, error: { kind: 'rejected', code: 4001, message } });
    const typedData = safeTxTypedData({
      chainId: devnet.manifest.chainId,
      safe: devnet.manifest.safes[0]!.address as Address,
      tx: buildSafeTx({ to: recipient, nonce: 0n }),
    });
    expect(await api.signTypedData(typedData)).toMatchObject(
      rejected('You declined the signature request in your wallet.'),
    );
    expect(await api.signMessage('hi')).toMatchObject(rejected(walletTexts.rejectedSignature));
    expect(
      await api.sendTransaction({ to: recipient, value: 1n, chainId: devnet.manifest.chainId }),
    ).toMatchObject(rejected('You declined the transaction in your wallet.'));
    expect(await api.switchChain(MAINNET)).toMatchObject(
      rejected('You declined the network switch in your wallet.'),
    );
  });

  it('a wallet with a request already open (-32002): pending', async () => {
    overrides.set('personal_sign', () => {
      throw walletError(-32002, 'Request already pending');
    });
    expect(await api.signMessage('hi')).toMatchObject({
      ok: false,
      error: { kind: 'pending', code: -32002, message: walletTexts.pending },
    });
  });

  it('answers not-connected again once the wallet is disconnected', async () => {
    await disconnect(setup.wagmi);
    expect(await api.signMessage('hello')).toMatchObject({ ok: false, error: { kind: 'not-connected' } });
  });
});

describe('the wallet store delegating to the runtime', () => {
  it('a call loads the wallet code and waits for it; a chunk that fails to load is said so', async () => {
    expect(getWalletSnapshot().runtime).toBe('idle');
    // The header's wallet slot would load the chunk and set the runtime back to idle on failure.
    const failed = walletApi.signMessage('hello');
    expect(getWalletSnapshot().runtime).toBe('loading');
    updateWallet({ runtime: 'idle' });
    expect(await failed).toEqual({
      ok: false,
      error: { kind: 'unavailable', message: walletTexts.loadFailed },
    });

    // This time it loads: the runtime registers its API, and the waiting call goes through it.
    await connectDevnetWallet();
    const waiting = walletApi.signMessage('hello');
    expect(getWalletSnapshot().runtime).toBe('loading');
    const unregister = registerWalletApi(api);
    const signed = await waiting;
    if (!signed.ok) throw new Error(signed.error.message);
    expect(
      isAddressEqual(
        await recoverMessageAddress({ message: 'hello', signature: signed.value.signature }),
        ownerA,
      ),
    ).toBe(true);

    // Registered: later calls go straight through.
    expect(await walletApi.switchChain(devnet.manifest.chainId)).toEqual({
      ok: true,
      value: { chainId: devnet.manifest.chainId },
    });
    unregister();
    await disconnect(setup.wagmi);
  });
});
