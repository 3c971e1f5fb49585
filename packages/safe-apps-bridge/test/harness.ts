import { vi } from 'vitest';
import {
  createBridge,
  type AppWindow,
  type BridgeHandlers,
  type BridgeReply,
  type IncomingMessage,
  type Permission,
} from '../src';

export const APP_ORIGIN = 'https://app.example';
export const SAFE = '0x1111111111111111111111111111111111111111';
export const HASH = `0x${'ab'.repeat(32)}`;

export type Posted = { message: unknown; targetOrigin: string; window: string };

/** A host page in miniature: the app's window, another window, and the bridge listening. */
export function setup(overrides: Partial<BridgeHandlers> = {}) {
  const posted: Posted[] = [];
  const fakeWindow = (name: string): AppWindow => ({
    postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin, window: name }),
  });
  const appWindow = fakeWindow('app');
  const otherWindow = fakeWindow('other');
  let listener: ((event: IncomingMessage) => void) | undefined;
  const permissions: Permission[] = [];
  const handlers: BridgeHandlers = {
    getSafeInfo: () => ({
      safeAddress: SAFE,
      chainId: 1,
      owners: [SAFE],
      threshold: 1,
      isReadOnly: false,
      nonce: 0,
      implementation: SAFE,
      modules: null,
      fallbackHandler: null,
      guard: null,
      version: '1.4.1',
    }),
    getChainInfo: async () => ({
      chainName: 'Devnet',
      chainId: '1',
      shortName: 'dev',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
      blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
    }),
    getEnvironmentInfo: () => ({ origin: 'https://host.example' }),
    getSafeBalances: vi.fn(async ({ currency }: { currency: string }) => ({
      fiatTotal: '0',
      items: [],
      currency,
    })),
    getTxBySafeTxHash: vi.fn(async ({ safeTxHash }) => ({ safeTxHash })),
    rpcCall: vi.fn(async ({ call }) => `${call}-result`),
    setSettings: vi.fn(async (settings) => ({ offChainSigning: settings.offChainSigning ?? true })),
    sendTransactions: vi.fn(async () => ({ safeTxHash: HASH })),
    signMessage: vi.fn(async () => ({ messageHash: HASH })),
    signTypedMessage: vi.fn(async () => ({ messageHash: HASH })),
    getOffChainSignature: vi.fn(async () => ''),
    requestAddressBook: vi.fn(async () => [{ address: SAFE, chainId: '1', name: 'Me' }]),
    getPermissions: () => permissions,
    requestPermissions: vi.fn(async () => {
      permissions.push({ invoker: APP_ORIGIN, parentCapability: 'requestAddressBook', date: 1, caveats: [] });
      return permissions;
    }),
    ...overrides,
  };
  const bridge = createBridge({
    appOrigin: APP_ORIGIN,
    getAppWindow: () => appWindow,
    subscribe: (next) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    handlers,
  });
  const send = (data: unknown, { origin = APP_ORIGIN, source = appWindow as unknown } = {}) =>
    listener?.({ data, origin, source });
  const request = (method: string, params?: unknown, id = 'a1b2c3d4e5') => ({
    id,
    method,
    params,
    env: { sdkVersion: '9.1.0' },
  });
  /** Sends a request from the app and waits for its answers to settle. */
  const call = async (method: string, params?: unknown, id = 'a1b2c3d4e5') => {
    send(request(method, params, id));
    await flush();
    return posted
      .filter((entry) => (entry.message as BridgeReply).id === id)
      .map((entry) => entry.message as BridgeReply);
  };
  return { posted, appWindow, otherWindow, handlers, bridge, send, request, call, permissions };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
