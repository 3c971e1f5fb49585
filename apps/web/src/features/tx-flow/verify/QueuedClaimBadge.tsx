import type { TransactionDetails } from '@countersign/gateway-api';
import { Badge } from '../../../ui';
import { useSafe, useTransactionQuery } from '../../safe';
import { useTransactionVerdict } from './useTransactionVerdict';

/**
 * A queued transaction's row (queue, home card) describes it in the gateway's words; this badge
 * says when its bytes tell another story, before anyone opens it. The details it reads are the
 * ones its page shows, so opening it costs nothing more.
 */
export function QueuedClaimBadge({ txId }: { txId: string }) {
  const { chain, address } = useSafe();
  const details = useTransactionQuery(chain.chainId, address, txId);
  return details.data ? <DisputedBadge details={details.data} /> : null;
}

function DisputedBadge({ details }: { details: TransactionDetails }) {
  const verdict = useTransactionVerdict(details);
  const disputed =
    verdict.kind === 'other-safe' ||
    verdict.kind === 'hash-mismatch' ||
    (verdict.kind === 'checked' && verdict.report.mismatches.length > 0);
  if (!disputed) return null;
  return (
    <Badge tone="danger" testId="tx-claim-disputed">
      {verdict.kind === 'checked' ? 'Description disputed by its bytes' : 'Do not sign'}
    </Badge>
  );
}
