import { SignClient } from '@walletconnect/sign-client';
import { startWebServer } from '@countersign/web/server';
import type { E2eStack } from './stack';
import { WalletConnectRelay } from './walletConnectRelay';
import { memoryStorage } from './walletConnectNode';

export type Dapp = Awaited<ReturnType<typeof SignClient.init>>;

/**
 * The dapp's connect, its approval awaited from the start: the Sign client drops a settlement that
 * arrives before anyone calls `approval()`, and a fast wallet settles while the test still clicks.
 */
export async function connect(dapp: Dapp, params: Parameters<Dapp['connect']>[0]) {
  const { uri, approval } = await dapp.connect(params);
  return { uri, approved: approval() };
}

/**
 * A dapp (WalletConnect's Sign client in Node) and a web server configured for WalletConnect, both
 * on a relay double of their own; all three go with the test.
 */
export async function withDapp(
  stack: E2eStack,
  metadata: { name: string; url: string },
  use: (session: { dapp: Dapp; web: Awaited<ReturnType<typeof startWebServer>> }) => Promise<void>,
  /** `verify`: the web app asks WalletConnect's Verify server about the dapp (WALLETCONNECT_VERIFY=on). */
  options: { verify?: boolean } = {},
) {
  const projectId = 'countersign-e2e';
  const relay = await WalletConnectRelay.start();
  const web = await startWebServer({
    port: 0,
    gatewayUrl: stack.gatewayUrl,
    walletConnectProjectId: projectId,
    walletConnectRelayUrl: relay.url,
    walletConnectVerify: options.verify,
  });
  const dapp = await SignClient.init({
    projectId,
    relayUrl: relay.url,
    storage: memoryStorage(),
    telemetryEnabled: false,
    logger: 'error',
    metadata: { ...metadata, description: 'A dapp played by the tests', icons: [] },
  });
  try {
    await use({ dapp, web });
  } finally {
    await dapp.core.relayer.transportClose();
    await web.close();
    await relay.close();
  }
}
