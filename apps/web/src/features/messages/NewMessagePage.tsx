import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import { useGateway } from '../../lib/ServicesProvider';
import * as z from 'zod/mini';
import { Alert, Button, ButtonLink, Page, Section } from '../../ui';
import { shownError, useSchemaForm } from '../../ui/schemaForm';
import { invalidateSafeViews, signSafeMessage, useSafe } from '../safe';
import { useSignerService, type WriteError } from '../wallet';
import { contentKindTitle } from './messageContent';
import { MessageContentView } from './MessageContentView';
import { computeMessageHashes } from './messageHashes';
import { HashList } from './MessageHashes';
import { messageQueryOptions } from './queries';
import { countersignOrigin, type MessageContent } from './messageContent';
import { messageKindLabels, readMessageInput, type MessageKind } from './sign/messageDraft';
import { SignerHint, useOwnerAccount } from './SignerHint';
import { createSafeMessage } from './signingActions';
import { sharedMessageFragment } from './share/sharedMessage';
import styles from './Signing.module.css';
import { RadioChoices } from '../../ui/RadioChoices';

type Outcome = {
  title: string;
  message: string;
  /** The wallet declined: what was entered is kept, and the page says so. */
  declined: boolean;
  /** The gateway has this message already: where it is. */
  existing?: string;
};

const kinds: MessageKind[] = ['text', 'typed-data'];

/** Each kind keeps its own text, so switching kinds and back loses nothing. */
const inputOf = (kind: MessageKind) => (kind === 'text' ? 'text' : 'typedData');

/** The form's rule: the chosen kind's text, read as that kind of message. */
const messageSchema = z.pipe(
  z.object({ kind: z.enum(['text', 'typed-data']), text: z.string(), typedData: z.string() }),
  z.transform((values, context) => {
    const input = values[inputOf(values.kind)];
    const read = readMessageInput(values.kind, input);
    if (read.ok) return { content: read.value };
    context.issues.push({ code: 'custom', message: read.error, input, path: [inputOf(values.kind)] });
    return z.NEVER;
  }),
);

const typedDataPlaceholder = `{
  "domain": { "name": "…", "version": "1", "chainId": 1, "verifyingContract": "0x…" },
  "types": { "Mail": [{ "name": "contents", "type": "string" }] },
  "primaryType": "Mail",
  "message": { "contents": "…" }
}`;

/**
 * The gateway may store a new message a moment after it answers (the real one indexes it
 * asynchronously): the message page opens once the gateway serves it, or after a few tries.
 */
async function awaitMessage(
  queryClient: QueryClient,
  gateway: GatewayClient,
  chainId: string,
  safe: string,
  messageHash: string,
) {
  const options = messageQueryOptions(gateway, chainId, safe, messageHash);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await queryClient.fetchQuery({ ...options, staleTime: 0 });
      return;
    } catch (error) {
      if (!isGatewayStatus(error, 404)) return;
      await new Promise((resolve) => setTimeout(resolve, 400 * (attempt + 1)));
    }
  }
}

/**
 * /:safeId/new-message: an owner asks the Safe to sign an off-chain message, text or typed data.
 * First what to sign; then the review shows it in full with the hashes to check on a hardware
 * wallet, and the owner signs the SafeMessage; the gateway stores it with that first signature and
 * the message's page opens. The form stays mounted while reviewing, so going back or a declined
 * signature keeps everything entered.
 */
export function NewMessagePage() {
  const { chain, address, safe, paths, withoutGateway } = useSafe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const signerService = useSignerService();
  const signer = useOwnerAccount();
  const ids = { field: useId(), message: useId() };
  const form = useSchemaForm(messageSchema, { kind: 'text', text: '', typedData: '' });
  const kind = form.watch('kind');
  const input = inputOf(kind);
  const inputError = shownError(form, input);
  const [reviewed, setReviewed] = useState<MessageContent | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const reviewRef = useRef<HTMLParagraphElement>(null);
  const reviewing = reviewed !== undefined;
  const wasReviewing = useRef(reviewing);

  // The focus follows the step: the review's first line when it opens, the field when going back.
  useEffect(() => {
    if (wasReviewing.current === reviewing) return;
    wasReviewing.current = reviewing;
    if (reviewing) reviewRef.current?.focus();
    else form.setFocus(input);
  }, [reviewing, form, input]);

  const hashes = useMemo(
    () =>
      reviewed === undefined
        ? undefined
        : computeMessageHashes({ chainId: Number(chain.chainId), safe: address, message: reviewed }),
    [reviewed, chain.chainId, address],
  );

  const refused = (error: WriteError) =>
    setOutcome({
      title:
        error.source === 'gateway'
          ? 'The gateway refused the message'
          : error.source === 'check'
            ? 'Not signed by an owner'
            : 'Not signed',
      message: error.message,
      declined: error.source === 'wallet' && error.kind === 'rejected',
      existing:
        error.source === 'gateway' && /already exists/i.test(error.message) && hashes?.ok
          ? paths.message(hashes.safeMessageHash)
          : undefined,
    });
  const create = useMutation({
    mutationFn: ({ content, contentHash }: { content: MessageContent; contentHash: Hex }) =>
      createSafeMessage({
        signer: signerService,
        gateway,
        chainId: chain.chainId,
        safe: address,
        owners: safe.owners.map((owner) => owner.value),
        content,
        contentHash,
        origin: countersignOrigin(window.location.origin),
      }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async (result) => {
      if (!result.ok) return refused(result.error);
      if (!hashes?.ok) return;
      await awaitMessage(queryClient, gateway, chain.chainId, address, hashes.safeMessageHash);
      void invalidateSafeViews(queryClient, chain.chainId, address, ['messages', 'info']);
      await navigate(paths.message(hashes.safeMessageHash));
    },
    onError: (error) =>
      refused({
        source: 'wallet',
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  });
  const created = create.data?.ok === true;
  // Signed here and handed to the co-signers as a link or a file, with or without a gateway.
  const share = useMutation({
    mutationFn: async ({ content, contentHash }: { content: MessageContent; contentHash: Hex }) => {
      const signed = await signSafeMessage({
        signer: signerService,
        chainId: chain.chainId,
        safe: address,
        owners: safe.owners.map((owner) => owner.value),
        contentHash,
      });
      if (!signed.ok) return signed;
      return { ok: true as const, value: { content, signature: signed.value } };
    },
    onMutate: () => setOutcome(undefined),
    onSuccess: async (result) => {
      if (!result.ok) return refused(result.error);
      if (!hashes?.ok) return;
      await navigate(
        paths.sharedMessage(
          sharedMessageFragment({
            chainId: chain.chainId,
            safe: address,
            message: result.value.content,
            safeMessageHash: hashes.safeMessageHash,
            signatures: [result.value.signature],
            title: undefined,
          }),
        ),
      );
    },
    onError: (error) =>
      refused({
        source: 'wallet',
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  });
  const busy = create.isPending || created || share.isPending;

  const submit = form.handleSubmit(({ content }) => {
    setOutcome(undefined);
    setReviewed(content);
  });
  const backToEdit = () => {
    setOutcome(undefined);
    setReviewed(undefined);
  };
  const sign = () => {
    if (reviewed === undefined || !hashes?.ok) return;
    create.mutate({ content: reviewed, contentHash: hashes.contentHash });
  };
  const signAndShare = () => {
    if (reviewed === undefined || !hashes?.ok) return;
    share.mutate({ content: reviewed, contentHash: hashes.contentHash });
  };

  const back = (
    <ButtonLink to={paths.messages} size="sm" data-testid="back-to-messages">
      All messages
    </ButtonLink>
  );
  const threshold = safe.threshold;

  return (
    <Page
      title={reviewing ? 'Review the message' : 'Sign a message'}
      description={
        reviewing
          ? undefined
          : `An off-chain message: nothing is sent on chain and it costs nothing. The Safe has signed it once ${threshold} ${threshold === 1 ? 'owner has' : 'owners have'} signed it.`
      }
      actions={back}
      testId="new-message-page"
    >
      <form
        className={styles.form}
        onSubmit={submit}
        noValidate
        hidden={reviewing}
        aria-label="The message to sign"
        data-testid="new-message-form"
      >
        <RadioChoices
          legend="Kind of message"
          choices={kinds.map((option) => ({
            value: option,
            label: messageKindLabels[option],
            testId: `message-kind-${option}`,
          }))}
          inputProps={(option) => ({ ...form.register('kind'), checked: kind === option })}
        />
        <div className={styles.field}>
          <label htmlFor={ids.field} className={styles.label}>
            {kind === 'text' ? 'Message' : 'Typed data (JSON)'}
          </label>
          <textarea
            key={input}
            {...form.register(input)}
            id={ids.field}
            className={`${styles.textarea} ${kind === 'typed-data' ? styles.mono : ''}`}
            rows={kind === 'text' ? 6 : 14}
            spellCheck={kind === 'text'}
            autoComplete="off"
            placeholder={kind === 'text' ? 'The text the owners sign' : typedDataPlaceholder}
            aria-invalid={inputError !== undefined}
            aria-describedby={ids.message}
            data-testid="message-input"
          />
          <p
            id={ids.message}
            className={inputError === undefined ? styles.hint : styles.error}
            aria-live="polite"
            data-testid={inputError === undefined ? 'message-input-hint' : 'message-input-error'}
          >
            {inputError ??
              (kind === 'text'
                ? 'Signed exactly as written, spaces and line breaks included (EIP-191).'
                : 'An object with domain, types, message and primaryType. Without primaryType, the only type no other type uses is taken.')}
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="primary" type="submit" data-testid="review-message">
            Review
          </Button>
        </div>
      </form>

      {reviewed !== undefined && hashes !== undefined && (
        <div className={styles.review} data-testid="message-review">
          <p ref={reviewRef} tabIndex={-1} className={styles.hint}>
            Check what you sign, in full. Your wallet asks you to sign the SafeMessage for this Safe, which
            wraps the message hash below.
          </p>
          <Section title={contentKindTitle(reviewed)} id="new-message-content">
            <MessageContentView content={reviewed} chain={chain} safeAddress={address} />
          </Section>
          <Section title="Hashes" id="new-message-hashes">
            <p className={styles.hint}>
              A hardware wallet that cannot show the message shows the domain hash and the SafeMessage struct
              hash (as its message hash): compare them with these before you approve.
            </p>
            <HashList hashes={hashes} />
          </Section>
          <Section title="Sign" id="new-message-sign">
            <SignerHint signer={signer} action="signs the message" />
            <div className={styles.actions}>
              <Button onClick={backToEdit} disabled={busy} data-testid="edit-message">
                Back to edit
              </Button>
              <Button
                variant={withoutGateway ? 'primary' : 'secondary'}
                onClick={signAndShare}
                disabled={!signer.isOwner || !hashes.ok || busy}
                data-testid="sign-and-share-message"
              >
                {share.isPending ? 'Signing…' : 'Sign and share'}
              </Button>
              {!withoutGateway && (
                <Button
                  variant="primary"
                  onClick={sign}
                  disabled={!signer.isOwner || !hashes.ok || busy}
                  data-testid="sign-message"
                >
                  {create.isPending || created ? 'Signing and creating…' : 'Sign and create'}
                </Button>
              )}
            </div>
            {outcome !== undefined && (
              <Alert
                tone={outcome.declined ? 'warn' : 'danger'}
                role="alert"
                title={outcome.title}
                testId="sign-outcome"
                actions={
                  outcome.existing !== undefined ? (
                    <ButtonLink to={outcome.existing} size="sm" data-testid="open-existing-message">
                      Open the message
                    </ButtonLink>
                  ) : undefined
                }
              >
                <p data-testid="sign-outcome-message">{outcome.message}</p>
                {outcome.declined && (
                  <p data-testid="sign-outcome-kept">
                    Everything you entered is kept: sign again when you are ready, or go back to edit it.
                  </p>
                )}
              </Alert>
            )}
          </Section>
        </div>
      )}
    </Page>
  );
}
