import type { ReactNode } from 'react';
import { Alert, ButtonLink, Card, shortenHex } from '../../ui';
import { deploymentTargetTexts, type DeploymentTarget } from './deploymentTarget';
import type { DeployProgress } from './deploySafe';
import styles from './NewSafePage.module.css';

/** What the chain says about the predicted address. */
export function DeploymentTargetState({
  target,
  failed,
  home,
}: {
  /** `creating`: this form is deploying it now. */
  target: DeploymentTarget | 'creating' | undefined;
  failed: boolean;
  home: string;
}) {
  if (target === 'creating') {
    return (
      <p className={styles.hint} data-testid="new-safe-target">
        The Safe is being deployed at this address.
      </p>
    );
  }
  if (failed) {
    return (
      <p className={styles.hint} data-testid="new-safe-target">
        The chain could not be asked whether this address is free; the wallet checks it when you create.
      </p>
    );
  }
  switch (target) {
    case undefined:
      return (
        <p className={styles.hint} role="status" data-testid="new-safe-target">
          Checking the address on chain…
        </p>
      );
    case 'free':
      return (
        <p className={styles.hint} role="status" data-testid="new-safe-target">
          Nothing is deployed there yet: Create Safe deploys it at this address.
        </p>
      );
    case 'deployed':
      return (
        <Alert
          tone="danger"
          title="Already deployed"
          testId="new-safe-target"
          actions={
            <ButtonLink to={home} size="sm">
              Open the existing Safe
            </ButtonLink>
          }
        >
          <p>{deploymentTargetTexts.deployed}</p>
        </Alert>
      );
    case 'no-contracts':
      return (
        <Alert tone="danger" title="Not available on this chain" testId="new-safe-target">
          <p>{deploymentTargetTexts.noContracts}</p>
        </Alert>
      );
  }
}

/** The steps after Create: the wallet, the deployment (its transaction linked), the gateway. */
export function CreationProgress({
  flow,
  txUrl,
}: {
  flow: DeployProgress;
  txUrl: (hash: string) => string | null;
}) {
  const hash = 'hash' in flow ? flow.hash : undefined;
  const stepState = (step: 'confirming' | 'mining' | 'serving') => {
    const order = ['confirming', 'mining', 'serving'];
    const current = order.indexOf(flow.stage);
    const index = order.indexOf(step);
    return index < current ? 'done' : index === current ? 'current' : 'next';
  };
  const steps: { step: 'confirming' | 'mining' | 'serving'; label: ReactNode }[] = [
    { step: 'confirming', label: 'Confirm the deployment in your wallet' },
    {
      step: 'mining',
      label: (
        <>
          Deploying the Safe
          {hash !== undefined && (
            <>
              {' · '}
              <TxLink hash={hash} url={txUrl(hash)} />
            </>
          )}
        </>
      ),
    },
    { step: 'serving', label: 'Waiting for the gateway to serve it' },
  ];
  return (
    <Card className={styles.progress} testId="new-safe-progress">
      <p role="status" aria-live="polite" className="visually-hidden">
        {flow.stage === 'confirming'
          ? 'Waiting for your wallet.'
          : flow.stage === 'mining'
            ? 'The deployment was sent. Waiting for it to be mined.'
            : 'The Safe is deployed. Waiting for the gateway.'}
      </p>
      <ol className={styles.steps} data-testid="new-safe-steps" data-step={flow.stage}>
        {steps.map(({ step, label }) => {
          const state = stepState(step);
          return (
            <li key={step} className={styles[state]} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.stepMark} aria-hidden="true">
                {state === 'done' ? '✓' : state === 'current' ? '…' : ''}
              </span>
              <span>{label}</span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/** A transaction hash, linked to the chain's explorer when it has one. */
export function TxLink({ hash, url }: { hash: string; url: string | null }) {
  const text = <code title={hash}>{shortenHex(hash)}</code>;
  return url === null ? (
    <span data-testid="new-safe-tx-hash">Transaction {text}</span>
  ) : (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="new-safe-tx-link"
      data-hash={hash}
      aria-label={`Transaction ${hash} on the block explorer`}
    >
      Transaction {text}
    </a>
  );
}
