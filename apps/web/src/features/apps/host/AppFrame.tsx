import { useEffect, useRef, useState } from 'react';
import { createBridge, type IncomingMessage } from '@countersign/safe-apps-bridge';
import { Alert, Button, Loading } from '../../../ui';
import { useSafe } from '../../safe';
import { AppTransactionNotice } from './AppTransactionNotice';
import { HostPrompts } from './HostPrompts';
import { useAppHost, type HostedApp } from './useAppHost';
import styles from './host.module.css';

/** What the app's frame may do: run scripts, keep its own origin, forms, popups and downloads. */
export const APP_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';
/** Browser features the app may use: writing to the clipboard only. */
export const APP_ALLOW = 'clipboard-write';
/** An app that has not loaded after this long is reported as failing (with Retry). */
export const APP_LOAD_TIMEOUT_MS = 15_000;

type FrameStatus = 'loading' | 'ready' | 'failed';

/**
 * A Safe App in a sandboxed frame, talking to Countersign through the bridge: only messages from this
 * frame's window and the app's origin are read, and replies go to that origin only. Until the app has
 * loaded, a loading state covers the frame; an app that does not load in time gets a failure with
 * Retry. The app reloads when the Safe or the chain changes.
 */
export function AppFrame({
  app,
  loadTimeoutMs = APP_LOAD_TIMEOUT_MS,
}: {
  app: HostedApp;
  /** How long the app may take to load before it is reported as failing. */
  loadTimeoutMs?: number;
}) {
  const { chain, address } = useSafe();
  const { handlers, prompts, rejectAll, lastTransaction, dismissLastTransaction } = useAppHost(app);
  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  const frameKey = `${chain.chainId}:${address}:${attempt}`;
  // The status of the frame loaded last; a new frame (another Safe, a retry) starts loading.
  const [frameStatus, setFrameStatus] = useState<{ key: string; status: FrameStatus }>({
    key: frameKey,
    status: 'loading',
  });
  const status = frameStatus.key === frameKey ? frameStatus.status : 'loading';
  // A notice of another Safe's transaction (the user switched Safes under the app) would mislead.
  const notice =
    lastTransaction?.chainId === chain.chainId && lastTransaction.safe === address
      ? lastTransaction
      : undefined;

  // The bridge listens before the frame starts loading, so the app's first getSafeInfo is answered.
  useEffect(() => {
    const bridge = createBridge({
      appOrigin: app.origin,
      getAppWindow: () => frame.current?.contentWindow,
      subscribe: (listener) => {
        const onMessage = (event: MessageEvent) => listener(event satisfies IncomingMessage);
        window.addEventListener('message', onMessage);
        return () => window.removeEventListener('message', onMessage);
      },
      handlers,
      onUnexpectedError: (error, request) =>
        console.error(`Safe App request ${request.method || '(reply)'} failed`, error),
    });
    return () => {
      bridge.dispose();
      rejectAll();
    };
  }, [app.origin, handlers, rejectAll, frameKey]);

  useEffect(() => {
    const timer = window.setTimeout(
      () =>
        setFrameStatus((current) =>
          current.key === frameKey && current.status !== 'loading'
            ? current
            : { key: frameKey, status: 'failed' },
        ),
      loadTimeoutMs,
    );
    return () => window.clearTimeout(timer);
  }, [frameKey, loadTimeoutMs]);

  return (
    <div className={styles.frameBox} data-testid="safe-app-host" data-status={status}>
      {notice && <AppTransactionNotice txId={notice.txId} onDismiss={dismissLastTransaction} />}
      <iframe
        key={frameKey}
        ref={frame}
        src={app.url}
        title={app.name}
        className={styles.frame}
        sandbox={APP_SANDBOX}
        allow={APP_ALLOW}
        referrerPolicy="strict-origin"
        // A slow app that loads after all replaces its failure.
        onLoad={() => setFrameStatus({ key: frameKey, status: 'ready' })}
        data-testid="safe-app-frame"
      />
      {status === 'loading' && (
        <div className={styles.overlay} data-testid="safe-app-loading">
          <Loading label={`Loading ${app.name}`} />
          <p className={styles.hint}>Loading {app.name}…</p>
        </div>
      )}
      {status === 'failed' && (
        <div className={styles.overlay}>
          <Alert
            tone="danger"
            role="alert"
            title={`${app.name} did not load`}
            testId="safe-app-failed"
            actions={
              <Button size="sm" onClick={() => setAttempt((value) => value + 1)} data-testid="safe-app-retry">
                Retry
              </Button>
            }
          >
            <p>
              The app at <span className={styles.url}>{app.origin}</span> did not finish loading within{' '}
              {Math.round(loadTimeoutMs / 1000)} seconds. It may be down, or your connection may be offline.
            </p>
          </Alert>
        </div>
      )}
      <HostPrompts prompts={prompts} app={app} />
    </div>
  );
}
