import { useEffect } from 'react';
import { Alert, Loading, Page } from '../../ui';
import { setWalletConnectActive } from './activity';
import { Dapps } from './Dapps';
import { useConnector } from './useConnector';

/**
 * /:safe/dapps: WalletConnect starts here, when the owner opens the page (its SDK is a chunk of its
 * own, and nothing reaches a relay before). From then on the Safe's pages listen for its requests.
 */
export function DappsPage() {
  const start = useConnector();
  const ready = start.status === 'ready';
  useEffect(() => {
    if (ready) setWalletConnectActive(true);
  }, [ready]);

  return (
    <Page
      title="Dapps"
      description="Use this Safe in any dapp through WalletConnect. Every transaction a dapp asks for comes to you for review."
      testId="dapps-page"
    >
      {start.status === 'unconfigured' ? (
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
