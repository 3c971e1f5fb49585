import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TransactionDetails } from '@countersign/gateway-api';
import { Alert, Button, ButtonLink, Dialog, Section } from '../../../ui';
import { invalidateSafeViews, useSafe } from '../../safe';
import { useWallet } from '../../wallet';
import { verifiedSafeTxOfDetails } from '../safeTxOfDraft';
import { ExecutionProgress } from './ExecutionProgress';
import type { FlowError } from './flowError';
import { confirmSafeTx, deleteProposal } from './safeTxFlow';
import { executionSignatures } from './safeTxSignatures';
import { SignerNotice } from './SignerNotice';
import { useExecution } from './useExecution';
import { useSignerRole } from './useSignerRole';
import styles from './TransactionActions.module.css';

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * What can be done with a queued transaction, by whom: confirm (an owner who has not signed),
 * execute (once the threshold is met, at the Safe's next nonce), reject or replace (another
 * transaction at the same nonce), delete (its proposer, while it is not executed).
 */
export function TransactionActions({ details }: { details: TransactionDetails }) {
  const { chain, address, safe, paths } = useSafe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wallet = useWallet();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const role = useSignerRole({ chainId: chain.chainId, address, info: safe });
  const flowSafe = useMemo(() => ({ chain, address, version: safe.version }), [chain, address, safe.version]);
  const execution = useExecution(flowSafe);
  const [pending, setPending] = useState<'confirm' | 'delete' | undefined>();
  const [error, setError] = useState<FlowError | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const multisig = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : null;
  const queued = details.txStatus === 'AWAITING_CONFIRMATIONS' || details.txStatus === 'AWAITING_EXECUTION';
  if (!multisig || !queued) return null;

  const verified = verifiedSafeTxOfDetails(details, {
    chainId: Number(chain.chainId),
    version: safe.version,
  });
  if (verified && !verified.ok) {
    return (
      <Alert tone="danger" title="Do not sign this transaction" role="alert" testId="tx-actions-mismatch">
        {verified.error}
      </Alert>
    );
  }
  if (!verified) return null;

  const owners = safe.owners.map((owner) => owner.value);
  const signed = multisig.confirmations.some((confirmation) => same(confirmation.signer.value, account));
  const isProposer = same(multisig.proposer?.value, account);
  const isRejection = details.txInfo.type === 'Custom' && details.txInfo.isCancellation;
  const isNext = multisig.nonce === safe.nonce;
  const signatures = executionSignatures({
    confirmations: multisig.confirmations.map((confirmation) => ({
      signer: confirmation.signer.value,
      signature: confirmation.signature,
    })),
    owners,
    threshold: safe.threshold,
    executor: account as `0x${string}` | undefined,
  });
  const busy = pending !== undefined || execution.busy;
  const refresh = () =>
    invalidateSafeViews(queryClient, chain.chainId, address, [
      'queue',
      'transaction',
      'nonces',
      'multisig-transactions',
    ]);

  const confirm = async () => {
    setPending('confirm');
    setError(undefined);
    const result = await confirmSafeTx({ safe: flowSafe, tx: verified.tx, safeTxHash: verified.safeTxHash });
    setPending(undefined);
    if (!result.ok) return setError(result.error);
    await refresh();
  };

  const remove = async () => {
    setConfirmDelete(false);
    setPending('delete');
    setError(undefined);
    const result = await deleteProposal({ safe: flowSafe, safeTxHash: verified.safeTxHash });
    setPending(undefined);
    if (!result.ok) return setError(result.error);
    await refresh();
    void navigate(paths.queue);
  };

  const execute = () => {
    setError(undefined);
    void execution.execute({
      tx: verified.tx,
      txId: details.txId,
      confirmations: multisig.confirmations.map((confirmation) => ({
        signer: confirmation.signer.value,
        signature: confirmation.signature,
      })),
      owners,
      threshold: safe.threshold,
      description: `Execute Safe transaction #${multisig.nonce}`,
    });
  };
  const failure = error ?? (execution.state.step === 'failed' ? execution.state.error : undefined);

  return (
    <Section title="Your part" id="tx-actions">
      <div className={styles.actions} data-testid="tx-actions">
        <SignerNotice role={role} />
        {account && !isNext && (
          <p className={styles.note} data-testid="tx-actions-waiting">
            Nonce {multisig.nonce}: the transactions queued at nonces {safe.nonce} to {multisig.nonce - 1}{' '}
            must execute (or be rejected) first.
          </p>
        )}
        {account && isNext && !signatures.ok && (
          <p className={styles.note} data-testid="tx-actions-missing">
            {signatures.missing} more {signatures.missing === 1 ? 'confirmation is' : 'confirmations are'}{' '}
            needed before it can execute.
          </p>
        )}
        {signed && <p className={styles.note}>You have confirmed this transaction.</p>}
        {failure && (
          <Alert
            tone={failure.source === 'wallet' && failure.kind === 'rejected' ? 'warn' : 'danger'}
            title={failure.source === 'gateway' ? 'The gateway refused it' : 'Not done'}
            role="alert"
            testId="tx-actions-error"
          >
            {failure.message}
          </Alert>
        )}
        <ExecutionProgress state={execution.state} chain={chain} />
        <div className={styles.buttons}>
          {role.kind === 'owner' && !signed && (
            <Button
              variant={signatures.ok && isNext ? 'secondary' : 'primary'}
              onClick={() => void confirm()}
              disabled={busy}
              data-testid="tx-confirm"
            >
              {pending === 'confirm' ? 'Waiting for your wallet…' : 'Confirm'}
            </Button>
          )}
          {account && isNext && signatures.ok && (
            <Button variant="primary" onClick={execute} disabled={busy} data-testid="tx-execute">
              {execution.busy
                ? 'Executing…'
                : signatures.usesExecutorApproval
                  ? 'Confirm and execute'
                  : 'Execute'}
            </Button>
          )}
          {role.kind === 'owner' && !isRejection && (
            <ButtonLink to={paths.rejectTransaction(multisig.nonce)} variant="ghost" data-testid="tx-reject">
              Reject
            </ButtonLink>
          )}
          {(role.kind === 'owner' || role.kind === 'delegate') && (
            <ButtonLink
              to={`${paths.newTransaction}?nonce=${multisig.nonce}`}
              variant="ghost"
              data-testid="tx-replace"
            >
              Replace
            </ButtonLink>
          )}
          {isProposer && (
            <Button
              variant="danger"
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
              data-testid="tx-delete"
            >
              {pending === 'delete' ? 'Waiting for your wallet…' : 'Delete'}
            </Button>
          )}
        </div>
      </div>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this proposal?"
        size="sm"
        testId="delete-dialog"
        footer={
          <>
            <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
            <Button variant="danger" onClick={() => void remove()} data-testid="delete-confirm">
              Delete proposal
            </Button>
          </>
        }
      >
        <p>
          The gateway forgets the proposal and its confirmations; your wallet asks you to sign the request.
          Owners who kept its signatures could still execute it: to be sure it never runs, reject it on chain
          instead.
        </p>
      </Dialog>
    </Section>
  );
}
