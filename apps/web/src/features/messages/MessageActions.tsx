import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SafeMessage } from '@countersign/gateway-api';
import { Address, Alert, Button, Card } from '../../ui';
import { invalidateSafeViews, useSafe } from '../safe';
import { computeMessageHashes } from './messageHashes';
import { messageQueryOptions } from './queries';
import { SignerHint, useOwnerAccount } from './sign/SignerHint';
import { confirmSafeMessage, MessageSigningError } from './sign/signingActions';
import styles from './sign/Signing.module.css';

type Outcome = { tone: 'ok' | 'danger'; title: string; message: string };

const failureTitles: Record<MessageSigningError['source'], string> = {
  wallet: 'Not signed',
  signer: 'Not signed by an owner',
  gateway: 'The gateway refused the signature',
};

/**
 * Confirm: a connected owner who has not signed the message yet adds their signature. Then the
 * message is fetched again; once the gateway counts enough confirmations, the page checks the
 * combined signature on chain before it shows the message as Confirmed.
 */
export function MessageActions({ message }: { message: SafeMessage }) {
  const { chain, address, safe } = useSafe();
  const queryClient = useQueryClient();
  const signer = useOwnerAccount();
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const hashes = useMemo(
    () =>
      computeMessageHashes({
        chainId: Number(chain.chainId),
        safe: address,
        message: message.message,
        gatewayMessageHash: message.messageHash,
      }),
    [chain.chainId, address, message.message, message.messageHash],
  );
  const owners = safe.owners.map((owner) => owner.value);
  const confirm = useMutation({
    mutationFn: async () => {
      if (!hashes.ok) throw new MessageSigningError('signer', hashes.reason);
      await confirmSafeMessage({
        chainId: chain.chainId,
        safe: address,
        owners,
        messageHash: message.messageHash,
        contentHash: hashes.contentHash,
      });
    },
    onMutate: () => setOutcome(undefined),
    onSuccess: async () => {
      setOutcome({
        tone: 'ok',
        title: 'Signature added',
        message: 'The gateway accepted your signature.',
      });
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: messageQueryOptions(chain.chainId, address, message.messageHash).queryKey,
        }),
        invalidateSafeViews(queryClient, chain.chainId, address, ['messages', 'info']),
      ]);
    },
    onError: (error) =>
      setOutcome({
        tone: 'danger',
        title: error instanceof MessageSigningError ? failureTitles[error.source] : 'Not signed',
        message: error instanceof Error ? error.message : String(error),
      }),
  });

  const needsConfirmation = message.status === 'NEEDS_CONFIRMATION';
  if (!needsConfirmation && outcome === undefined) return null;
  const signedAs =
    signer.account === undefined
      ? undefined
      : message.confirmations.find(
          (confirmation) => confirmation.owner.value.toLowerCase() === signer.account?.toLowerCase(),
        );
  const missing = Math.max(message.confirmationsRequired - message.confirmationsSubmitted, 0);
  const hashUsable = hashes.ok && hashes.matchesGateway === true;

  return (
    <Card className={styles.panel} testId="message-actions">
      {needsConfirmation && (
        <>
          <p data-testid="message-missing">
            {missing === 1
              ? 'One more owner’s signature is needed.'
              : `${missing} more owners’ signatures are needed.`}
          </p>
          {signedAs !== undefined ? (
            <p className={styles.hint} data-testid="message-signed-by-you">
              You have signed this message as <Address address={signedAs.owner.value} identiconSize={16} />.
              The other owners confirm it from their own wallets.
            </p>
          ) : (
            <>
              {!hashUsable && (
                <Alert tone="warn" title="This message cannot be confirmed here" testId="confirm-blocked">
                  <p>
                    {hashes.ok
                      ? 'The SafeMessage hash computed here differs from the gateway’s, so what you would sign is not what the gateway holds.'
                      : hashes.reason}
                  </p>
                </Alert>
              )}
              <div className={styles.actions}>
                <Button
                  variant="primary"
                  onClick={() => confirm.mutate()}
                  disabled={!signer.isOwner || !hashUsable || confirm.isPending}
                  data-testid="confirm-message"
                >
                  {confirm.isPending ? 'Waiting for your signature…' : 'Confirm'}
                </Button>
              </div>
              <SignerHint signer={signer} action="confirms this message" />
            </>
          )}
        </>
      )}
      {outcome !== undefined && (
        <Alert
          tone={outcome.tone}
          role={outcome.tone === 'danger' ? 'alert' : 'status'}
          title={outcome.title}
          testId="message-action-outcome"
        >
          <p data-testid="message-action-outcome-message">{outcome.message}</p>
        </Alert>
      )}
    </Card>
  );
}
