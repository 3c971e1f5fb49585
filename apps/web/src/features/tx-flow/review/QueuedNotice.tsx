import { Button, ButtonLink, Dialog } from '../../../ui';
import { useSafe } from '../../safe';
import type { ReviewOutcome } from './Review';

/**
 * Where a transaction proposed from a dialog (a dapp's, an app's) now waits, told once the dialog
 * has closed: its nonce, what comes before it, and the way to it in the queue.
 */
export function QueuedNotice({
  outcome,
  requester,
  onClose,
}: {
  outcome: ReviewOutcome;
  requester: string;
  onClose: () => void;
}) {
  const { safe, paths } = useSafe();
  const before = Math.max(0, outcome.nonce - safe.nonce);
  return (
    <Dialog
      open
      size="sm"
      title={outcome.executed ? 'Transaction executed' : 'Transaction proposed'}
      onClose={onClose}
      testId="tx-queued-notice"
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          <ButtonLink variant="primary" to={paths.transaction(outcome.txId)} onClick={onClose}>
            Open the transaction
          </ButtonLink>
        </>
      }
    >
      <p data-testid="tx-queued-where">
        {outcome.executed
          ? `${requester}’s transaction was executed at nonce ${outcome.nonce}.`
          : `${requester}’s transaction waits in the queue at nonce ${outcome.nonce}, with ${safe.threshold === 1 ? 'no other signature needed' : `${safe.threshold} signatures needed to execute it`}. ` +
            (before === 0
              ? 'It is next: it can be executed once it has them.'
              : `${before === 1 ? 'One transaction comes' : `${before} transactions come`} before it (nonce ${safe.nonce}${before > 1 ? ` to ${outcome.nonce - 1}` : ''}): each must be executed or rejected first.`)}
      </p>
    </Dialog>
  );
}
