import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { multisigTxId } from '@countersign/gateway-api';
import { safeTxHashes } from '@countersign/safe-core';
import { useGateway } from '../../../lib/ServicesProvider';
import { chainClient } from '../../../lib/chainReader';
import { Alert, Button, Detail, DetailList, Loading, Section } from '../../../ui';
import {
  invalidateSafeViews,
  mergeSignatures,
  safeKey,
  ShareLinkAndFile,
  SharedSignatureList,
  transactionQueryOptions,
  useChainSafeState,
  useSafe,
  useSigner,
  type SharedSignature,
} from '../../safe';
import { useSignerService, type WriteError } from '../../wallet';
import { ExecutionProgress, signSafeTx, SignerNotice, uploadSignatures, useExecution } from '../sign';
import { CallList, contractHashQueryOptions, HashChecks } from '../verify';
import { checkSharedTx, type SharedTxCheck } from './checkSharedTx';
import { keepShared, keptShared } from './keptShared';
import { sharedTxFileName, sharedTxFragment, sharedTxJson, type SharedTx } from './sharedTx';
import styles from './Shared.module.css';
import { sameAddress } from '../../../lib/address';

/** A shared transaction checked, with what the connected owner can do with it. */
export function SharedTxView({ shared, onChange }: { shared: SharedTx; onChange: (next: SharedTx) => void }) {
  const { chain, address, safe, paths, withoutGateway } = useSafe();
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const signer = useSignerService();
  const role = useSigner();
  const onChain = useChainSafeState();
  const state = onChain.state;
  const flowSafe = useMemo(() => ({ chain, address, version: safe.version }), [chain, address, safe.version]);
  const contractHash = useQuery(contractHashQueryOptions(chain, address, shared.tx));
  const [added, setAdded] = useState<SharedSignature[]>([]);
  const [error, setError] = useState<WriteError | undefined>();
  const [busy, setBusy] = useState<'sign' | 'upload' | undefined>();
  const [uploaded, setUploaded] = useState<number | undefined>();
  const execution = useExecution(flowSafe);
  // The check as it stood when this page sent the execution: once mined, the chain's nonce moves past
  // the transaction's (often before the wallet reports the receipt), and checking it again would
  // refuse it as used and hide the execution's progress.
  const [executedCheck, setExecutedCheck] = useState<SharedTxCheck | undefined>();

  // What the gateway already holds of it, when there is a gateway: more signatures to merge.
  // The hash to look it up by, here and on the gateway: the one it names, else the one its fields
  // give (links of other tools name none). Either way the check below hashes the fields again.
  const claimedHash =
    shared.safeTxHash ??
    (state
      ? safeTxHashes({ chainId: Number(chain.chainId), safe: address, tx: shared.tx, version: state.version })
          .safeTxHash
      : undefined);
  const onGateway = useQuery({
    ...transactionQueryOptions(gateway, chain.chainId, address, multisigTxId(address, claimedHash ?? '0x')),
    enabled: !withoutGateway && claimedHash !== undefined,
    retry: false,
  });
  const gatewayConfirmations = useMemo<{ signer: Address; signature: Hex }[]>(() => {
    const info = onGateway.data?.detailedExecutionInfo;
    if (info?.type !== 'MULTISIG') return [];
    return info.confirmations.flatMap((confirmation) =>
      confirmation.signature
        ? [{ signer: confirmation.signer.value as Address, signature: confirmation.signature as Hex }]
        : [],
    );
  }, [onGateway.data]);
  const candidates = useMemo(
    () =>
      mergeSignatures(
        shared.signatures,
        added,
        claimedHash ? (keptShared(claimedHash)?.signatures ?? []) : [],
        gatewayConfirmations,
      ),
    [shared.signatures, added, claimedHash, gatewayConfirmations],
  );

  const check = useQuery({
    queryKey: safeKey(chain.chainId, address, 'shared-check', sharedTxFragment(shared), [
      candidates.map((c) => `${c.signer}:${c.signature}`).join(','),
      String(state?.nonce),
      contractHash.data ?? (contractHash.isError ? 'error' : 'pending'),
    ]),
    queryFn: () => {
      if (state === undefined) throw new Error('The Safe has not been read from the chain yet.');
      return checkSharedTx({
        shared: { ...shared, signatures: candidates },
        chainId: chain.chainId,
        chainName: chain.chainName,
        safe: address,
        state,
        contractHash: contractHash.data,
        client: chainClient(chain),
      });
    },
    enabled: state !== undefined && !contractHash.isPending,
    staleTime: Infinity,
    retry: false,
  });
  const executing = execution.state.step !== 'idle' && execution.state.step !== 'failed';
  const result = (executing ? executedCheck : undefined) ?? check.data;
  const valid = useMemo(() => result?.counted ?? [], [result]);
  const current = useMemo<SharedTx>(
    () => ({
      ...shared,
      safeTxHash: result?.safeTxHash ?? shared.safeTxHash,
      signatures: valid,
    }),
    [shared, result, valid],
  );
  useEffect(() => {
    if (result && result.refusal === undefined)
      keepShared({ ...shared, safeTxHash: result.safeTxHash, signatures: valid });
  }, [result, valid, shared]);

  if (state === undefined) {
    return onChain.query.isError ? (
      <Alert tone="danger" title="The Safe could not be read from the chain" role="alert">
        Nothing can be checked without the Safe contract: its owners, threshold and nonce.
      </Alert>
    ) : (
      <Loading label="Reading the Safe from the chain…" />
    );
  }
  if (result === undefined) return <Loading label="Checking the transaction against the chain…" />;

  const account = role.kind === 'owner' ? role.address : undefined;
  const accountSigned =
    account !== undefined && valid.some((signature) => sameAddress(signature.signer, account));
  const executable =
    result.refusal === undefined &&
    result.nonce.tx === result.nonce.safe &&
    (valid.length >= state.threshold || (account !== undefined && valid.length + 1 >= state.threshold));
  const link = `${window.location.origin}${paths.shared(sharedTxFragment(current))}`;
  const working = busy !== undefined || execution.busy;

  const sign = async () => {
    setBusy('sign');
    setError(undefined);
    const signed = await signSafeTx(signer, flowSafe, shared.tx);
    setBusy(undefined);
    if (!signed.ok) {
      setError(signed.error);
      return;
    }
    const signature = { signer: signed.value.signer, signature: signed.value.signature };
    setAdded((before) => [...before, signature]);
    onChange({ ...current, signatures: mergeSignatures(current.signatures, [signature]) });
  };
  const upload = async () => {
    setBusy('upload');
    setError(undefined);
    const sent = await uploadSignatures({
      gateway,
      safe: flowSafe,
      tx: shared.tx,
      safeTxHash: result.safeTxHash,
      signatures: valid,
      proposed: onGateway.data !== undefined,
      onGateway: gatewayConfirmations.map((confirmation) => confirmation.signer),
    });
    setBusy(undefined);
    if (!sent.ok) {
      setError(sent.error);
      return;
    }
    setUploaded(sent.value);
    void onGateway.refetch();
    void invalidateSafeViews(queryClient, chain.chainId, address, ['queue', 'nonces']);
  };
  const execute = () => {
    setError(undefined);
    setExecutedCheck(result);
    void execution.execute({
      tx: shared.tx,
      txId: multisigTxId(address, result.safeTxHash),
      confirmations: valid,
      owners: state.owners,
      threshold: state.threshold,
      description: `Execute Safe transaction #${result.nonce.tx}`,
    });
  };
  const failure = error ?? (execution.state.step === 'failed' ? execution.state.error : undefined);
  const notOnGateway = valid.filter(
    (signature) =>
      !gatewayConfirmations.some((confirmation) => sameAddress(confirmation.signer, signature.signer)),
  );

  return (
    <div className={styles.view} data-testid="shared-tx">
      {result.refusal !== undefined && (
        <Alert tone="danger" title="Do not sign this transaction" role="alert" testId="shared-refused">
          {result.refusal}
        </Alert>
      )}
      {shared.title && (
        <p className={styles.hint} data-testid="shared-title">
          Shared as &ldquo;{shared.title}&rdquo;: the sharer&apos;s words, not checked. What it does is below,
          read from its bytes.
        </p>
      )}
      <Section title="What the Safe will do" id="shared-actions">
        <CallList call={shared.tx} testId="shared-call" />
      </Section>

      <Section title="Checks" id="shared-checks">
        <DetailList>
          <Detail label="Nonce" testId="shared-nonce">
            {result.nonce.tx}
            {result.nonce.tx === result.nonce.safe
              ? ': the Safe is at this nonce, so it can execute next.'
              : result.nonce.tx > result.nonce.safe
                ? `: the Safe is at ${result.nonce.safe}, so ${result.nonce.tx - result.nonce.safe} other transaction${result.nonce.tx - result.nonce.safe === 1 ? '' : 's'} must execute first.`
                : `: used already (the Safe is at ${result.nonce.safe}).`}
          </Detail>
          <Detail label="Signatures" testId="shared-progress">
            {valid.length} of {state.threshold} needed
          </Detail>
        </DetailList>
        <HashChecks hashes={result} contractHash={contractHash} />
      </Section>

      <Section title="Signatures" id="shared-signatures">
        <SharedSignatureList signatures={result.signatures} testId="shared-signatures" />
      </Section>

      {result.refusal === undefined && (
        <Section title="Share" id="shared-share">
          <ShareLinkAndFile
            what="transaction"
            link={link}
            fileName={sharedTxFileName(current)}
            json={sharedTxJson(current)}
            testIdPrefix="shared"
          />
        </Section>
      )}

      {result.refusal === undefined && (
        <Section title="Sign" id="shared-sign">
          <div className={styles.view}>
            <SignerNotice role={role} />
            {failure && (
              <Alert tone="danger" title="Not done" role="alert" testId="shared-error">
                {failure.message}
              </Alert>
            )}
            {uploaded !== undefined && (
              <Alert tone="ok" title="On the gateway" testId="shared-uploaded">
                {uploaded === 0
                  ? 'The gateway had every signature already.'
                  : `${uploaded} signature${uploaded === 1 ? '' : 's'} sent: the transaction is in the queue.`}
              </Alert>
            )}
            <ExecutionProgress state={execution.state} chain={chain} />
            <div className={styles.buttons}>
              {account !== undefined && !accountSigned && (
                <Button
                  variant={executable && valid.length >= state.threshold ? 'secondary' : 'primary'}
                  onClick={() => void sign()}
                  disabled={working}
                  data-testid="shared-sign"
                >
                  {busy === 'sign' ? 'Waiting for your wallet…' : 'Add your signature'}
                </Button>
              )}
              {executable && account !== undefined && (
                <Button variant="primary" onClick={execute} disabled={working} data-testid="shared-execute">
                  Execute
                </Button>
              )}
              {!withoutGateway && notOnGateway.length > 0 && (
                <Button onClick={() => void upload()} disabled={working} data-testid="shared-upload">
                  {busy === 'upload' ? 'Sending…' : 'Send to the gateway'}
                </Button>
              )}
            </div>
            {withoutGateway && (
              <p className={styles.hint}>
                The gateway does not answer: pass the link or the file to your co-signers yourself.
              </p>
            )}
          </div>
        </Section>
      )}
    </div>
  );
}
