import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { combineConfirmations } from '@countersign/safe-core';
import { useGateway } from '../../../lib/ServicesProvider';
import { chainClient } from '../../../lib/chainReader';
import { Alert, Badge, Button, Detail, DetailList, HexValue, Loading, Section } from '../../../ui';
import {
  invalidateSafeViews,
  mergeSignatures,
  safeKey,
  ShareLinkAndFile,
  SharedSignatureList,
  signSafeMessage,
  useChainSafeState,
  useSafe,
  type SharedSignature,
} from '../../safe';
import { useSignerService, type WriteError } from '../../wallet';
import { contentKindTitle, countersignOrigin } from '../messageContent';
import { MessageContentView } from '../MessageContentView';
import { HashList } from '../MessageHashes';
import { computeMessageHashes } from '../messageHashes';
import { messageQueryOptions } from '../queries';
import { SignerHint, useOwnerAccount } from '../SignerHint';
import { uploadMessageSignatures } from '../signingActions';
import { signatureCheckQueryOptions } from '../useSignatureCheck';
import { checkSharedMessage } from './checkSharedMessage';
import { keepSharedMessage, keptSharedMessage } from './keptSharedMessages';
import {
  sharedMessageFileName,
  sharedMessageFragment,
  sharedMessageJson,
  type SharedMessage,
} from './sharedMessage';
import styles from '../Signing.module.css';
import { sameAddress } from '../../../lib/address';

/** A shared Safe message checked here, with what the connected owner can do with it. */
export function SharedMessageView({
  shared,
  onChange,
}: {
  shared: SharedMessage;
  onChange: (next: SharedMessage) => void;
}) {
  const { chain, address, paths, withoutGateway } = useSafe();
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const signerService = useSignerService();
  const signer = useOwnerAccount();
  const onChain = useChainSafeState();
  const state = onChain.state;
  const [added, setAdded] = useState<SharedSignature[]>([]);
  const [error, setError] = useState<WriteError | undefined>();
  const [busy, setBusy] = useState<'sign' | 'upload' | undefined>();
  const [uploaded, setUploaded] = useState<number | undefined>();

  // The hash to look it up by, on the gateway and in this browser: the content's own (computed by
  // the check below too); the one the sharer names is only compared with it.
  const lookupHash = useMemo(() => {
    const computed = computeMessageHashes({
      chainId: Number(chain.chainId),
      safe: address,
      message: shared.message,
    });
    return computed.ok ? computed.safeMessageHash : shared.safeMessageHash;
  }, [chain.chainId, address, shared.message, shared.safeMessageHash]);
  const onGateway = useQuery({
    ...messageQueryOptions(gateway, chain.chainId, address, lookupHash ?? '0x'),
    enabled: !withoutGateway && lookupHash !== undefined,
    retry: false,
  });
  const gatewayConfirmations = useMemo<SharedSignature[]>(
    () =>
      (onGateway.data?.confirmations ?? []).map((confirmation) => ({
        signer: confirmation.owner.value as Address,
        signature: confirmation.signature as Hex,
      })),
    [onGateway.data],
  );
  const candidates = useMemo(
    () =>
      mergeSignatures(
        shared.signatures,
        added,
        lookupHash ? (keptSharedMessage(lookupHash)?.signatures ?? []) : [],
        gatewayConfirmations,
      ),
    [shared.signatures, added, lookupHash, gatewayConfirmations],
  );
  const check = useQuery({
    queryKey: safeKey(chain.chainId, address, 'shared-message-check', sharedMessageFragment(shared), [
      candidates.map((c) => `${c.signer}:${c.signature}`).join(','),
      state ? `${state.owners.join(',')}:${state.threshold}` : 'unread',
    ]),
    queryFn: () => {
      if (state === undefined) throw new Error('The Safe has not been read from the chain yet.');
      return checkSharedMessage({
        shared: { ...shared, signatures: candidates },
        chainId: chain.chainId,
        chainName: chain.chainName,
        safe: address,
        state,
        client: chainClient(chain),
      });
    },
    enabled: state !== undefined,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const result = check.data;
  const hashes = result?.hashes.ok ? result.hashes : undefined;
  const valid = useMemo(() => result?.counted ?? [], [result]);
  const complete = state !== undefined && valid.length >= state.threshold;
  const combined = useMemo(
    () =>
      complete
        ? combineConfirmations(
            valid.map((signature) => ({ owner: signature.signer, signature: signature.signature })),
          )
        : undefined,
    [complete, valid],
  );
  // Once enough owners signed, the Safe itself is asked: its isValidSignature has the last word.
  const safeAnswer = useQuery({
    ...signatureCheckQueryOptions({
      chain,
      safe: address,
      messageHash: hashes?.safeMessageHash ?? '0x',
      contentHash: hashes?.contentHash ?? '0x',
      signatures: combined ?? '0x',
    }),
    enabled: combined !== undefined && hashes !== undefined,
  });
  const current = useMemo<SharedMessage>(
    () => ({
      ...shared,
      safeMessageHash: hashes?.safeMessageHash ?? shared.safeMessageHash,
      signatures: valid,
    }),
    [shared, hashes, valid],
  );
  useEffect(() => {
    if (result && result.refusal === undefined && hashes)
      keepSharedMessage({ ...shared, safeMessageHash: hashes.safeMessageHash, signatures: valid });
  }, [result, hashes, valid, shared]);

  if (state === undefined) {
    return onChain.query.isError ? (
      <Alert tone="danger" title="The Safe could not be read from the chain" role="alert">
        Nothing can be checked without the Safe contract: its owners and threshold.
      </Alert>
    ) : (
      <Loading label="Reading the Safe from the chain…" />
    );
  }
  if (result === undefined) return <Loading label="Checking the message against the chain…" />;

  const account = signer.isOwner ? signer.account : undefined;
  const accountSigned =
    account !== undefined && valid.some((signature) => sameAddress(signature.signer, account));
  const link = `${window.location.origin}${paths.sharedMessage(sharedMessageFragment(current))}`;
  const notOnGateway = valid.filter(
    (signature) =>
      !gatewayConfirmations.some((confirmation) => sameAddress(confirmation.signer ?? '', signature.signer)),
  );

  const sign = async () => {
    if (!hashes) return;
    setBusy('sign');
    setError(undefined);
    const signed = await signSafeMessage({
      signer: signerService,
      chainId: chain.chainId,
      safe: address,
      owners: state.owners,
      contentHash: hashes.contentHash,
    });
    setBusy(undefined);
    if (!signed.ok) {
      setError(signed.error);
      return;
    }
    const signature = { signer: signed.value.signer, signature: signed.value.signature };
    setAdded((before) => [...before, signature]);
    onChange({ ...current, signatures: mergeSignatures(current.signatures, [signature]) });
  };
  const upload = async () => {
    if (!hashes) return;
    setBusy('upload');
    setError(undefined);
    const sent = await uploadMessageSignatures({
      gateway,
      chainId: chain.chainId,
      safe: address,
      content: shared.message,
      messageHash: hashes.safeMessageHash,
      signatures: valid,
      onGateway: onGateway.data
        ? gatewayConfirmations.map((confirmation) => confirmation.signer ?? '')
        : undefined,
      origin: countersignOrigin(window.location.origin),
    });
    setBusy(undefined);
    if (!sent.ok) {
      setError(sent.error);
      return;
    }
    setUploaded(sent.value);
    void onGateway.refetch();
    void invalidateSafeViews(queryClient, chain.chainId, address, ['messages']);
  };

  return (
    <div className={styles.review} data-testid="shared-message">
      {result.refusal !== undefined && (
        <Alert tone="danger" title="Do not sign this message" role="alert" testId="shared-message-refused">
          {result.refusal}
        </Alert>
      )}
      {shared.title && (
        <p className={styles.hint} data-testid="shared-message-title">
          Shared as &ldquo;{shared.title}&rdquo;: the sharer&apos;s words, not checked. The message itself is
          below.
        </p>
      )}
      <Section title={contentKindTitle(shared.message)} id="shared-message-content">
        <MessageContentView content={shared.message} chain={chain} safeAddress={address} />
      </Section>
      <Section title="Checks" id="shared-message-checks">
        <DetailList>
          <Detail label="Signatures" testId="shared-message-progress">
            {valid.length} of {state.threshold} needed
          </Detail>
          {complete && (
            <Detail label="The Safe's answer" testId="shared-message-safe-answer">
              {safeAnswer.data === undefined ? (
                safeAnswer.isError ? (
                  'The chain could not be asked.'
                ) : (
                  'Asking the Safe (isValidSignature)…'
                )
              ) : safeAnswer.data.valid ? (
                <Badge tone="ok">Signed: the Safe&apos;s isValidSignature accepts it</Badge>
              ) : (
                <Badge tone="danger">The Safe&apos;s isValidSignature refuses it</Badge>
              )}
            </Detail>
          )}
        </DetailList>
        <HashList hashes={result.hashes} />
      </Section>
      <Section title="Signatures" id="shared-message-signatures">
        <SharedSignatureList signatures={result.signatures} testId="shared-message-signatures" />
      </Section>
      {combined !== undefined && (
        <Section title="The Safe's signature" id="shared-message-combined">
          <p className={styles.hint}>
            What a dapp or a contract asks the Safe about: the owners&apos; signatures in the order the Safe
            reads them.
          </p>
          <div className={styles.actions}>
            <HexValue value={combined} label="The Safe's signature" testId="shared-message-combined" />
          </div>
        </Section>
      )}
      {result.refusal === undefined && hashes && (
        <Section title="Share" id="shared-message-share">
          <ShareLinkAndFile
            what="message"
            link={link}
            fileName={sharedMessageFileName(current, hashes.safeMessageHash)}
            json={sharedMessageJson(current)}
            testIdPrefix="shared-message"
          />
        </Section>
      )}
      {result.refusal === undefined && (
        <Section title="Sign" id="shared-message-sign">
          <SignerHint signer={signer} action="signs the message" />
          {error && (
            <Alert tone="danger" title="Not done" role="alert" testId="shared-message-error">
              {error.message}
            </Alert>
          )}
          {uploaded !== undefined && (
            <Alert tone="ok" title="On the gateway" testId="shared-message-uploaded">
              {uploaded === 0
                ? 'The gateway had every signature already.'
                : `${uploaded} signature${uploaded === 1 ? '' : 's'} sent: the message is on the Messages page.`}
            </Alert>
          )}
          <div className={styles.actions}>
            {account !== undefined && !accountSigned && (
              <Button
                variant="primary"
                onClick={() => void sign()}
                disabled={busy !== undefined}
                data-testid="shared-message-sign"
              >
                {busy === 'sign' ? 'Waiting for your wallet…' : 'Add your signature'}
              </Button>
            )}
            {!withoutGateway && notOnGateway.length > 0 && (
              <Button
                onClick={() => void upload()}
                disabled={busy !== undefined}
                data-testid="shared-message-upload"
              >
                {busy === 'upload' ? 'Sending…' : 'Send to the gateway'}
              </Button>
            )}
          </div>
          {withoutGateway && (
            <p className={styles.hint}>
              The gateway does not answer: pass the link or the file to your co-signers yourself.
            </p>
          )}
        </Section>
      )}
    </div>
  );
}
