import type { SignerService, WalletApi, WalletSnapshot } from '../features/wallet';

const disconnected: WalletSnapshot = {
  runtime: 'ready',
  status: 'disconnected',
  address: undefined,
  chainId: 1337,
  connectorId: undefined,
  auth: 'unauthenticated',
  notice: undefined,
};

/** A signer a test holds: its state may change during the test (`set`), as a wallet's does. */
export type FakeSigner = SignerService & { set(patch: Partial<WalletSnapshot>): void };

/**
 * A signer for component tests, in place of the browser wallet: the account state given (connected
 * when an address is given), the API methods given, every other method answering that the fake has
 * none, so a request nobody expected fails the test instead of reaching a wallet.
 */
export function fakeSigner(
  state: Partial<WalletSnapshot> = {},
  api: Partial<WalletApi> = {},
  requestRuntime: SignerService['requestRuntime'] = () => undefined,
): FakeSigner {
  let snapshot: WalletSnapshot = {
    ...disconnected,
    ...(state.address !== undefined && { status: 'connected', auth: 'authenticated' }),
    ...state,
  };
  const listeners = new Set<() => void>();
  const missing = (name: string) => () =>
    Promise.resolve({ ok: false, error: { kind: 'failed', message: `The fake signer has no ${name}()` } });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    api: new Proxy(api, {
      get: (target, name) => (name in target ? target[name as keyof WalletApi] : missing(String(name))),
    }) as WalletApi,
    requestRuntime,
    set(patch) {
      snapshot = { ...snapshot, ...patch };
      for (const listener of listeners) listener();
    },
  };
}
