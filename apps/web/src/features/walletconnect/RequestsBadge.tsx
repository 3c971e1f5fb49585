import { useWaitingDappRequests } from './waitingRequests';
import styles from './RequestsBadge.module.css';

/** Beside "Dapps" in the navigation: the requests of connected dapps that wait for the owner. */
export function DappRequestsBadge() {
  const count = useWaitingDappRequests();
  if (count === 0) return null;
  const words = `${count} dapp ${count === 1 ? 'request waits' : 'requests wait'} for you`;
  return (
    <span className={styles.badge} title={words} data-testid="dapp-requests-badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}
