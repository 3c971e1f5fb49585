import { TabNav } from '../../ui';
import { useSafe } from '../safe';

/** Queue and History, each a link with its own URL. */
export function TransactionsTabs() {
  const { paths } = useSafe();
  return (
    <TabNav
      label="Transaction lists"
      items={[
        { to: paths.queue, label: 'Queue', testId: 'tab-queue' },
        { to: paths.history, label: 'History', testId: 'tab-history' },
      ]}
    />
  );
}
