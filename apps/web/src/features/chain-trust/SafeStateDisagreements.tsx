import { Alert } from '../../ui';
import type { SafeInfoDisagreement } from '../safe';
import styles from './ChainTrust.module.css';

/** Where the gateway's account of the Safe differs from the Safe contract's: the chain's is used. */
export function SafeStateDisagreements({
  disagreements,
}: {
  disagreements: readonly SafeInfoDisagreement[];
}) {
  if (disagreements.length === 0) return null;
  return (
    <Alert
      tone="danger"
      title="The gateway's account of this Safe differs from the chain"
      role="alert"
      testId="safe-state-disagrees"
    >
      Countersign goes by what the Safe contract answers:
      <ul className={styles.answers}>
        {disagreements.map((item) => (
          <li key={item.what}>
            {item.what}: the gateway says <code>{item.gateway}</code>; the chain says{' '}
            <code>{item.chain}</code>.
          </li>
        ))}
      </ul>
    </Alert>
  );
}
