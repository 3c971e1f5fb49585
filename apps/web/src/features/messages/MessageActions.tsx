import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address as AddressValue } from 'viem';
import type { SafeMessage } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { Address, Alert, Button, ButtonLink, Card, HexValue } from '../../ui';
import { childMessage, ParentSafeSigning } from '../nested-safes';
import { invalidateSafeViews, useSafe } from '../safe';
import { checkFailure, useSignerService, type WriteError } from '../wallet';
import { verifyMessageHash, type MessageHashCheck } from './messageHashes';
import { messageQueryOptions } from './queries';
import { SignerHint, useOwnerAccount } from './SignerHint';
import { confirmSafeMessage } from './signingActions';
import { sharedMessageFragment } from './share/sharedMessage';
import { isRawMessage } from './messageContent';
import styles from './Signing.module.css';

type Outcome = { tone: 'ok' | 'danger'; title: string; message: string };

const failureTitles: Record<WriteError['source'], string> = {
  wallet: 'Not signed',
  check: 'Not signed by an owner',
  gateway: 'The gateway refused the signature',
};

/**
 * The Safe the gateway files the message under, should its answer name one: the gateway's message
 * object has no such field today, and its schema drops fields it does not know.
 */
function messageSafeOf(message: SafeMessage): string | undefined {
  const safe = (message as { safe?: unknown }).safe;
  return typeof safe === 'string' ? safe : undefined;
}

/**
 * Confirm: a connected owner who has not signed the message yet adds their signature. Then the
 * message is fetched again; once the gateway counts enough confirmations, the page checks the
 * combined signature on chain before it shows the message as Confirmed. Only a message whose content
 * hashes here to its messageHash is offered for signing: owners sign that hash, not the content.
 */
export function MessageActions({ message }: { message: SafeMessage }) {
  const { chain, address, safe, paths } = useSafe();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const signerService = useSignerService();
  const signer = useOwnerAccount();
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const check = useMemo(
    () =>
      verifyMessageHash({
        chainId: Number(chain.chainId),
        safe: address,
        message: message.message,
        messageHash: message.messageHash,
        messageSafe: messageSafeOf(message),
      }),
    [chain.chainId, address, message],
  );
  const owners = safe.owners.map((owner) => owner.value);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: messageQueryOptions(gateway, chain.chainId, address, message.messageHash).queryKey,
      }),
      invalidateSafeViews(queryClient, chain.chainId, address, ['messages', 'info']),
    ]);
  };
  const confirm = useMutation({
    mutationFn: async () =>
      check.status !== 'match'
        ? checkFailure(refusalTitles[check.status])
        : confirmSafeMessage({
            signer: signerService,
            gateway,
            chainId: chain.chainId,
            safe: address,
            owners,
            messageHash: message.messageHash,
            contentHash: check.hashes.contentHash,
          }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async (result) => {
      if (!result.ok) {
        setOutcome({
          tone: 'danger',
          title: failureTitles[result.error.source],
          message: result.error.message,
        });
        return;
      }
      setOutcome({
        tone: 'ok',
        title: 'Signature added',
        message: 'The gateway accepted your signature.',
      });
      await refresh();
    },
    onError: (error) =>
      setOutcome({
        tone: 'danger',
        title: 'Not signed',
        message: error instanceof Error ? error.message : String(error),
      }),
  });

  const needsConfirmation = message.status === 'NEEDS_CONFIRMATION';
  if (check.status !== 'match') {
    return (
      <Card className={styles.panel} testId="message-actions">
        <HashRefusal check={check} />
      </Card>
    );
  }
  if (!needsConfirmation && outcome === undefined) return null;
  const signedAs =
    signer.account === undefined
      ? undefined
      : message.confirmations.find(
          (confirmation) => confirmation.owner.value.toLowerCase() === signer.account?.toLowerCase(),
        );
  const missing = Math.max(message.confirmationsRequired - message.confirmationsSubmitted, 0);
  // Handed on outside the gateway: the content and the confirmations it holds, each checked again
  // by whoever opens the link.
  const shareLink = isRawMessage(message.message)
    ? undefined
    : paths.sharedMessage(
        sharedMessageFragment({
          chainId: chain.chainId,
          safe: address,
          message: message.message,
          safeMessageHash: check.hashes.safeMessageHash,
          signatures: message.confirmations.map((confirmation) => ({
            signer: confirmation.owner.value as AddressValue,
            signature: confirmation.signature as `0x${string}`,
          })),
          title: undefined,
        }),
      );

  return (
    <>
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
                <div className={styles.actions}>
                  <Button
                    variant="primary"
                    onClick={() => confirm.mutate()}
                    disabled={!signer.isOwner || confirm.isPending}
                    data-testid="confirm-message"
                  >
                    {confirm.isPending ? 'Waiting for your signature…' : 'Confirm'}
                  </Button>
                </div>
                <SignerHint signer={signer} action="confirms this message" />
              </>
            )}
            {shareLink && (
              <div className={styles.actions}>
                <ButtonLink to={shareLink} size="sm" data-testid="message-share">
                  Share as a link or file
                </ButtonLink>
              </div>
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
      {needsConfirmation && (
        <ParentSafeSigning
          request={childMessage({
            chainId: chain.chainId,
            child: address,
            childVersion: safe.version,
            contentHash: check.hashes.contentHash,
          })}
          owners={owners as AddressValue[]}
          confirmedBy={message.confirmations.map((confirmation) => confirmation.owner.value)}
          mayAct
          onConfirmed={refresh}
        />
      )}
    </>
  );
}

const refusalTitles: Record<Exclude<MessageHashCheck['status'], 'match'>, string> = {
  mismatch: 'The message does not match its hash: do not sign it',
  'other-safe': 'The message belongs to another Safe: do not sign it',
  unhashable: 'This message cannot be checked here: do not sign it',
};

/**
 * Why a message is not offered for signing, in place of Confirm, whatever its status: the content on
 * this page is not shown to be what the gateway's hash (and any signature of it) stands for.
 */
function HashRefusal({ check }: { check: Exclude<MessageHashCheck, { status: 'match' }> }) {
  return (
    <Alert tone="danger" title={refusalTitles[check.status]} testId="message-hash-refused">
      {check.status === 'mismatch' && (
        <p>
          The gateway gives this message the hash{' '}
          <HexValue
            value={check.gatewayHash}
            label="gateway’s message hash"
            full
            testId="refused-gateway-hash"
          />
          , but its content, hashed here for this Safe on this chain, gives{' '}
          <HexValue
            value={check.computedHash}
            label="message hash computed here"
            full
            testId="refused-computed-hash"
          />
          . A signature would vouch for content other than what this page shows.
        </p>
      )}
      {check.status === 'other-safe' && (
        <p>
          The gateway files this message under <code>{check.messageSafe}</code>, not under the Safe on this
          page.
        </p>
      )}
      {check.status === 'unhashable' && (
        <p>
          Its hash cannot be computed from the content shown ({check.reason}), so nothing shows that the
          content is what a signature would vouch for.
        </p>
      )}
    </Alert>
  );
}
