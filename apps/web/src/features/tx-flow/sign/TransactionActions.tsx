import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Address, Hex } from 'viem';
import type { TransactionDetails } from '@countersign/gateway-api';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert, Button, ButtonLink, Dialog, Section } from '../../../ui';
import { invalidateSafeViews, useChainSafeState, useSafe, useSigner } from '../../safe';
import { useSignerService, useWallet, type WriteError } from '../../wallet';
import {
  ClaimAcknowledgement,
  contractHashQueryOptions,
  HashChecks,
  simulationQueryOptions,
  SimulationSummary,
  StateChanges,
  stateChangesQueryOptions,
  useStateChangeTokens,
  useTransactionVerdict,
} from '../verify';
import { buildSafeTx, safeTxHashes } from '@countersign/safe-core';
import { ExecutionProgress } from './ExecutionProgress';
import { ApproveOnChain } from './ApproveOnChain';
import { sharedTxFragment } from '../share';
import { confirmSafeTx, deleteProposal, type SafeTxSignature } from './safeTxFlow';
import { executionSignatures } from './safeTxSignatures';
import { SignerNotice, useSignsThrough } from './SignerNotice';
import { useExecution } from './useExecution';
import styles from './TransactionActions.module.css';
import { nonceSpan } from '../nonceWords';
import { childTransaction, ParentSafeSigning } from '../../nested-safes';
import { sameAddress } from '../../../lib/address';

/**
 * What can be done with a queued transaction, by whom: confirm (an owner who has not signed),
 * execute (once the threshold is met, at the Safe's next nonce), reject or replace (another
 * transaction at the same nonce), delete (its proposer, while it is not executed).
 */
/** A placeholder SafeTx for the contract-hash query while there is none to ask about (it is disabled then). */
const emptyTx = buildSafeTx({ to: '0x0000000000000000000000000000000000000000', nonce: 0n });

export function TransactionActions({ details }: { details: TransactionDetails }) {
  const { chain, address, safe, paths } = useSafe();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const navigate = useNavigate();
  const wallet = useWallet();
  const signer = useSignerService();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const onChain = useChainSafeState();
  const role = useSigner();
  const flowSafe = useMemo(() => ({ chain, address, version: safe.version }), [chain, address, safe.version]);
  const execution = useExecution(flowSafe);
  const [pending, setPending] = useState<'confirm' | 'delete' | undefined>();
  const [error, setError] = useState<WriteError | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  // The wallet's signature, kept while the gateway has not taken it: Retry sends it again.
  const [kept, setKept] = useState<SafeTxSignature | undefined>();
  const verdict = useTransactionVerdict(details);
  const owners = (onChain.state?.owners ?? safe.owners.map((owner) => owner.value)) as Address[];
  const checkedTx = verdict.kind === 'checked' ? verdict.tx : undefined;
  const contractHash = useQuery({
    ...contractHashQueryOptions(chain, address, checkedTx ?? emptyTx),
    enabled: checkedTx !== undefined,
  });
  const queued = details.txStatus === 'AWAITING_CONFIRMATIONS' || details.txStatus === 'AWAITING_EXECUTION';
  // The review's checks, run here in place: the simulation of what the bytes do, and the hashes.
  const simulation = useQuery({
    ...simulationQueryOptions(chain, address, checkedTx ?? emptyTx),
    enabled: checkedTx !== undefined && queued,
  });
  // What it changes, executed on the chain's node by the owners now (their approvals stand in for signatures).
  const stateChanges = useQuery({
    ...stateChangesQueryOptions(chain, address, {
      tx: checkedTx ?? emptyTx,
      safeTxHash: verdict.kind === 'checked' ? verdict.safeTxHash : '0x',
      owners,
      threshold: onChain.state?.threshold ?? safe.threshold,
    }),
    enabled: checkedTx !== undefined && queued,
  });
  const changeTokens = useStateChangeTokens(chain, address, stateChanges.data);
  const viaSafes = useSignsThrough(role, owners, queued);

  const multisig = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : null;
  if (!multisig || !queued) return null;

  if (verdict.kind === 'hash-mismatch' || verdict.kind === 'other-safe') {
    return (
      <Alert tone="danger" title="Do not sign this transaction" role="alert" testId="tx-actions-mismatch">
        {verdict.kind === 'hash-mismatch'
          ? verdict.error
          : `It belongs to another Safe (${verdict.safe}), not to this one.`}
      </Alert>
    );
  }
  if (verdict.kind !== 'checked') return null;
  const verified = verdict;
  if (contractHash.data && contractHash.data.toLowerCase() !== verified.safeTxHash.toLowerCase()) {
    return (
      <Alert
        tone="danger"
        title="Do not sign this transaction"
        role="alert"
        testId="tx-actions-contract-mismatch"
      >
        The Safe contract computes {contractHash.data} for these fields, not {verified.safeTxHash}: a
        signature would not be for what this page shows.
      </Alert>
    );
  }
  // Signing waits for the Safe's own hash; if the RPC cannot answer, the hash computed here stands.
  const hashChecked = contractHash.isSuccess || contractHash.isError;
  const disputed = verified.report.mismatches.length > 0;
  const mayAct = hashChecked && (!disputed || acknowledged);

  const hashes = safeTxHashes({
    chainId: Number(chain.chainId),
    safe: address,
    tx: verified.tx,
    version: safe.version,
  });
  const threshold = onChain.state?.threshold ?? safe.threshold;
  const safeNonce = onChain.state?.nonce ?? safe.nonce;
  const signed = multisig.confirmations.some((confirmation) =>
    sameAddress(confirmation.signer.value, account),
  );
  const isProposer = sameAddress(multisig.proposer?.value, account);
  const isRejection = details.txInfo.type === 'Custom' && details.txInfo.isCancellation;
  const isNext = multisig.nonce === safeNonce;
  const signatures = executionSignatures({
    confirmations: multisig.confirmations.map((confirmation) => ({
      signer: confirmation.signer.value,
      signature: confirmation.signature,
    })),
    owners,
    threshold,
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
    const result = await confirmSafeTx({
      gateway,
      signer,
      safe: flowSafe,
      tx: verified.tx,
      safeTxHash: verified.safeTxHash,
      signed: kept,
      onSigned: setKept,
    });
    setPending(undefined);
    if (!result.ok) return setError(result.error);
    setKept(undefined);
    await refresh();
  };

  const remove = async () => {
    setConfirmDelete(false);
    setPending('delete');
    setError(undefined);
    const result = await deleteProposal({ gateway, signer, safe: flowSafe, safeTxHash: verified.safeTxHash });
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
      threshold,
      description: `Execute Safe transaction #${multisig.nonce}`,
    });
  };
  const failure = error ?? (execution.state.step === 'failed' ? execution.state.error : undefined);

  return (
    <>
      <Section title="Your part" id="tx-actions">
        <div className={styles.actions} data-testid="tx-actions">
          <div className={styles.checks} data-testid="tx-checks">
            <h3 className={styles.checksTitle}>Before you sign</h3>
            <SimulationSummary query={simulation} native={chain.nativeCurrency} />
            <StateChanges
              query={stateChanges}
              native={chain.nativeCurrency}
              safe={address}
              tokens={changeTokens.tokens}
              collections={changeTokens.collections}
              prices={changeTokens.prices}
            />
            <HashChecks hashes={hashes} contractHash={contractHash} />
          </div>
          <SignerNotice role={role} viaSafes={viaSafes} />
          {disputed && <ClaimAcknowledgement checked={acknowledged} onChange={setAcknowledged} />}
          {account && !isNext && (
            <p className={styles.note} data-testid="tx-actions-waiting">
              Nonce {multisig.nonce}: the {safeNonce === multisig.nonce - 1 ? 'transaction' : 'transactions'}{' '}
              queued at {nonceSpan(safeNonce, multisig.nonce - 1)} must execute (or be rejected) first.
            </p>
          )}
          {account && isNext && !signatures.ok && (
            <p className={styles.note} data-testid="tx-actions-missing">
              {signatures.error.missing} more{' '}
              {signatures.error.missing === 1 ? 'confirmation is' : 'confirmations are'} needed before it can
              execute.
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
              {failure.source === 'gateway' &&
                kept?.safeTxHash === verified.safeTxHash &&
                ' Your signature is kept: Confirm sends it again without asking your wallet.'}
            </Alert>
          )}
          <ExecutionProgress state={execution.state} chain={chain} />
          <div className={styles.buttons}>
            {role.kind === 'owner' && !signed && (
              <Button
                variant={signatures.ok && isNext ? 'secondary' : 'primary'}
                onClick={() => void confirm()}
                disabled={busy || !mayAct}
                data-testid="tx-confirm"
              >
                {pending === 'confirm' ? 'Waiting for your wallet…' : 'Confirm'}
              </Button>
            )}
            {role.kind === 'owner' && !signed && account && (
              <ApproveOnChain
                safe={flowSafe}
                owner={account as `0x${string}`}
                safeTxHash={verified.safeTxHash}
                nonce={multisig.nonce}
                disabled={busy || !mayAct}
                onDone={refresh}
              />
            )}
            {account && isNext && signatures.ok && (
              <Button variant="primary" onClick={execute} disabled={busy || !mayAct} data-testid="tx-execute">
                {execution.busy
                  ? 'Executing…'
                  : signatures.value.usesExecutorApproval
                    ? 'Confirm and execute'
                    : 'Execute'}
              </Button>
            )}
            {role.kind === 'owner' && !isRejection && (
              <ButtonLink
                to={paths.rejectTransaction(multisig.nonce)}
                variant="ghost"
                data-testid="tx-reject"
              >
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
            <ButtonLink
              to={paths.shared(
                sharedTxFragment({
                  chainId: chain.chainId,
                  safe: address,
                  tx: verified.tx,
                  safeTxHash: verified.safeTxHash,
                  signatures: multisig.confirmations.flatMap((confirmation) =>
                    confirmation.signature
                      ? [
                          {
                            signer: confirmation.signer.value as Address,
                            signature: confirmation.signature as Hex,
                          },
                        ]
                      : [],
                  ),
                  title: undefined,
                }),
              )}
              variant="ghost"
              title="Its fields and signatures as a link or a file, for co-signers without this gateway"
              data-testid="tx-share"
            >
              Share
            </ButtonLink>
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
            Owners who kept its signatures could still execute it: to be sure it never runs, reject it on
            chain instead.
          </p>
        </Dialog>
      </Section>
      <ParentSafeSigning
        request={childTransaction({
          chainId: chain.chainId,
          child: address,
          childVersion: safe.version,
          tx: verified.tx,
        })}
        owners={owners}
        confirmedBy={multisig.confirmations.map((confirmation) => confirmation.signer.value)}
        mayAct={mayAct}
        onConfirmed={refresh}
      />
    </>
  );
}
