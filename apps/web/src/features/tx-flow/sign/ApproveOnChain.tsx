import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert, Button } from '../../../ui';
import { approvedOnChainQueryOptions } from '../../nested-safes';
import { useSignerService, type WriteError } from '../../wallet';
import { approveSafeTxOnChain, type FlowSafe } from './safeTxFlow';
import styles from './TransactionActions.module.css';

/**
 * The other way for an owner to confirm: `approveHash` sent from their own account (gas paid by
 * them), for a wallet that cannot sign typed data or an owner who prefers a transaction. Once the
 * chain shows the approval, it goes to the gateway as their confirmation; an approval the gateway
 * did not take yet is offered again without a second transaction.
 */
export function ApproveOnChain({
  safe,
  owner,
  safeTxHash,
  nonce,
  disabled,
  onDone,
}: {
  safe: FlowSafe;
  owner: Address;
  safeTxHash: Hex;
  nonce: number;
  disabled: boolean;
  onDone: () => Promise<void>;
}) {
  const gateway = useGateway();
  const signer = useSignerService();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<WriteError | undefined>();
  const approved = useQuery(approvedOnChainQueryOptions(safe.chain, safe.address, owner, safeTxHash));
  const approve = async () => {
    setPending(true);
    setError(undefined);
    const result = await approveSafeTxOnChain({
      gateway,
      signer,
      safe,
      safeTxHash,
      nonce,
      alreadyApproved: approved.data === true,
    });
    setPending(false);
    await approved.refetch();
    if (!result.ok) return setError(result.error);
    await onDone();
  };
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => void approve()}
        disabled={disabled || pending || approved.isPending}
        data-testid="tx-approve-on-chain"
        title="Confirm with a transaction from your account (approveHash) instead of a signature"
      >
        {pending
          ? 'Approving on chain…'
          : approved.data === true
            ? 'Add your on-chain approval'
            : 'Approve on chain instead'}
      </Button>
      {error && (
        <div className={styles.rowWide}>
          <Alert
            tone={error.source === 'wallet' && error.kind === 'rejected' ? 'warn' : 'danger'}
            title="Not approved"
            role="alert"
            testId="tx-approve-error"
          >
            {error.message}
          </Alert>
        </div>
      )}
    </>
  );
}
