import type { RuntimeConfig } from '../src/lib/config';

/** The web server's configuration in its tests: a gateway on loopback, no WalletConnect. */
export const gatewayOnlyConfig: RuntimeConfig = {
  gatewayUrl: 'http://127.0.0.1:8787',
  walletConnectProjectId: undefined,
  walletConnectRelayUrl: undefined,
};
