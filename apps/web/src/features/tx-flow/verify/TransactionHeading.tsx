import type { TransactionDetails } from '@countersign/gateway-api';
import { useTransactionVerdict } from './useTransactionVerdict';

/**
 * A queued transaction's heading: the gateway's kind ("Change threshold") only while its bytes do
 * not contradict it, so that a lying description is not the first thing an owner reads.
 */
export function TransactionHeading({ details, claimed }: { details: TransactionDetails; claimed: string }) {
  const verdict = useTransactionVerdict(details);
  if (verdict.kind === 'other-safe' || verdict.kind === 'hash-mismatch') return <>Transaction refused</>;
  if (verdict.kind === 'checked' && verdict.report.mismatches.length > 0) return <>Description disputed</>;
  return <>{claimed}</>;
}
