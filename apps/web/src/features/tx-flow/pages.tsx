import { Link, useParams, useSearchParams } from 'react-router';
import { Badge, ButtonLink, ChevronRightIcon, EmptyState, Page, Section } from '../../ui';
import { useSafe } from '../safe';
import { BatchForm, useBatch } from './batch';
import type { TxDraft } from './draft';
import { ContractForm } from './forms/ContractForm';
import { kindGroups, kindInfo, unavailableReason, type KindInfo, type TransactionKind } from './forms/kinds';
import {
  DisableModuleForm,
  EnableModuleForm,
  FallbackHandlerForm,
  RemoveGuardForm,
  RemoveModuleGuardForm,
  SetGuardForm,
  SetModuleGuardForm,
} from './forms/ModuleForms';
import { NestedSafeForm } from './forms/NestedSafeForm';
import { PayoutsForm } from './forms/PayoutsForm';
import { NftForm } from './forms/NftForm';
import { AddOwnerForm, RemoveOwnerForm, SwapOwnerForm, ThresholdForm } from './forms/OwnerForms';
import { SendForm } from './forms/SendForm';
import { UpgradeForm } from './forms/UpgradeForm';
import { TxFlowPage } from './TxFlowPage';
import styles from './pages.module.css';

/** /:safeId/new-transaction: every kind of transaction, grouped, each with what it does. */
export function NewTransactionPage() {
  const { chain, address, safe } = useSafe();
  const batchCount = useBatch(chain.chainId, address).length;
  // Replace (from a queued transaction): every kind keeps the nonce it replaces.
  const replacing = useSearchParams()[0].get('nonce');
  return (
    <Page
      title={replacing ? 'Replace transaction' : 'New transaction'}
      description={
        replacing
          ? `Choose what to do instead of what is queued at nonce ${replacing}: the new transaction takes that nonce, and whichever executes first cancels the others.`
          : 'Choose what the Safe should do. Every transaction is reviewed, then confirmed by its owners.'
      }
      testId="new-transaction-page"
    >
      {kindGroups.map((group) => (
        <Section key={group.title} title={group.title} id={`kinds-${group.kinds[0]?.kind ?? ''}`}>
          <ul className={styles.kinds}>
            {group.kinds.map((info) => (
              <li key={info.kind}>
                <KindChoice
                  info={info}
                  unavailable={unavailableReason(info.kind, safe)}
                  count={info.kind === 'batch' ? batchCount : undefined}
                  query={replacing ? { nonce: replacing } : undefined}
                />
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </Page>
  );
}

/** One kind: a link to its form, or (nothing to act on) its name with the reason, not a link. */
function KindChoice({
  info,
  unavailable,
  count,
  query,
}: {
  info: KindInfo;
  unavailable?: string;
  count?: number;
  query?: Record<string, string>;
}) {
  const { paths } = useSafe();
  const badge =
    count === undefined ? undefined : (
      <Badge tone={count > 0 ? 'accent' : 'neutral'} testId="batch-count-badge">
        {count} {count === 1 ? 'transaction' : 'transactions'}
      </Badge>
    );
  if (unavailable !== undefined)
    return (
      <div
        className={`${styles.kind} ${styles.unavailable}`}
        data-testid={`kind-${info.kind}`}
        aria-disabled="true"
      >
        <span className={styles.kindText}>
          <span className={styles.kindTitle}>{info.title}</span>
          <span className={styles.kindDescription}>{unavailable}</span>
        </span>
      </div>
    );
  return (
    <Link
      to={paths.newTransactionOf(info.kind, query)}
      className={styles.kind}
      data-testid={`kind-${info.kind}`}
    >
      <span className={styles.kindText}>
        <span className={styles.kindTitle}>
          {info.title}
          {badge}
        </span>
        <span className={styles.kindDescription}>{info.description}</span>
      </span>
      <ChevronRightIcon className={styles.chevron} />
    </Link>
  );
}

/** /:safeId/new-transaction/:kind: the kind's form, then the shared review. */
export function NewTransactionFormPage() {
  const { kind } = useParams();
  const [search] = useSearchParams();
  const { paths } = useSafe();
  const info = kindInfo(kind);
  if (info === undefined)
    return (
      <Page title="New transaction">
        <EmptyState
          title="There is no such kind of transaction"
          action={<ButtonLink to={paths.newTransaction}>See every kind</ButtonLink>}
          testId="unknown-kind"
        />
      </Page>
    );
  const param = (name: string) => search.get(name) ?? undefined;
  return (
    // A link to another kind, or the same kind for another owner, starts a fresh form.
    <TxFlowPage key={`${info.kind}?${search.toString()}`} title={info.title} description={info.description}>
      {({ review }) => (
        <>
          <Link to={paths.newTransaction} className={styles.back}>
            ← All kinds of transaction
          </Link>
          <KindForm kind={info.kind} review={review} param={param} />
        </>
      )}
    </TxFlowPage>
  );
}

function KindForm({
  kind,
  review,
  param,
}: {
  kind: TransactionKind;
  review: (draft: TxDraft) => void;
  param: (name: string) => string | undefined;
}) {
  switch (kind) {
    case 'send':
      return <SendForm onReview={review} initialToken={param('token')} />;
    case 'nft':
      return <NftForm onReview={review} initial={{ contract: param('contract'), id: param('id') }} />;
    case 'contract':
      return <ContractForm onReview={review} initial={{ to: param('to'), data: param('data') }} />;
    case 'batch':
      return <BatchForm onReview={review} />;
    case 'add-owner':
      return <AddOwnerForm onReview={review} initial={{ owner: param('owner') }} />;
    case 'remove-owner':
      return <RemoveOwnerForm onReview={review} initial={{ owner: param('owner') }} />;
    case 'swap-owner':
      return <SwapOwnerForm onReview={review} initial={{ owner: param('owner') }} />;
    case 'threshold':
      return <ThresholdForm onReview={review} />;
    case 'enable-module':
      return <EnableModuleForm onReview={review} initial={{ module: param('module') }} />;
    case 'disable-module':
      return <DisableModuleForm onReview={review} initial={{ module: param('module') }} />;
    case 'set-guard':
      return <SetGuardForm onReview={review} />;
    case 'remove-guard':
      return <RemoveGuardForm onReview={review} />;
    case 'set-module-guard':
      return <SetModuleGuardForm onReview={review} />;
    case 'remove-module-guard':
      return <RemoveModuleGuardForm onReview={review} />;
    case 'fallback-handler':
      return <FallbackHandlerForm onReview={review} />;
    case 'upgrade':
      return <UpgradeForm onReview={review} />;
    case 'nested-safe':
      return <NestedSafeForm onReview={review} />;
    case 'payouts':
      return <PayoutsForm onReview={review} />;
  }
}
