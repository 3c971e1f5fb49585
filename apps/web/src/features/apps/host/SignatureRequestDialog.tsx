import type { ReactNode } from 'react';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SignResult } from '@countersign/safe-apps-bridge';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert, Button, Dialog } from '../../../ui';
import {
  HashList,
  MessageContentView,
  SignerHint,
  computeMessageHashes,
  useOwnerAccount,
  type MessageContent,
} from '../../messages';
import { useSafe } from '../../safe';
import { useSignerService } from '../../wallet';
import { signMessageForApp } from './appSigning';
import styles from './host.module.css';

/** How often the gateway is asked whether the other owners have signed, while the requester waits. */
const WAIT_POLL_MS = 4_000;

/**
 * A message an app asks the Safe to sign (a Safe App's signMessage, a dapp's personal_sign or typed
 * data), in the Safe's message flow: the content as the owner reads it, its hashes, and Sign or
 * Reject. Closing it refuses the request. `onSigned` gets the SafeMessage hash and, once the owners
 * have reached the threshold, the Safe's signature; with `waitForSafeSignature` it is called only
 * then, the dialog asking the gateway until the other owners have signed. With `signOnChain` (a
 * dapp's request) the owner may choose, before signing, to sign on chain instead: the choice is shown
 * in the dialog and, once taken, Sign hands over to `signOnChain.onContinue` (the transaction review).
 */
export function SignatureRequestDialog({
  requester,
  content,
  title,
  intro,
  testIdPrefix,
  waitForSafeSignature = false,
  signOnChain,
  notice,
  onSigned,
  onReject,
  onClosedWhileWaiting,
}: {
  requester: { name: string; url: string; safeAppId: number | null };
  content: MessageContent;
  title: string;
  /** What signing does, said above the message. */
  intro: ReactNode;
  testIdPrefix: 'app' | 'dapp';
  waitForSafeSignature?: boolean;
  /** The off-chain or on-chain choice (its controls), whether on chain is chosen, and what follows it. */
  signOnChain?: { choice: ReactNode; chosen: boolean; onContinue: () => void };
  /** Above the intro: what is known of the requester (WalletConnect Verify's verdict, say). */
  notice?: ReactNode;
  onSigned: (result: SignResult) => void;
  onReject: () => void;
  /**
   * The dialog closed after this owner signed, while the other owners have yet to: the request is
   * kept, and whoever holds it answers once the Safe's signature is complete. Without it, closing
   * refuses the request as before.
   */
  onClosedWhileWaiting?: (messageHash: string) => void;
}) {
  const { chain, address, safe } = useSafe();
  const gateway = useGateway();
  const signerService = useSignerService();
  const signer = useOwnerAccount();
  const [hashes] = useState(() =>
    computeMessageHashes({ chainId: Number(chain.chainId), safe: address, message: content }),
  );
  const sign = useMutation({
    mutationFn: () =>
      signMessageForApp({
        gateway,
        wallet: signerService,
        chainId: chain.chainId,
        safe: address,
        owners: safe.owners.map((owner) => owner.value),
        threshold: safe.threshold,
        app: requester,
        content,
      }),
    onSuccess: (result) => {
      if (result.ok && (!waitForSafeSignature || result.value.signature !== undefined))
        onSigned(result.value);
    },
  });
  const signed = sign.data?.ok === true ? sign.data.value : undefined;
  const waitingFor =
    waitForSafeSignature && signed !== undefined && signed.signature === undefined && 'messageHash' in signed
      ? signed.messageHash
      : undefined;
  useQuery({
    queryKey: ['signature-request', chain.chainId, waitingFor],
    enabled: waitingFor !== undefined,
    refetchInterval: WAIT_POLL_MS,
    queryFn: async () => {
      if (waitingFor === undefined) return 0;
      const message = await gateway.getMessage({ chainId: chain.chainId, messageHash: waitingFor });
      if (message.preparedSignature)
        onSigned({ messageHash: waitingFor, signature: message.preparedSignature as `0x${string}` });
      return message.confirmationsSubmitted;
    },
  });
  const failure =
    sign.data?.ok === false
      ? sign.data.error
      : sign.error === null
        ? undefined
        : { source: 'check' as const, message: sign.error.message };
  const declined = failure?.source === 'wallet' && failure.kind === 'rejected';
  const onChain = signOnChain?.chosen === true;
  const keepOnClose = waitingFor !== undefined && onClosedWhileWaiting !== undefined;
  const close = () => (keepOnClose ? onClosedWhileWaiting(waitingFor) : onReject());
  return (
    <Dialog
      open
      size="lg"
      title={title}
      onClose={close}
      testId={`${testIdPrefix}-message-dialog`}
      footer={
        <>
          <Button onClick={onReject} disabled={sign.isPending} data-testid="reject-message">
            Reject
          </Button>
          {keepOnClose && (
            <Button variant="primary" onClick={close} data-testid="keep-message-request">
              Close and keep waiting
            </Button>
          )}
          {!keepOnClose && (
            <Button
              variant="primary"
              onClick={() => (onChain ? signOnChain.onContinue() : sign.mutate())}
              disabled={
                !signer.isOwner || (!onChain && !hashes.ok) || sign.isPending || sign.data?.ok === true
              }
              data-testid="sign-message"
            >
              {sign.isPending ? 'Signing…' : onChain ? 'Review the transaction' : 'Sign'}
            </Button>
          )}
        </>
      }
    >
      <div className={styles.prompt} data-testid={`${testIdPrefix}-message-review`}>
        {notice}
        <p className={styles.hint}>{intro}</p>
        <MessageContentView content={content} chain={chain} safeAddress={address} />
        <HashList hashes={hashes} />
        <SignerHint signer={signer} action="signs the message" onChain={onChain} />
        {signOnChain !== undefined && sign.data?.ok !== true && signOnChain.choice}
        {waitingFor !== undefined && (
          <Alert tone="info" role="status" title="Signed" testId={`${testIdPrefix}-message-waiting`}>
            Your signature is in. {requester.name} gets the Safe’s signature when the other owners have signed
            {keepOnClose
              ? ', also after you close this dialog, while Countersign stays open on this Safe'
              : ''}
            .
          </Alert>
        )}
        {failure !== undefined && (
          <Alert
            tone={declined ? 'warn' : 'danger'}
            role="alert"
            title="Not signed"
            testId={`${testIdPrefix}-message-error`}
          >
            {failure.message}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
