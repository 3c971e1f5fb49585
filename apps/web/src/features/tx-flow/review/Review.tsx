import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Hex } from 'viem';
import { multisigTxId } from '@countersign/gateway-api';
import { safeTxHashes, type SafeTx } from '@countersign/safe-core';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert, Button, Detail, DetailList, Section, useDescribeQueryError } from '../../../ui';
import {
  invalidateSafeViews,
  recommendedNonce,
  useChainSafeState,
  useSafe,
  useSigner,
  transactionQueryOptions,
  useQueueQuery,
} from '../../safe';
import { useSignerService, type WriteError } from '../../wallet';
import { callOfDraft, safeTxOfDraft } from '../safeTxOfDraft';
import type { TxDraft } from '../draft';
import {
  ExecutionProgress,
  proposeSafeTx,
  signSafeTx,
  SignerNotice,
  useExecution,
  useSignsThrough,
  type SafeTxSignature,
} from '../sign';
import { sharedTxFragment } from '../share';
import { SafeStateDisagreements } from '../../chain-trust';
import {
  CallList,
  contractHashQueryOptions,
  HashChecks,
  simulationQueryOptions,
  SimulationSummary,
  StateChanges,
  stateChangesQueryOptions,
  useStateChangeTokens,
} from '../verify';
import { callWarnings, nonceWarnings } from './reviewChecks';
import { estimationQueryOptions, useNonces } from './queries';
import styles from './Review.module.css';

/**
 * The one review every transaction goes through before anyone signs: what it does in words (decoded
 * here from the bytes), the warnings, the nonce, the gas, a simulation on the chain, and the hashes
 * to compare on a hardware wallet; then sign and propose, or execute.
 */
/** How a review ended: proposed to the queue at `nonce`, or executed there and then. */
export type ReviewOutcome = { safeTxHash: Hex; txId: string; nonce: number; executed: boolean };

export function Review({
  draft,
  onBack,
  onDone,
  inDialog = false,
}: {
  draft: TxDraft;
  onBack: () => void;
  /**
   * Called once the transaction is proposed or executed, instead of opening its details page (a Safe
   * App's request answers the app with the safeTxHash and stays on the app).
   */
  onDone?: (result: ReviewOutcome) => void;
  /**
   * Shown in a dialog whose title is the draft's (a Safe App's request): the review leaves out its
   * own heading and the requester's name, and says only where the request came from.
   */
  inDialog?: boolean;
}) {
  const { chain, address, safe, paths, withoutGateway } = useSafe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const signer = useSignerService();
  const describeQueryError = useDescribeQueryError();
  const flowSafe = useMemo(() => ({ chain, address, version: safe.version }), [chain, address, safe.version]);
  const onChain = useChainSafeState();
  const role = useSigner();
  const call = useMemo(() => callOfDraft(draft), [draft]);
  const nonces = useNonces(chain.chainId, address);
  const queue = useQueueQuery(chain.chainId, address);
  const estimation = useQuery(estimationQueryOptions(gateway, chain.chainId, address, call));
  const simulation = useQuery(simulationQueryOptions(chain, address, call));
  const [nonceInput, setNonceInput] = useState<string | undefined>(draft.nonce?.toString());
  const [error, setError] = useState<WriteError | undefined>();
  const [busy, setBusy] = useState(false);
  // The wallet's signature, kept while the gateway has not taken the proposal: Retry sends it again.
  const [kept, setKept] = useState<SafeTxSignature | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [note, setNote] = useState(draft.origin?.note ?? '');

  const queuedNonces = useMemo(
    () =>
      queue.data?.pages.flatMap((page) =>
        page.results.flatMap((item) =>
          item.type === 'TRANSACTION' && item.transaction.executionInfo?.type === 'MULTISIG'
            ? [item.transaction.executionInfo.nonce]
            : [],
        ),
      ) ?? [],
    [queue.data],
  );
  // The nonce comes from the Safe contract; the gateway's recommendation is a claim, used only until
  // the chain answers.
  const chainNonces = onChain.state
    ? {
        currentNonce: onChain.state.nonce,
        recommendedNonce: recommendedNonce(onChain.state.nonce, queuedNonces),
      }
    : undefined;
  const nonceFacts = chainNonces ?? nonces.data;
  // Until the Safe's nonce and its queue have answered, the field waits: a number shown meanwhile
  // would change under the owner (8, then 10 once the queue is read), and typing the same digits as
  // the placeholder would not count as a choice. If nothing answers, the SafeInfo's nonce stands.
  const recommendationPending =
    nonceInput === undefined &&
    draft.nonce === undefined &&
    ((onChain.query.isPending && nonces.isPending) || queue.isPending);
  const recommended = nonceFacts?.recommendedNonce ?? safe.nonce;
  const nonceText = nonceInput ?? (recommendationPending ? '' : recommended.toString());
  const nonce = /^\d{1,9}$/.test(nonceText) ? Number(nonceText) : undefined;
  const safeTxGas =
    draft.safeTxGas ??
    (estimation.data ? BigInt(estimation.data.safeTxGas) : estimation.isError ? 0n : undefined);
  const tx: SafeTx | undefined =
    nonce !== undefined && safeTxGas !== undefined
      ? safeTxOfDraft(draft, BigInt(nonce), safeTxGas)
      : undefined;
  const hashes = tx
    ? safeTxHashes({ chainId: Number(chain.chainId), safe: address, tx, version: safe.version })
    : undefined;
  const contractHash = useQuery({
    ...contractHashQueryOptions(chain, address, tx ?? safeTxOfDraft(draft, 0n, 0n)),
    enabled: tx !== undefined,
  });

  const warnings = [
    ...callWarnings(call, address, onChain.state?.implementation),
    ...(nonce !== undefined && nonceFacts ? nonceWarnings(nonce, nonceFacts, queuedNonces) : []),
  ];
  const nonceUsed = warnings.some((warning) => warning.id === 'nonce-used');
  const native = { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals };
  const contractDisagrees =
    hashes !== undefined &&
    contractHash.data !== undefined &&
    contractHash.data.toLowerCase() !== hashes.safeTxHash.toLowerCase();
  const ready = tx !== undefined && hashes !== undefined && !nonceUsed && !contractDisagrees && !busy;
  const threshold = onChain.state?.threshold ?? safe.threshold;
  const owners = onChain.state?.owners ?? safe.owners.map((owner) => owner.value);
  const signsThrough = useSignsThrough(role, owners);
  // What it changes, executed on the chain's node by the owners now (their approvals stand in for signatures).
  const stateChanges = useQuery({
    ...stateChangesQueryOptions(chain, address, {
      tx: tx ?? safeTxOfDraft(draft, 0n, 0n),
      safeTxHash: hashes?.safeTxHash ?? '0x',
      owners,
      threshold,
    }),
    enabled: tx !== undefined && hashes !== undefined,
  });
  const changeTokens = useStateChangeTokens(chain, address, stateChanges.data);

  const finish = (result: ReviewOutcome) => {
    draft.onSubmitted?.();
    if (onDone) onDone(result);
    else void navigate(paths.transaction(result.txId));
  };
  const execution = useExecution(flowSafe, ({ txId }) => {
    if (hashes && tx)
      finish({ safeTxHash: hashes.safeTxHash, txId, nonce: Number(tx.nonce), executed: true });
  });

  const propose = async (as: 'owner' | 'delegate') => {
    if (!tx || !hashes) return;
    setBusy(true);
    setError(undefined);
    const result = await proposeSafeTx({
      gateway,
      signer,
      safe: flowSafe,
      tx,
      safeTxHash: hashes.safeTxHash,
      as,
      origin: originWithNote(draft.origin, note),
      signed: kept,
      onSigned: setKept,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setKept(undefined);
    queryClient.setQueryData(
      transactionQueryOptions(gateway, chain.chainId, address, result.value.txId).queryKey,
      result.value,
    );
    void invalidateSafeViews(queryClient, chain.chainId, address, ['queue', 'nonces']);
    finish({
      safeTxHash: hashes.safeTxHash,
      txId: result.value.txId,
      nonce: Number(tx.nonce),
      executed: false,
    });
  };

  // Signed, then handed over by link or file rather than through the gateway.
  const share = async () => {
    if (!tx || !hashes) return;
    setBusy(true);
    setError(undefined);
    const signed =
      kept && kept.safeTxHash === hashes.safeTxHash
        ? { ok: true as const, value: kept }
        : await signSafeTx(signer, flowSafe, tx);
    setBusy(false);
    if (!signed.ok) {
      setError(signed.error);
      return;
    }
    draft.onSubmitted?.();
    void navigate(
      paths.shared(
        sharedTxFragment({
          chainId: chain.chainId,
          safe: address,
          tx,
          safeTxHash: hashes.safeTxHash,
          signatures: [{ signer: signed.value.signer, signature: signed.value.signature }],
          title: draft.title,
        }),
      ),
    );
  };

  const executeNow = () => {
    if (!tx || !hashes) return;
    setError(undefined);
    void execution.execute({
      tx,
      txId: multisigTxId(address, hashes.safeTxHash),
      confirmations: [],
      owners,
      threshold,
      description: `Execute: ${draft.title}`,
    });
  };
  const failure = error ?? (execution.state.step === 'failed' ? execution.state.error : undefined);
  const working = busy || execution.busy;

  return (
    <div className={styles.review} data-testid="tx-review">
      {!inDialog && (
        <h2 ref={heading} tabIndex={-1} className={styles.title}>
          {draft.title}
        </h2>
      )}
      {draft.origin &&
        (inDialog ? (
          draft.origin.url && (
            <p className={styles.origin} data-testid="review-origin">
              From <strong>{draft.origin.url}</strong>
            </p>
          )
        ) : (
          <p className={styles.origin} data-testid="review-origin">
            Requested by <strong>{draft.origin.name}</strong>
            {draft.origin.url ? ` (${draft.origin.url})` : ''}
          </p>
        ))}

      <Section title="What the Safe will do" id="review-actions">
        <CallList call={call} testId="review-action" />
      </Section>

      {/* On a page the Safe's notices above say it; a dialog covers them. */}
      {inDialog && <SafeStateDisagreements disagreements={onChain.disagreements} />}
      {warnings.map((warning) => (
        <Alert
          key={`${warning.id}-${warning.text}`}
          tone={warning.tone}
          title={warning.title}
          role="alert"
          testId={`warning-${warning.id}`}
        >
          {warning.text}
        </Alert>
      ))}

      <Section title="Transaction" id="review-parameters">
        <DetailList>
          <Detail label={<label htmlFor="review-nonce">Nonce</label>}>
            <input
              id="review-nonce"
              className={styles.nonce}
              inputMode="numeric"
              value={nonceText}
              disabled={recommendationPending}
              placeholder={recommendationPending ? '…' : undefined}
              onChange={(event) => setNonceInput(event.target.value.trim())}
              aria-describedby="review-nonce-hint"
              aria-invalid={nonce === undefined}
              data-testid="review-nonce"
            />
            <span id="review-nonce-hint" className={styles.hint}>
              {recommendationPending
                ? 'Loading the recommended nonce…'
                : nonce === undefined
                  ? 'A nonce is a whole number.'
                  : draft.nonce !== undefined && nonce === draft.nonce && nonceFacts
                    ? `The nonce of what this replaces. The Safe is at ${nonceFacts.currentNonce}.`
                    : nonceFacts
                      ? `Recommended: ${nonceFacts.recommendedNonce}. The Safe is at ${nonceFacts.currentNonce}${chainNonces ? ' (read from the Safe contract)' : ''}.`
                      : 'Loading the recommended nonce…'}
            </span>
          </Detail>
          <Detail label="safeTxGas" testId="review-safe-tx-gas">
            {draft.safeTxGas !== undefined
              ? `${draft.safeTxGas.toString()} (as requested)`
              : estimation.isPending
                ? 'Estimating…'
                : estimation.isError
                  ? `0 — the gateway could not estimate it: ${describeQueryError(estimation.error).message}`
                  : `${safeTxGas?.toString()} (estimated by the gateway)`}
          </Detail>
          <Detail label="Call">
            {call.operation === 1 ? 'Delegatecall' : 'Call'} to <code className={styles.code}>{call.to}</code>
          </Detail>
          {(role.kind === 'owner' || role.kind === 'delegate') && (
            <Detail label={<label htmlFor="review-note">Note</label>}>
              <textarea
                id="review-note"
                className={styles.note}
                rows={2}
                maxLength={MAX_NOTE_LENGTH}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                placeholder="Optional: what it is for, for your co-signers"
                aria-describedby="review-note-hint"
                data-testid="review-note"
              />
              <span id="review-note-hint" className={styles.hint}>
                Public: the gateway keeps it with the proposal, and anyone who can see this Safe&apos;s queue
                can read it. It is not signed, and executing without proposing leaves it out.
              </span>
            </Detail>
          )}
        </DetailList>
      </Section>

      <Section title="Simulation" id="review-simulation">
        <SimulationSummary query={simulation} native={native} />
        <StateChanges
          query={stateChanges}
          native={native}
          safe={address}
          tokens={changeTokens.tokens}
          collections={changeTokens.collections}
          prices={changeTokens.prices}
        />
      </Section>

      <Section title="Check on your hardware wallet" id="review-hashes">
        {hashes ? (
          <HashChecks hashes={hashes} contractHash={contractHash} />
        ) : (
          <p className={styles.hint}>The hashes follow once the nonce and safeTxGas are known.</p>
        )}
      </Section>

      <Section title="Sign" id="review-sign">
        <div className={styles.signing}>
          <SignerNotice role={role} viaSafes={signsThrough} />
          {failure && (
            <Alert
              tone={failure.source === 'wallet' && failure.kind === 'rejected' ? 'warn' : 'danger'}
              title={
                failure.source === 'gateway'
                  ? 'The gateway refused it'
                  : failure.source === 'wallet'
                    ? 'Not signed'
                    : 'Cannot continue'
              }
              role="alert"
              testId="review-error"
            >
              {failure.message}
              {failure.source === 'gateway' &&
                kept !== undefined &&
                kept.safeTxHash === hashes?.safeTxHash &&
                ' Your signature is kept: trying again sends it without asking your wallet.'}
              {failure.source === 'wallet' &&
                failure.kind === 'rejected' &&
                ' Everything you entered is kept.'}
            </Alert>
          )}
          <ExecutionProgress state={execution.state} chain={chain} />
          <div className={styles.buttons}>
            {/* In a dialog the request came from an app or a dapp: leaving answers it with a rejection. */}
            <Button onClick={onBack} disabled={working} data-testid="review-back">
              {inDialog ? 'Reject' : 'Back'}
            </Button>
            {role.kind === 'owner' && threshold === 1 && (
              <Button
                variant="primary"
                onClick={executeNow}
                disabled={!ready || working}
                data-testid="review-execute"
              >
                Execute
              </Button>
            )}
            {role.kind === 'owner' && !withoutGateway && (
              <Button
                variant={threshold === 1 ? 'secondary' : 'primary'}
                onClick={() => void propose('owner')}
                disabled={!ready || working}
                data-testid="review-sign"
              >
                {busy ? 'Waiting for your wallet…' : 'Sign and propose'}
              </Button>
            )}
            {role.kind === 'owner' && !inDialog && (
              <Button
                variant={withoutGateway && threshold > 1 ? 'primary' : 'secondary'}
                onClick={() => void share()}
                disabled={!ready || working}
                title="Sign, then pass it to your co-signers as a link or a file, without the gateway"
                data-testid="review-share"
              >
                Sign and share
              </Button>
            )}
            {role.kind === 'delegate' && (
              <Button
                variant="primary"
                onClick={() => void propose('delegate')}
                disabled={!ready || working}
                data-testid="review-propose"
              >
                Propose
              </Button>
            )}
          </div>
        </div>
      </Section>
    </div>
  );
}

/** A note longer than this is cut: it is a line for the co-signers, not a document. */
const MAX_NOTE_LENGTH = 200;

/** The proposal's origin with the proposer's note (none when blank). */
function originWithNote(origin: TxDraft['origin'], note: string): TxDraft['origin'] {
  const text = note.trim().slice(0, MAX_NOTE_LENGTH);
  if (text === '') return origin && { name: origin.name, url: origin.url };
  return { name: origin?.name ?? 'Countersign', url: origin?.url, note: text };
}
