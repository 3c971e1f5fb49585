import { Suspense } from 'react';
import {
  BridgeError,
  bridgeErrors,
  permissionsRejected,
  restrictedMethodDescriptions,
} from '@countersign/safe-apps-bridge';
import { Button, Dialog, Loading } from '../../../ui';
import { useSafe } from '../../safe';
import { TxReview } from '../../tx-flow';
import { SignatureRequestDialog } from './SignatureRequestDialog';
import type { HostedApp, Prompt } from './useAppHost';
import styles from './host.module.css';

/**
 * The first request waiting for the user, in a modal dialog over the app (the app cannot reach it:
 * the dialog makes the rest of the page inert). Closing it refuses the request.
 */
export function HostPrompts({ prompts, app }: { prompts: readonly Prompt[]; app: HostedApp }) {
  const prompt = prompts[0];
  if (prompt === undefined) return null;
  const waiting = prompts.length - 1;
  const more = waiting > 0 ? ` (${waiting} more waiting)` : '';
  switch (prompt.kind) {
    case 'transaction':
      return (
        <Dialog
          key={prompt.key}
          open
          size="lg"
          title={`${prompt.draft.title}${more}`}
          onClose={() => prompt.reject(new BridgeError(bridgeErrors.transactionRejected))}
          testId="app-tx-dialog"
        >
          <Suspense fallback={<Loading label="Loading the review" />}>
            <TxReview
              draft={prompt.draft}
              onBack={() => prompt.reject(new BridgeError(bridgeErrors.transactionRejected))}
              onDone={({ safeTxHash, txId }) => prompt.resolve({ safeTxHash, txId })}
              inDialog
            />
          </Suspense>
        </Dialog>
      );
    case 'message':
      return <MessagePrompt key={prompt.key} prompt={prompt} app={app} more={more} />;
    case 'permissions':
      return (
        <Dialog
          key={prompt.key}
          open
          size="sm"
          title="Permission requested"
          onClose={() => prompt.reject(permissionsRejected())}
          testId="permission-prompt"
          footer={
            <>
              <Button onClick={() => prompt.reject(permissionsRejected())} data-testid="permission-reject">
                Reject
              </Button>
              <Button variant="primary" onClick={() => prompt.resolve(true)} data-testid="permission-accept">
                Allow
              </Button>
            </>
          }
        >
          <p>
            <strong className={styles.appName}>{app.name}</strong> ({app.origin}) asks to:
          </p>
          <ul className={styles.permissionList} data-testid="permission-methods">
            {prompt.methods.map((method) => (
              <li key={method}>{restrictedMethodDescriptions[method]}</li>
            ))}
          </ul>
          <p className={styles.hint}>
            You can revoke it at any time in Settings → Safe Apps. Refusing it tells the app so; it keeps
            running.
          </p>
        </Dialog>
      );
  }
}

function MessagePrompt({
  prompt,
  app,
  more,
}: {
  prompt: Extract<Prompt, { kind: 'message' }>;
  app: HostedApp;
  more: string;
}) {
  const { safe } = useSafe();
  return (
    <SignatureRequestDialog
      requester={app}
      content={prompt.content}
      title={`Signature requested by ${app.name}${more}`}
      intro={
        <>
          An off-chain message for this Safe: nothing is sent on chain. The Safe has signed it once{' '}
          {safe.threshold} {safe.threshold === 1 ? 'owner has' : 'owners have'} signed it.
        </>
      }
      testIdPrefix="app"
      onSigned={(result) => prompt.resolve(result)}
      onReject={() => prompt.reject(new BridgeError(bridgeErrors.signatureRejected))}
    />
  );
}
