// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { connect, disconnect, getAccount } from 'wagmi/actions';
import { chainInfoSchema, type ChainInfo } from '@countersign/gateway-api';
import { startDevnet, type Devnet } from '@countersign/devnet';
import type { RuntimeConfig } from '../../../lib/config';
import { walletTexts } from '../walletTexts';
import { WATCH_ASSET_DEFAULT_DECIMALS } from '../walletStore';
import type { DevnetProvider } from './devnetProvider';
import { devnetWalletId } from './devnetWallet';
import { createWalletApi } from './walletApi';
import { createWalletSetup, type WalletSetup } from './walletConfig';

/**
 * walletApi.watchAsset (EIP-747 wallet_watchAsset) over the runtime's wagmi configuration and the
 * devnet wallet on a fresh devnet. The devnet wallet itself has no token list: the request reaches
 * the node, which refuses it, and the app says the wallet cannot add tokens. A wallet that can is
 * played by answering the request in place of the devnet wallet.
 */

const MAINNET = 1;

function chainInfo(chainId: number, name: string, shortName: string, rpcUrl: string): ChainInfo {
  const rpc = { authentication: 'NO_AUTHENTICATION', value: rpcUrl };
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
      address: 'http://127.0.0.1:5173/explorer/address/{{address}}',
      txHash: 'http://127.0.0.1:5173/explorer/tx/{{txHash}}',
      api: 'http://127.0.0.1:5173/explorer/api',
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

const walletError = (code: number, message: string) => Object.assign(new Error(message), { code });

let devnet: Devnet;
let setup: WalletSetup;
let provider: DevnetProvider;
let api: ReturnType<typeof createWalletApi>;
let dev: { address: Address; symbol: string; decimals: number };
/** What the devnet wallet was asked, in order, with the parameters. */
const requests: { method: string; params: unknown }[] = [];
const overrides = new Map<string, (params: unknown) => unknown>();

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  const { manifest } = devnet;
  const token = manifest.tokens.find((candidate) => candidate.symbol === 'DEV');
  if (!token) throw new Error('The devnet has no DEV token');
  dev = { address: token.address as Address, symbol: token.symbol, decimals: token.decimals };
  const runtime: RuntimeConfig = {
    gatewayUrl: 'http://127.0.0.1:8787',
    walletConnectProjectId: undefined,
    walletConnectRelayUrl: undefined,
    devnet: {
      chainIds: [String(manifest.chainId)],
      accounts: manifest.accounts.map((account) => ({ address: account.address, label: account.role })),
    },
  };
  setup = createWalletSetup(
    [
      chainInfo(manifest.chainId, 'Countersign Devnet', 'local', devnet.rpcUrl),
      chainInfo(MAINNET, 'Ethereum', 'eth', 'http://127.0.0.1:9/'),
    ],
    runtime,
    [],
  );
  provider = setup.devnet!;
  const request = provider.request;
  provider.request = async (args) => {
    requests.push({ method: args.method, params: args.params });
    const override = overrides.get(args.method);
    return override ? override(args.params) : request(args);
  };
  api = createWalletApi(setup.wagmi);
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

afterEach(() => {
  overrides.clear();
  requests.length = 0;
});

const watchRequests = () => requests.filter((request) => request.method === 'wallet_watchAsset');

describe('walletApi.watchAsset over the devnet wallet', () => {
  it('answers not-connected before a wallet is connected, asking the wallet nothing', async () => {
    expect(await api.watchAsset({ ...dev, chainId: devnet.manifest.chainId })).toEqual({
      ok: false,
      error: { kind: 'not-connected', message: walletTexts.notConnected },
    });
    expect(watchRequests()).toEqual([]);
  });

  it('the devnet wallet cannot track tokens: unsupported, with a message that says so', async () => {
    const connector = setup.wagmi.connectors.find((candidate) => candidate.id === devnetWalletId)!;
    await connect(setup.wagmi, { connector });
    expect(getAccount(setup.wagmi).status).toBe('connected');

    const result = await api.watchAsset({ ...dev, chainId: devnet.manifest.chainId });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'unsupported',
        message:
          'Your wallet does not support adding tokens from this app. Add the token from within your wallet instead.',
      },
    });
    // The request did reach the wallet (and through it the node, which has no such method).
    expect(watchRequests()).toHaveLength(1);
  });

  it('a wallet that tracks tokens: added, with EIP-747 parameters', async () => {
    overrides.set('wallet_watchAsset', () => true);
    const image = 'https://example.invalid/dev.png';
    expect(await api.watchAsset({ ...dev, image, chainId: devnet.manifest.chainId })).toEqual({
      ok: true,
      value: { added: true },
    });
    expect(watchRequests().map((request) => request.params)).toEqual([
      { type: 'ERC20', options: { address: dev.address, symbol: 'DEV', decimals: 18, image } },
    ]);
  });

  it('unknown decimals are sent as the specification’s default, 18; no image is sent as none', async () => {
    overrides.set('wallet_watchAsset', () => true);
    await api.watchAsset({
      address: dev.address,
      symbol: 'DUSD',
      decimals: null,
      chainId: devnet.manifest.chainId,
    });
    await api.watchAsset({ address: dev.address, symbol: 'DUSD', chainId: devnet.manifest.chainId });
    expect(WATCH_ASSET_DEFAULT_DECIMALS).toBe(18);
    expect(watchRequests().map((request) => request.params)).toEqual([
      { type: 'ERC20', options: { address: dev.address, symbol: 'DUSD', decimals: 18 } },
      { type: 'ERC20', options: { address: dev.address, symbol: 'DUSD', decimals: 18 } },
    ]);
  });

  it('a wallet that answers false: not added, and no error', async () => {
    overrides.set('wallet_watchAsset', () => false);
    expect(await api.watchAsset({ ...dev, chainId: devnet.manifest.chainId })).toEqual({
      ok: true,
      value: { added: false },
    });
  });

  it('declined in the wallet (4001): rejected, worded for adding a token', async () => {
    overrides.set('wallet_watchAsset', () => {
      throw walletError(4001, 'User rejected the request.');
    });
    expect(await api.watchAsset({ ...dev, chainId: devnet.manifest.chainId })).toMatchObject({
      ok: false,
      error: { kind: 'rejected', code: 4001, message: 'You declined adding the token to your wallet.' },
    });
  });

  it('a token of a chain the wallet cannot switch to: the switch fails and nothing is asked', async () => {
    overrides.set('wallet_watchAsset', () => true);
    expect(await api.watchAsset({ ...dev, chainId: MAINNET })).toMatchObject({
      ok: false,
      error: { kind: 'unsupported', code: 4200, message: walletTexts.switchingNotSupported },
    });
    expect(watchRequests()).toEqual([]);
    await disconnect(setup.wagmi);
  });
});
