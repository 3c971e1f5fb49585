import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useGateway } from '../../lib/ServicesProvider';
import { Address, Alert, Button, Card, CopyButton, DateTime, Detail, DetailList, Section } from '../../ui';
import { useSafe, useSigner } from '../safe';
import { useSignerService, type WriteResult } from '../wallet';
import { appIdentity } from './appIdentity';
import { registerBrowserForSafe, unregisterBrowser, unregisterSafeFromBrowser } from './notificationActions';
import { safeRegistrationKey, useNotificationDevice } from './notificationDevice';
import styles from './Settings.module.css';

type Outcome = { tone: 'ok' | 'danger'; title: string; message: string };

const failure = (title: string, error: unknown): Outcome => ({
  tone: 'danger',
  title,
  message: error instanceof Error ? error.message : String(error),
});

/** A write's outcome: `done` when it went through, else its error's words under the title for them. */
const outcomeOf = (result: WriteResult<void>, done: Omit<Outcome, 'tone'>, refused: string): Outcome =>
  result.ok ? { tone: 'ok', ...done } : { tone: 'danger', title: refused, message: result.error.message };

/** Registering this browser for the Safe's notifications, and taking it back. */
export function NotificationsSection() {
  const { chain, address } = useSafe();
  const gateway = useGateway();
  const signerService = useSignerService();
  const device = useNotificationDevice();
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);

  const registeredAt = device.safes[safeRegistrationKey(chain.chainId, address)];
  const registered = registeredAt !== undefined;
  const safeCount = Object.keys(device.safes).length;
  const signer = useSigner();
  const account = 'address' in signer ? signer.address : undefined;
  const isOwner = signer.kind === 'owner';

  const register = useMutation({
    mutationFn: () =>
      registerBrowserForSafe({ gateway, signer: signerService, chainId: chain.chainId, safe: address }),
    onMutate: () => setOutcome(undefined),
    onSuccess: (result) =>
      setOutcome(
        outcomeOf(
          result,
          { title: 'Registered', message: 'The gateway accepted this browser’s registration for this Safe.' },
          !result.ok && result.error.source === 'gateway'
            ? 'The gateway refused the registration'
            : 'Not registered',
        ),
      ),
    onError: (error) => setOutcome(failure('Not registered', error)),
  });
  const unregisterSafe = useMutation({
    mutationFn: () => unregisterSafeFromBrowser({ gateway, chainId: chain.chainId, safe: address }),
    onMutate: () => setOutcome(undefined),
    onSuccess: (result) =>
      setOutcome(
        outcomeOf(
          result,
          { title: 'Unregistered', message: 'The gateway removed this Safe from this browser.' },
          'The Safe could not be unregistered',
        ),
      ),
    onError: (error) => setOutcome(failure('The Safe could not be unregistered', error)),
  });
  const unregisterDevice = useMutation({
    mutationFn: () => unregisterBrowser({ gateway, chainId: chain.chainId }),
    onMutate: () => setOutcome(undefined),
    onSuccess: (result) =>
      setOutcome(
        outcomeOf(
          result,
          {
            title: 'Browser unregistered',
            message: 'The gateway removed this browser and every Safe registered on it.',
          },
          'This browser could not be unregistered',
        ),
      ),
    onError: (error) => setOutcome(failure('This browser could not be unregistered', error)),
  });
  const busy = register.isPending || unregisterSafe.isPending || unregisterDevice.isPending;

  return (
    <div className={styles.section} data-testid="settings-notifications">
      <Alert tone="info" role="note" title="No push delivery here" testId="push-service-note">
        <p>
          Push delivery needs a push service this self-hosted app does not have; the registration is what the
          gateway stores. This browser registers with a placeholder token, so no notification will reach it.
        </p>
      </Alert>

      <Card className={styles.state} testId="notification-state-card">
        <p role="status" aria-live="polite" className={styles.stateText} data-testid="notification-state">
          {registered ? (
            <>
              This browser is registered for this Safe’s notifications (since{' '}
              <DateTime value={registeredAt} />
              ).
            </>
          ) : (
            'This browser is not registered for this Safe’s notifications.'
          )}
        </p>
        <div className={styles.actions}>
          {!registered && (
            <Button
              variant="primary"
              onClick={() => register.mutate()}
              disabled={busy || !isOwner}
              data-testid="register-notifications"
            >
              {register.isPending ? 'Waiting for your signature…' : 'Register this browser'}
            </Button>
          )}
          {registered && (
            <Button onClick={() => unregisterSafe.mutate()} disabled={busy} data-testid="unregister-safe">
              {unregisterSafe.isPending ? 'Unregistering…' : 'Unregister this Safe'}
            </Button>
          )}
          {device.deviceRegistered && (
            <Button
              variant="danger"
              onClick={() => unregisterDevice.mutate()}
              disabled={busy}
              data-testid="unregister-device"
            >
              {unregisterDevice.isPending ? 'Unregistering…' : 'Unregister this browser'}
            </Button>
          )}
        </div>
        {!registered && <SignerHint account={account} isOwner={isOwner} />}
        {device.deviceRegistered && (
          <p className={styles.hint}>
            Unregistering this browser removes it from the gateway with every Safe registered on it (
            {safeCount} {safeCount === 1 ? 'Safe' : 'Safes'} known here).
          </p>
        )}
      </Card>

      {outcome !== undefined && (
        <Alert
          tone={outcome.tone}
          role={outcome.tone === 'danger' ? 'alert' : 'status'}
          title={outcome.title}
          testId="notification-outcome"
        >
          <p data-testid="notification-outcome-message">{outcome.message}</p>
        </Alert>
      )}

      <Section title="This browser" id="notification-device">
        <DetailList>
          <Detail label="Device id" testId="notification-uuid">
            <code className={styles.url}>{device.uuid}</code>
            <CopyButton value={device.uuid} label="Copy device id" />
          </Detail>
          <Detail label="Device type" testId="notification-device-type">
            WEB
          </Detail>
          <Detail label="Push token" testId="notification-token">
            <span className={styles.stack}>
              <code className={styles.url}>{device.cloudMessagingToken}</code>
              <span className={styles.hint}>
                A placeholder: there is no push service to issue a real one.
              </span>
            </span>
          </Detail>
          <Detail label="App" testId="notification-app">
            {appIdentity.bundle} {appIdentity.version}
          </Detail>
        </DetailList>
      </Section>
    </div>
  );
}

function SignerHint({ account, isOwner }: { account: string | undefined; isOwner: boolean }) {
  const { requestRuntime } = useSignerService();
  if (account === undefined) {
    return (
      <div className={styles.inline}>
        <p className={styles.hint}>An owner signs the registration: connect an owner’s wallet first.</p>
        <Button size="sm" onClick={() => requestRuntime({ open: true })} data-testid="notifications-connect">
          Connect wallet
        </Button>
      </div>
    );
  }
  if (!isOwner) {
    return (
      <p className={styles.hint} data-testid="notifications-not-owner">
        The connected account <Address address={account} identiconSize={16} /> is not an owner of this Safe.
        The gateway accepts registrations signed by an owner only.
      </p>
    );
  }
  return (
    <p className={styles.hint}>
      You sign the registration as <Address address={account} identiconSize={16} />, an owner of this Safe. It
      costs nothing and sends no transaction.
    </p>
  );
}
