import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { TransactionListEntry } from '@countersign/gateway-api';
import { EmptyState, Page, QueryView, SkeletonRows, TransactionsIcon } from '../../ui';
import { useSafe, useQueueQuery, useSigner, type Signer } from '../safe';
import { AutoLoadMore } from './AutoLoadMore';
import { txOwnerState } from './ownerState';
import { groupQueue, type QueueBlock, type QueueEntry } from './queueGroups';
import { TransactionRow } from './TransactionRow';
import { TransactionsTabs } from './TransactionsTabs';
import styles from './TransactionLists.module.css';

const labelTexts: Record<string, string> = {
  Next: 'The transaction at the Safe’s current nonce: it can be executed once it has its confirmations.',
  Queued: 'These can only be executed after the transactions before them, in nonce order.',
};

type Section = { key: string; label: string | null; blocks: QueueBlock[] };

/** The blocks under each label: the gateway's labels become the sections' headings. */
function sectionsOf(blocks: QueueBlock[]): Section[] {
  const sections: Section[] = [];
  for (const block of blocks) {
    if (block.kind === 'label') {
      sections.push({ key: block.key, label: block.label, blocks: [] });
      continue;
    }
    let last = sections.at(-1);
    if (last === undefined) {
      last = { key: 'start', label: null, blocks: [] };
      sections.push(last);
    }
    last.blocks.push(block);
  }
  return sections;
}

export function QueuePage() {
  const { chain, address, paths } = useSafe();
  const query = useQueueQuery(chain.chainId, address);
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.results) ?? [], [query.data]);

  return (
    <Page title="Queue" description="Transactions waiting for confirmations or execution, in nonce order.">
      <TransactionsTabs />
      <QueryView
        query={query}
        loadingLabel="Loading the queue"
        skeleton={<SkeletonRows rows={4} height="4.75rem" />}
        errorTitle="The queue could not be loaded"
        isEmpty={() => !entries.some((entry) => entry.type === 'TRANSACTION' || entry.type === 'UNREADABLE')}
        empty={
          <EmptyState
            title="No transactions in the queue"
            icon={<TransactionsIcon size={32} />}
            testId="queue-empty"
            action={<Link to={paths.history}>See the history</Link>}
          >
            Nothing is waiting for signatures. When an owner proposes a transaction (here, in a Safe App or in
            another Safe wallet), it appears here until the owners have confirmed and executed it.
          </EmptyState>
        }
      >
        {() => <QueueList entries={entries} />}
      </QueryView>
      {query.data !== undefined && <AutoLoadMore paging={query} label="Load more transactions" />}
    </Page>
  );
}

function QueueList({ entries }: { entries: TransactionListEntry[] }) {
  const signer = useSigner();
  const sections = useMemo(() => sectionsOf(groupQueue(entries)), [entries]);
  return (
    <div className={styles.sections} data-testid="queue-list">
      {sections.map((section) => (
        <QueueSection key={section.key} section={section} signer={signer} />
      ))}
    </div>
  );
}

function QueueSection({ section, signer }: { section: Section; signer: Signer }) {
  const headingId = useId();
  const description = section.label === null ? undefined : labelTexts[section.label];
  return (
    <section
      className={styles.section}
      aria-labelledby={section.label === null ? undefined : headingId}
      data-testid="queue-section"
    >
      {section.label !== null && (
        <header className={styles.sectionHeader}>
          <h2 id={headingId} className={styles.label} data-testid="queue-label">
            {section.label}
          </h2>
          {description && <p className={styles.labelText}>{description}</p>}
        </header>
      )}
      <ul className={styles.rows}>
        {section.blocks.map((block) =>
          block.kind === 'conflict' ? (
            <li key={block.key}>
              <ConflictGroup block={block} signer={signer} />
            </li>
          ) : block.kind === 'single' ? (
            <li key={block.key}>
              <QueueRow entry={block.entry} signer={signer} />
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}

function QueueRow({ entry, signer }: { entry: QueueEntry; signer: Signer }) {
  const ownerState = entry.type === 'TRANSACTION' ? txOwnerState(entry.transaction, signer) : undefined;
  return <TransactionRow entry={entry} from="queue" ownerState={ownerState} />;
}

function ConflictGroup({
  block,
  signer,
}: {
  block: Extract<QueueBlock, { kind: 'conflict' }>;
  signer: Signer;
}) {
  const headingId = useId();
  return (
    <div
      className={styles.conflict}
      role="group"
      aria-labelledby={headingId}
      data-testid="conflict-group"
      data-nonce={block.nonce}
    >
      <div className={styles.conflictHeader} data-testid="conflict-header">
        <h3 id={headingId} className={styles.conflictTitle}>
          Conflicting transactions at nonce {block.nonce}
        </h3>
        <p>
          These transactions share nonce {block.nonce} and only one of them can be executed: executing one
          replaces the others.
        </p>
      </div>
      <ul className={styles.conflictRows}>
        {block.entries.map((entry, index) => (
          <li key={entry.type === 'TRANSACTION' ? entry.transaction.id : `unreadable-${index}`}>
            <QueueRow entry={entry} signer={signer} />
          </li>
        ))}
      </ul>
    </div>
  );
}
