import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useGateway } from '../../lib/ServicesProvider';
import { Page } from '../../ui';
import { useSafe, useSigner, queueQueryOptions } from '../safe';
import { SignerNotice, useSignsThrough } from './sign';
import type { TxDraft } from './draft';
import { Review } from './review/Review';
import { noncesQueryOptions } from './review/queries';
import styles from './TxFlowPage.module.css';

/**
 * A transaction flow: a form, then the one review every kind shares. The form stays mounted (only
 * hidden) while the review shows, so going back — or a wallet that declines — keeps everything
 * entered. `?nonce=N` (Replace, on a queued transaction) fixes the nonce of whatever the form builds.
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
  const { chain, address, safe } = useSafe();
  const role = useSigner();
  const signsThrough = useSignsThrough(
    role,
    safe.owners.map((owner) => owner.value),
  );
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const [search] = useSearchParams();
  const replacing = /^\d{1,9}$/.test(search.get('nonce') ?? '') ? Number(search.get('nonce')) : undefined;
  const [draft, setDraft] = useState<TxDraft | undefined>();

  // What the review needs first, asked for while the owner fills in the form.
  useEffect(() => {
    void queryClient.prefetchQuery(noncesQueryOptions(gateway, chain.chainId, address));
    void queryClient.prefetchInfiniteQuery(queueQueryOptions(gateway, chain.chainId, address));
  }, [queryClient, gateway, chain.chainId, address]);

  return (
    <Page
      title={draft ? `Review: ${draft.title}` : title}
      heading={draft ? 'Review' : title}
      description={
        draft
          ? undefined
          : replacing !== undefined
            ? `Replaces what is queued at nonce ${replacing}: whichever executes first cancels the others.`
            : description
      }
    >
      {/* A linked account that cannot sign is told before it fills anything in. */}
      {(role.kind === 'delegate' || role.kind === 'outsider') && (
        <div className={styles.signer}>
          <SignerNotice role={role} viaSafes={signsThrough} testId="flow-signer-notice" />
        </div>
      )}
      <div hidden={draft !== undefined} className={styles.form}>
        {children({ review: (next) => setDraft({ ...next, nonce: next.nonce ?? replacing }) })}
      </div>
      {draft !== undefined && <Review draft={draft} onBack={() => setDraft(undefined)} />}
    </Page>
  );
}
