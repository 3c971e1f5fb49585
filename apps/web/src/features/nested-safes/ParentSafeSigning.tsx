import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address as AddressValue, Hex } from 'viem';
import type { AddressInfo } from '@countersign/gateway-api';
import { approveHashCalldata, safeMessageHashes } from '@countersign/safe-core';
import { useGateway } from '../../lib/ServicesProvider';
import {
  Address,
  Alert,
  Badge,
  Button,
  ButtonLink,
  Detail,
  DetailList,
  HexValue,
  Section,
  shortenAddress,
} from '../../ui';
import { safePaths, useSafe } from '../safe';
import { useSignerService, useWallet, walletFailure, type WriteError } from '../wallet';
import { approvedOnChainQueryOptions, ownerSafesQueryOptions, type OwnerSafe } from './ownerSafes';
import {
  addParentApproval,
  addParentConfirmation,
  parentContractSignature,
  parentMessageQueryOptions,
  parentRequest,
  parentSignatures,
  type ChildRequest,
} from './parentSigning';
import { parentSafeSigner } from './parentSafeSigner';
import styles from './ParentSafeSigning.module.css';
import { sameAddress } from '../../lib/address';

/** An owner Safe as the pages call it: the name its child's SafeInfo gives it, else its short address. */
export function ownerSafeLabel(owners: readonly AddressInfo[], address: string): string {
  return owners.find((owner) => sameAddress(owner.value, address))?.name ?? shortenAddress(address);
}

/**
 * The owners of this Safe that are Safes themselves, and how far each has come in confirming the
 * transaction or message: a parent confirms off chain once its own owners have signed a message of the parent
 * (what this Safe's contract will ask the parent's isValidSignature), which then becomes its
 * contract signature here. Only what was hashed again here may be signed for.
 */
export function ParentSafeSigning({
  request,
  owners,
  confirmedBy,
  mayAct,
  onConfirmed,
}: {
  request: ChildRequest;
  owners: readonly AddressValue[];
  /** Who has confirmed the request on this Safe (the gateway's list). */
  confirmedBy: readonly string[];
  /** The review's checks allow signing (the Safe's own hash read, disputes acknowledged). */
  mayAct: boolean;
  onConfirmed: () => Promise<void>;
}) {
  const { chain } = useSafe();
  const parents = useQuery(ownerSafesQueryOptions(chain, owners));
  if (!parents.data || parents.data.length === 0) return null;
  return (
    <Section title="Owners that are Safes" id="parent-safes">
      <ul className={styles.list} data-testid="parent-safes">
        {parents.data.map((parent) => (
          <ParentRow
            key={parent.address}
            parent={parent}
            request={request}
            confirmed={confirmedBy.some((signer) => sameAddress(signer, parent.address))}
            mayAct={mayAct}
            onConfirmed={onConfirmed}
          />
        ))}
      </ul>
    </Section>
  );
}

function ParentRow({
  parent,
  request,
  confirmed,
  mayAct,
  onConfirmed,
}: {
  parent: OwnerSafe;
  request: ChildRequest;
  confirmed: boolean;
  mayAct: boolean;
  onConfirmed: () => Promise<void>;
}) {
  const { chain, safe } = useSafe();
  const gateway = useGateway();
  const signer = useSignerService();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const [pending, setPending] = useState<'sign' | 'add' | undefined>();
  const [error, setError] = useState<WriteError | undefined>();
  const asked = parentRequest(request, parent.address);
  const messageQuery = parentMessageQueryOptions(gateway, chain.chainId, asked.messageHash);
  const message = useQuery({ ...messageQuery, enabled: !confirmed });
  const onChainApproval = request.kind === 'transaction';
  const approved = useQuery({
    ...approvedOnChainQueryOptions(chain, request.child, parent.address, request.signed.hash),
    enabled: !confirmed && onChainApproval,
  });
  const name = safe.owners.find((owner) => sameAddress(owner.value, parent.address))?.name ?? null;
  const label = ownerSafeLabel(safe.owners, parent.address);
  const progress = parentSignatures(parent, message.data ?? null);
  const ownsParent = parent.owners.some((owner) => sameAddress(owner, account));
  const walletSigned = progress.signers.some((signer) => sameAddress(signer, account));
  const parentPaths = safePaths(chain.shortName, parent.address);
  const hashes = safeMessageHashes({
    chainId: Number(chain.chainId),
    safe: parent.address,
    message: asked.bytes,
  });

  const addApproval = async () => {
    setPending('add');
    setError(undefined);
    const added = await addParentApproval({ gateway, request, parent: parent.address });
    setPending(undefined);
    if (!added.ok) return setError(added.error);
    await onConfirmed();
  };

  const add = async (signature: Hex) => {
    setPending('add');
    const added = await addParentConfirmation({ gateway, request, signature });
    setPending(undefined);
    if (!added.ok) return setError(added.error);
    await onConfirmed();
  };

  // P signs as any signer does: the linked owner's signature goes to P's message, and P answers with
  // its contract signature once its threshold is met (or that it waits for its other owners).
  const sign = async () => {
    setPending('sign');
    setError(undefined);
    const asParent = parentSafeSigner({ parent, owner: signer, gateway, chain });
    const signed = await asParent.api.signTypedData(request.typedData, { chainId: Number(chain.chainId) });
    setPending(undefined);
    await queryClient.fetchQuery({ ...messageQuery, staleTime: 0 });
    if (signed.ok) return add(signed.value.signature);
    if (signed.error.kind !== 'pending') setError(walletFailure(signed.error).error);
  };

  return (
    <li className={styles.parent} data-testid="parent-safe" data-parent={parent.address}>
      <div className={styles.head}>
        <Address address={parent.address} name={name} copy />
        <Badge tone="neutral">
          Safe, {parent.threshold} of {parent.owners.length}
        </Badge>
      </div>
      <p className={styles.status} data-testid="parent-safe-status">
        {confirmed
          ? `${label}: confirmed ${request.kind === 'transaction' ? 'this transaction' : 'this message'}`
          : approved.data === true
            ? `${label}: approved it on chain`
            : message.isPending
              ? `${label}: reading its signatures…`
              : `${label}: ${progress.signed} of ${progress.required} of its owners signed`}
      </p>
      {!confirmed && ownsParent && !walletSigned && (
        <>
          <p className={styles.note}>
            Your wallet signs a message of {label} that confirms {request.what} of this Safe (shown above). A
            hardware wallet shows these hashes:
          </p>
          <DetailList testId="parent-safe-hashes">
            <Detail label="Domain hash">
              <HexValue value={hashes.domainHash} label="domain hash" full />
            </Detail>
            <Detail label="Message hash">
              <HexValue value={hashes.structHash} label="message hash" full />
            </Detail>
          </DetailList>
        </>
      )}
      {error && (
        <Alert tone="danger" title="Not done" role="alert" testId="parent-safe-error">
          {error.message}
        </Alert>
      )}
      <div className={styles.buttons}>
        {!confirmed && ownsParent && !walletSigned && (
          <Button
            variant="primary"
            onClick={() => void sign()}
            disabled={pending !== undefined || !mayAct || message.isPending}
            data-testid="parent-sign"
          >
            {pending === 'sign' ? 'Waiting for your wallet…' : `Sign for ${label}`}
          </Button>
        )}
        {!confirmed && progress.complete && message.data && (
          <Button
            onClick={() => message.data && void add(parentContractSignature(parent, message.data))}
            disabled={pending !== undefined}
            data-testid="parent-add"
          >
            {pending === 'add' ? 'Adding…' : `Add ${label}'s confirmation`}
          </Button>
        )}
        {!confirmed && approved.data === true && (
          <Button
            onClick={() => void addApproval()}
            disabled={pending !== undefined}
            data-testid="parent-add-approval"
          >
            {pending === 'add' ? 'Adding…' : `Add ${label}'s approval`}
          </Button>
        )}
        {!confirmed && onChainApproval && ownsParent && approved.data === false && (
          <ButtonLink
            to={parentPaths.newTransactionOf('contract', {
              to: request.child,
              data: approveHashCalldata(request.signed.hash),
            })}
            variant="ghost"
            data-testid="parent-approve-on-chain"
          >
            Approve on chain instead
          </ButtonLink>
        )}
        {!confirmed && message.data && (
          <ButtonLink
            to={parentPaths.message(asked.messageHash)}
            variant="ghost"
            data-testid="parent-message-link"
          >
            Open {label}'s message
          </ButtonLink>
        )}
      </div>
    </li>
  );
}
