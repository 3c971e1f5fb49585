import type { Hex } from 'viem';
import { Detail, DetailList, HexValue } from '../../../ui';
import { HardwareScreen } from '../../wallet';
import styles from './Verification.module.css';

/**
 * The hashes, computed here from the signed fields: the two a hardware wallet's screen shows, the
 * safeTxHash they make, and the Safe contract's own getTransactionHash beside it (a mismatch blocks
 * signing).
 */
export function HashChecks({
  hashes,
  contractHash,
}: {
  hashes: { domainHash: Hex; messageHash: Hex; safeTxHash: Hex };
  contractHash: { data?: Hex; isPending: boolean; isError: boolean };
}) {
  return (
    <>
      <HardwareScreen
        domainHash={hashes.domainHash}
        messageHash={hashes.messageHash}
        testIds={{ domainHash: 'review-domain-hash', messageHash: 'review-message-hash' }}
      />
      <DetailList testId="review-hashes">
        <Detail label="safeTxHash" testId="review-safe-tx-hash">
          <HexValue value={hashes.safeTxHash} label="safeTxHash" full />
        </Detail>
        <Detail label="The Safe's own hash" testId="review-contract-check">
          <ContractCheck expected={hashes.safeTxHash} query={contractHash} />
        </Detail>
      </DetailList>
    </>
  );
}

function ContractCheck({
  expected,
  query,
}: {
  expected: Hex;
  query: { data?: Hex; isPending: boolean; isError: boolean };
}) {
  if (query.isPending) return <span>Asking the Safe contract…</span>;
  if (query.isError || !query.data)
    return <span>The Safe contract could not be asked (the chain&apos;s RPC did not answer).</span>;
  return query.data.toLowerCase() === expected.toLowerCase() ? (
    <span className={styles.match}>✓ getTransactionHash gives the same safeTxHash</span>
  ) : (
    <span className={styles.mismatch} role="alert" data-testid="review-contract-mismatch">
      ✗ The Safe computes {query.data}: signing is blocked.
    </span>
  );
}
