import { Alert, Button, ButtonLink } from '../../../ui';
import { useSafe, useTransactionQuery } from '../../safe';
import styles from './host.module.css';

/**
 * Countersign's own word, over the app, on the transaction an app's request led to: what became of
 * it (as the gateway answers once the review proposed or executed it) and the way to it.
 */
export function AppTransactionNotice({ txId, onDismiss }: { txId: string; onDismiss: () => void }) {
  const { chain, address, paths } = useSafe();
  const status = useTransactionQuery(chain.chainId, address, txId).data?.txStatus;
  const title =
    status === 'SUCCESS'
      ? 'Transaction executed'
      : status === 'FAILED'
        ? 'Transaction executed, but it failed'
        : 'Transaction proposed: it is in the queue';
  return (
    <div className={styles.notice}>
      <Alert
        tone={status === 'FAILED' ? 'danger' : 'ok'}
        role="status"
        title={title}
        testId="app-tx-notice"
        actions={
          <>
            <ButtonLink to={paths.transaction(txId)} size="sm" data-testid="app-tx-notice-link">
              View the transaction
            </ButtonLink>
            <Button size="sm" variant="ghost" onClick={onDismiss} data-testid="app-tx-notice-dismiss">
              Dismiss
            </Button>
          </>
        }
      />
    </div>
  );
}
