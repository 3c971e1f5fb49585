import { Suspense, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  parseTransactionId,
  type TransactionDetails,
  type TransactionListPage,
  type TransactionSummary,
} from '@countersign/gateway-api';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import {
  Alert,
  Badge,
  DateTime,
  Page,
  QueryView,
  Section,
  SkeletonRows,
  useDescribeQueryError,
} from '../../ui';
import {
  OwnerStateBadge,
  safeKey,
  useSafe,
  useSigner,
  useTransactionQuery,
  type SafeContextValue,
} from '../safe';
import { TransactionActions, TransactionHeading, TransactionVerification } from '../tx-flow';
import { clip, isPendingStatus, describeParts, statusLabels, statusTones, transactionKind } from './describe';
import { txDetailsOwnerState } from './ownerState';
import type { ListOrigin, TransactionLinkState } from './TransactionRow';
import { PhraseText } from './TransactionSummaryText';
import { CreationDetails, KindDetails } from './KindDetails';
import {
  AdvancedParameters,
  CallSection,
  ConfirmationsSection,
  ExecutionSection,
} from './TransactionSections';
import styles from './TransactionDetails.module.css';

/**
 * The list the page was opened from, else the one the transaction belongs to. A transaction opened
 * from the queue that has since executed leads to the history, where it now is.
 */
function useBackTarget(details: TransactionDetails | undefined): { list: ListOrigin; fromList: boolean } {
  const state = useLocation().state as Partial<TransactionLinkState> | null;
  const executed = details !== undefined && !isPendingStatus(details.txStatus);
  if (state?.from === 'history' || (state?.from === 'queue' && !executed))
    return { list: state.from, fromList: true };
  return { list: details && isPendingStatus(details.txStatus) ? 'queue' : 'history', fromList: false };
}

/** `/:safeId/transactions/:txId`: one transaction, with everything the gateway knows of it. */
export function TransactionPage() {
  const describeQueryError = useDescribeQueryError();
  const { txId = '' } = useParams();
  const safe = useSafe();
  const query = useTransactionQuery(safe.chain.chainId, safe.address, txId);
  const { list: back, fromList } = useBackTarget(query.data);
  const navigate = useNavigate();
  const creation = useCreationFromHistory(txId, safe);
  const notFound = isGatewayStatus(query.error, 404) || isGatewayStatus(query.error, 400);
  const backLink = (
    <Link
      to={back === 'queue' ? safe.paths.queue : safe.paths.history}
      className={styles.back}
      data-testid="back-link"
      onClick={(event) => {
        // Opened from the list: going back returns to the same place in it (its scroll is restored).
        if (!fromList || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      ← Back to {back === 'queue' ? 'the queue' : 'the history'}
    </Link>
  );

  if (query.data === undefined && notFound && creation) {
    return <CreationPage summary={creation} backLink={backLink} />;
  }
  return (
    <Page
      title={
        query.data
          ? `${transactionKind(query.data.txInfo, { status: query.data.txStatus })} · Transaction`
          : 'Transaction'
      }
      heading={query.data ? <Heading details={query.data} /> : 'Transaction'}
      description={backLink}
      actions={
        query.data && (
          <Badge tone={statusTones[query.data.txStatus]} testId="details-status">
            {statusLabels[query.data.txStatus]}
          </Badge>
        )
      }
    >
      <QueryView
        query={query}
        loadingLabel="Loading the transaction"
        skeleton={<SkeletonRows rows={6} height="3rem" />}
        errorTitle={notFound ? 'Unknown transaction' : 'The transaction could not be loaded'}
        describeError={(error) =>
          notFound
            ? {
                message: `The gateway does not know the transaction ${clip(txId, 140)}: it may have been replaced or deleted, or the link belongs to another Safe or chain.`,
                retryable: false,
              }
            : describeQueryError(error)
        }
      >
        {(details) => <TransactionDetailsView details={details} />}
      </QueryView>
    </Page>
  );
}

/** The gateway's kind of transaction; a queued one's is checked against its bytes first. */
function Heading({ details }: { details: TransactionDetails }) {
  const kind = transactionKind(details.txInfo, { status: details.txStatus });
  const checked =
    details.detailedExecutionInfo?.type === 'MULTISIG' && details.txData && isPendingStatus(details.txStatus);
  if (!checked) return <>{kind}</>;
  return (
    <Suspense fallback={kind}>
      <TransactionHeading details={details} claimed={kind} />
    </Suspense>
  );
}

function TransactionDetailsView({ details }: { details: TransactionDetails }) {
  const { chain } = useSafe();
  const signer = useSigner();
  const multisig = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : null;
  const ownerState = txDetailsOwnerState(details, signer);
  // The gateway's words; a queued transaction's are checked against its bytes before they are shown as fact.
  const claimed = (
    <p className={styles.sentence} data-testid="details-summary">
      <PhraseText
        phrase={describeParts(details.txInfo, {
          status: details.txStatus,
          nativeCurrency: chain.nativeCurrency,
        })}
      />
    </p>
  );
  return (
    <div className={styles.details} data-testid="transaction-details">
      <Section title="What it does" id="summary">
        <div className={styles.summaryCard}>
          {multisig && details.txData && isPendingStatus(details.txStatus) ? (
            <Suspense fallback={claimed}>
              <TransactionVerification details={details} claimed={claimed} />
            </Suspense>
          ) : (
            claimed
          )}
          {ownerState !== undefined && <OwnerStateBadge state={ownerState} testId="details-owner-state" />}
          {details.txStatus === 'FAILED' && (
            <Alert tone="danger" title="The execution failed" testId="details-failed">
              The Safe ran this transaction and it reverted: nothing it would have done happened, but its
              nonce is used.
            </Alert>
          )}
          {details.txInfo.type === 'Custom' && details.txInfo.isCancellation && (
            <p className={styles.muted}>
              An on-chain rejection does nothing: executing it uses its nonce, so that every other transaction
              with the same nonce can no longer be executed.
            </p>
          )}
        </div>
        <KindDetails txInfo={details.txInfo} />
      </Section>

      {isPendingStatus(details.txStatus) && (
        <Suspense fallback={null}>
          <TransactionActions details={details} />
        </Suspense>
      )}
      {details.txData && <CallSection data={details.txData} />}
      {multisig && <ConfirmationsSection multisig={multisig} status={details.txStatus} />}
      <ExecutionSection details={details} multisig={multisig} />
      {multisig && <AdvancedParameters multisig={multisig} operation={details.txData?.operation ?? 0} />}
    </div>
  );
}

/**
 * The gateway has no details for a Safe's creation (`creation_…` answers 404); the history list
 * that linked here holds its summary, which says everything there is to say.
 */
function useCreationFromHistory(txId: string, safe: SafeContextValue): TransactionSummary | undefined {
  const queryClient = useQueryClient();
  if (parseTransactionId(txId)?.kind !== 'creation') return undefined;
  const lists = queryClient.getQueriesData<InfiniteData<TransactionListPage>>({
    queryKey: safeKey(safe.chain.chainId, safe.address, 'history'),
  });
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      for (const entry of page.results) {
        if (entry.type === 'TRANSACTION' && entry.transaction.id === txId) return entry.transaction;
      }
    }
  }
  return undefined;
}

function CreationPage({ summary, backLink }: { summary: TransactionSummary; backLink: ReactNode }) {
  const { chain } = useSafe();
  return (
    <Page
      title="Safe created · Transaction"
      heading="Safe created"
      description={backLink}
      actions={<Badge tone="ok">{statusLabels[summary.txStatus]}</Badge>}
    >
      <div className={styles.details} data-testid="transaction-details">
        <Section title="What it does" id="summary">
          <p className={styles.sentence} data-testid="details-summary">
            <PhraseText
              phrase={describeParts(summary.txInfo, {
                status: summary.txStatus,
                nativeCurrency: chain.nativeCurrency,
              })}
            />
          </p>
          <p className={styles.muted}>
            Created <DateTime value={summary.timestamp} />.
          </p>
          {summary.txInfo.type === 'Creation' && <CreationDetails txInfo={summary.txInfo} />}
        </Section>
      </div>
    </Page>
  );
}
