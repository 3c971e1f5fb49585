import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../../lib/ServicesProvider';
import { Alert, Loading, Page } from '../../ui';
import type { DappConnector } from './connector';
import { Dapps } from './Dapps';

type Start =
  | { status: 'starting' }
  | { status: 'ready'; connector: DappConnector }
  | { status: 'failed'; message: string };

/**
 * /:safe/dapps: WalletConnect starts here, when the owner opens the page (its SDK is a chunk of its
 * own, and nothing reaches a relay before).
 */
export function DappsPage() {
  const config = useRuntimeConfig();
  const projectId = config.walletConnectProjectId;
  const [start, setStart] = useState<Start>({ status: 'starting' });
  useEffect(() => {
    if (!projectId) return;
    let live = true;
    import('./walletConnectClient')
      .then(({ walletConnectConnector }) =>
        walletConnectConnector({ projectId, relayUrl: config.walletConnectRelayUrl }),
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
  }, [projectId, config.walletConnectRelayUrl]);

  return (
    <Page
      title="Dapps"
      description="Use this Safe in any dapp through WalletConnect. Every transaction a dapp asks for comes here for your review."
      testId="dapps-page"
    >
      {!projectId ? (
        <Alert tone="info" title="WalletConnect is not set up" testId="dapps-unconfigured">
          Connecting dapps needs a WalletConnect project id: whoever runs this Countersign sets
          WALLETCONNECT_PROJECT_ID (and WALLETCONNECT_RELAY_URL for a relay of their own).
        </Alert>
      ) : start.status === 'starting' ? (
        <Loading label="Starting WalletConnect" />
      ) : start.status === 'failed' ? (
        <Alert tone="danger" role="alert" title="WalletConnect could not start" testId="dapps-failed">
          {start.message}
        </Alert>
      ) : (
        <Dapps connector={start.connector} />
      )}
    </Page>
  );
}
