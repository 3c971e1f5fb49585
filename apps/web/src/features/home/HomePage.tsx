import { Card, Page, useAddressName } from '../../ui';
import { holdsNothing, TopAssets, useBalances } from '../assets';
import { useSafe } from '../safe';
import { SafeOverviewCard, SetupAttention } from '../settings';
import { QueuePreview } from '../transactions';
import { FundSafe } from './FundSafe';
import styles from './HomePage.module.css';

/**
 * A Safe's home: what it holds (total value and top assets), what waits for its owners (the queue
 * at a glance, with the connected owner's part), and its setup. A new Safe that holds nothing and
 * has executed nothing (nonce 0) first offers to fund it.
 */
export function HomePage() {
  const { address, safe, chain } = useSafe();
  const name = useAddressName(address, safe.address.name);
  const balances = useBalances().query.data;
  const isNewAndEmpty = safe.nonce === 0 && balances !== undefined && holdsNothing(balances);
  return (
    <Page
      title="Home"
      heading={name ?? 'Home'}
      description={`A ${safe.threshold}-of-${safe.owners.length} Safe on ${chain.chainName}`}
    >
      {isNewAndEmpty && <FundSafe />}
      <SetupAttention />
      <div className={styles.grid}>
        <Card className={styles.panel}>
          <h2 className={styles.title}>Assets</h2>
          <TopAssets count={5} />
        </Card>
        <Card className={styles.panel}>
          <h2 className={styles.title}>Waiting for signatures</h2>
          <QueuePreview limit={3} />
        </Card>
      </div>
      <SafeOverviewCard />
    </Page>
  );
}
