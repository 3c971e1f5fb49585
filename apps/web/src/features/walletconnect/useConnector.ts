import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../../lib/ServicesProvider';
import type { DappConnector } from './connector';

export type ConnectorStart =
  | { status: 'unconfigured' }
  | { status: 'starting' }
  | { status: 'ready'; connector: DappConnector }
  | { status: 'failed'; message: string };

/** The app's one WalletConnect connector, its SDK loaded on first use (walletConnectClient.ts). */
export function useConnector(): ConnectorStart {
  const config = useRuntimeConfig();
  const projectId = config.walletConnectProjectId;
  const [start, setStart] = useState<ConnectorStart>({ status: 'starting' });
  useEffect(() => {
    if (!projectId) return;
    let live = true;
    import('./walletConnectClient')
      .then(({ walletConnectConnector }) =>
        walletConnectConnector({
          projectId,
          relayUrl: config.walletConnectRelayUrl,
          verify: config.walletConnectVerify,
        }),
      )
      .then(
        (connector) => live && setStart({ status: 'ready', connector }),
        (error: unknown) =>
          live &&
          setStart({
            status: 'failed',
            message: error instanceof Error ? error.message.slice(0, 300) : String(error),
          }),
      );
    return () => {
      live = false;
    };
  }, [projectId, config.walletConnectRelayUrl, config.walletConnectVerify]);
  return projectId ? start : { status: 'unconfigured' };
}
