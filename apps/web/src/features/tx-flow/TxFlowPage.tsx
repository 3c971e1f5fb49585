import { useState, type ReactNode } from 'react';
import { Page } from '../../ui';
import type { TxDraft } from './draft';
import { Review } from './review/Review';
import styles from './TxFlowPage.module.css';

/**
 * A transaction flow: a form, then the one review every kind shares. The form stays mounted (only
 * hidden) while the review shows, so going back — or a wallet that declines — keeps everything
 * entered.
 */
export function TxFlowPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The form: it calls `review(draft)` with what the owners should sign. */
  children: (flow: { review: (draft: TxDraft) => void }) => ReactNode;
}) {
  const [draft, setDraft] = useState<TxDraft | undefined>();
  return (
    <Page
      title={draft ? `Review: ${draft.title}` : title}
      heading={draft ? 'Review' : title}
      description={draft ? undefined : description}
    >
      <div hidden={draft !== undefined} className={styles.form}>
        {children({ review: setDraft })}
      </div>
      {draft !== undefined && <Review draft={draft} onBack={() => setDraft(undefined)} />}
    </Page>
  );
}
