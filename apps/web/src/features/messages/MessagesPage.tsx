import { useMemo } from 'react';
import {
  ButtonLink,
  EmptyState,
  LoadMore,
  MessagesIcon,
  Page,
  QueryView,
  SkeletonRows,
  useDescribeQueryError,
} from '../../ui';
import { useSafe, useSigner } from '../safe';
import { dayLabel, groupByDay } from './dayGroups';
import { MessageRow, UnreadableRow } from './MessageRow';
import { messageOwnerState } from './messageOwnerState';
import { useMessages } from './queries';
import styles from './MessagesPage.module.css';

/** /:safeId/messages: the Safe's off-chain messages, newest first, under a header per day. */
export function MessagesPage() {
  const describeQueryError = useDescribeQueryError();
  const { chain, address, paths } = useSafe();
  const query = useMessages(chain.chainId, address);
  const signer = useSigner();
  const groups = useMemo(
    () => groupByDay(query.data?.pages.flatMap((page) => page.results) ?? []),
    [query.data],
  );
  const shown = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <Page
      title="Messages"
      description="Messages the owners sign off-chain for this Safe. A message counts as signed by the Safe once as many owners as its threshold have confirmed it."
      actions={
        <>
          <ButtonLink to={paths.sharedMessage()} size="sm" data-testid="open-shared-message-link">
            Open a shared message
          </ButtonLink>
          <ButtonLink to={paths.newMessage} variant="primary" size="sm" data-testid="new-message-link">
            Sign a message
          </ButtonLink>
        </>
      }
      testId="messages-page"
    >
      <QueryView
        query={query}
        loadingLabel="Loading messages"
        errorTitle="The messages could not be loaded"
        skeleton={<SkeletonRows rows={4} height="4.25rem" />}
        isEmpty={(data) =>
          data.pages.every((page) => page.results.every((item) => item.type === 'DATE_LABEL'))
        }
        empty={
          <EmptyState title="No messages yet" icon={<MessagesIcon size={32} />}>
            When a Safe App or an owner asks this Safe to sign a message, it appears here, and the other
            owners can read it and confirm it. An owner can start one with Sign a message.
          </EmptyState>
        }
      >
        {() => (
          <div className={styles.list} data-testid="messages-list">
            {groups.map((group, index) => {
              const headingId = `messages-day-${index}`;
              return (
                <section key={`${group.day}-${index}`} aria-labelledby={headingId} className={styles.day}>
                  <h2 id={headingId} className={styles.dayLabel} data-testid="messages-day">
                    <time dateTime={group.day}>{dayLabel(group.day)}</time>
                  </h2>
                  <ul className={styles.rows}>
                    {group.items.map((item, itemIndex) =>
                      item.type === 'MESSAGE' ? (
                        <MessageRow
                          key={item.messageHash}
                          message={item}
                          href={paths.message(item.messageHash)}
                          chainId={chain.chainId}
                          safeAddress={address}
                          updatedAt={query.dataUpdatedAt}
                          ownerState={messageOwnerState(item, signer)}
                        />
                      ) : (
                        <UnreadableRow key={`unreadable-${itemIndex}`} item={item} />
                      ),
                    )}
                  </ul>
                </section>
              );
            })}
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? describeQueryError(query.error).message : undefined}
              onLoad={() => void query.fetchNextPage()}
              label="Load more messages"
              doneText={shown > 1 ? `All ${shown} messages shown` : undefined}
            />
          </div>
        )}
      </QueryView>
    </Page>
  );
}
