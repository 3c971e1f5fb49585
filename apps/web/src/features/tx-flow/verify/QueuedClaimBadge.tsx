import type { Address } from 'viem';
import { Badge } from '../../../ui';
import { useContractAbis } from '../../address-book';
import { useSafe, useTransactionQuery } from '../../safe';
import { transactionVerdict } from './useTransactionVerdict';

/**
 * A queued transaction's row (queue, home card) describes it in the gateway's words; this badge
 * says when its bytes tell another story, before anyone opens it. The details it reads are the
 * ones its page shows, so opening it costs nothing more.
 */
export function QueuedClaimBadge({ txId }: { txId: string }) {
  const { chain, address, safe } = useSafe();
  const details = useTransactionQuery(chain.chainId, address, txId);
  const abiFor = useContractAbis(chain.chainId);
  if (!details.data) return null;
  const verdict = transactionVerdict(
    details.data,
    { chainId: Number(chain.chainId), address: address as Address, version: safe.version },
    abiFor,
  );
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
