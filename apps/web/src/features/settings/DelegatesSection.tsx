import { useMemo, type ReactNode } from 'react';
import {
  Address,
  EmptyState,
  LoadMore,
  QueryView,
  RevealedText,
  Section,
  SkeletonRows,
  useDescribeQueryError,
} from '../../ui';
import { chainExplorer } from '../chains';
import { useSafe } from '../safe';
import { useDelegates } from '../safe';
import styles from './Settings.module.css';

const explanation =
  'A delegate is an address an owner allows to propose transactions for this Safe without being an owner. Its proposals still need the owners’ confirmations.';

/** The Safe's delegates, as the gateway lists them. */
export function DelegatesSection() {
  const describeQueryError = useDescribeQueryError();
  const { chain, address } = useSafe();
  const query = useDelegates(chain.chainId, address);
  const explorer = chainExplorer(chain);
  const delegates = useMemo(() => query.data?.pages.flatMap((page) => page.results) ?? [], [query.data]);
  const total = query.data?.pages[0]?.count;
  return (
    <div className={styles.section} data-testid="settings-delegates">
      <Section title={total != null ? `Delegates (${total})` : 'Delegates'} id="settings-delegate-list">
        <QueryView
          query={query}
          loadingLabel="Loading delegates"
          errorTitle="The delegates could not be loaded"
          skeleton={<SkeletonRows rows={2} height="4.5rem" />}
          isEmpty={(data) => data.pages.every((page) => page.results.length === 0)}
          empty={
            <EmptyState title="No delegates" testId="delegates-empty">
              {explanation}
            </EmptyState>
          }
        >
          {() => (
            <>
              <p className={styles.muted}>{explanation}</p>
              <ul className={styles.list} data-testid="delegates-list">
                {delegates.map((delegate, index) => (
                  <li
                    key={`${delegate.delegate}-${delegate.delegator}-${index}`}
                    className={`${styles.item} ${styles.delegate}`}
                    data-testid="delegate"
                  >
                    <p className={styles.label} data-testid="delegate-label">
                      {delegate.label.trim() === '' ? (
                        <span className={styles.muted}>No label</span>
                      ) : (
                        <RevealedText text={delegate.label} />
                      )}
                    </p>
                    <DelegateParty title="Delegate" testId="delegate-address">
                      <Address
                        address={delegate.delegate}
                        copy
                        explorerUrl={explorer.address(delegate.delegate)}
                      />
                    </DelegateParty>
                    <DelegateParty title="Delegated by" testId="delegate-delegator">
                      <Address
                        address={delegate.delegator}
                        copy
                        explorerUrl={explorer.address(delegate.delegator)}
                      />
                    </DelegateParty>
                    {delegate.safe === null && (
                      <p className={styles.hint}>For every Safe of the delegator on this chain.</p>
                    )}
                  </li>
                ))}
              </ul>
              <LoadMore
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                error={query.isFetchNextPageError ? describeQueryError(query.error).message : undefined}
                onLoad={() => void query.fetchNextPage()}
                label="Load more delegates"
              />
            </>
          )}
        </QueryView>
      </Section>
    </div>
  );
}

function DelegateParty({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className={styles.party} data-testid={testId}>
      <span className={styles.hint}>{title}</span>
      {children}
    </div>
  );
}
