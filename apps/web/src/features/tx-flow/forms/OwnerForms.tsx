import { useState } from 'react';
import { isAddressEqual, type Address } from 'viem';
import { Alert, ButtonLink, EmptyState } from '../../../ui';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { addOwnerAction, changeThresholdAction, removeOwnerAction, swapOwnerAction } from './actions';
import { checkNewOwner, checkNewThreshold } from './checks';
import { AddressField, AddressSelect, ThresholdSelect } from './fields';
import { notBuilt, TxForm, type BuildResult } from './TxForm';
import { useErrorDisplay } from './useErrorDisplay';

/**
 * The owner and threshold changes, each prefilled from SafeInfo (its owners in the contract's
 * order, which the linked-list calls need) and the `owner` link parameter of the settings view.
 */
type FormProps = { onReview: (draft: TxDraft) => void; initial: { owner?: string } };

function useOwners() {
  const { safe } = useSafe();
  const owners = safe.owners.map((owner) => owner.value as Address);
  return { owners, ownerInfos: safe.owners, threshold: safe.threshold };
}

/** The owner named by the link, if it is one of the Safe's (in its checksummed form). */
function linkedOwner(owners: readonly Address[], owner: string | undefined): Address | undefined {
  if (owner === undefined || !/^0x[0-9a-fA-F]{40}$/.test(owner)) return undefined;
  return owners.find((entry) => isAddressEqual(entry, owner as Address));
}

export function AddOwnerForm({ onReview, initial }: FormProps) {
  const { address: safe, chain } = useSafe();
  const { owners, threshold } = useOwners();
  const display = useErrorDisplay();
  const [owner, setOwner] = useState(initial.owner ?? '');
  const [newThreshold, setNewThreshold] = useState(threshold);
  const checked = checkNewOwner(owner, { safe, owners, shortName: chain.shortName });
  const build = (): BuildResult =>
    checked.ok ? addOwnerAction(safe, owners, checked.value, newThreshold) : notBuilt();
  return (
    <TxForm title="Add owner" build={build} onReview={onReview} display={display} testId="add-owner-form">
      <AddressField
        name="owner"
        label="New owner"
        value={owner}
        onChange={setOwner}
        checked={checked}
        display={display}
        testId="owner-address"
      />
      <ThresholdSelect
        value={newThreshold}
        onChange={setNewThreshold}
        owners={owners.length + 1}
        current={threshold}
      />
    </TxForm>
  );
}

export function RemoveOwnerForm({ onReview, initial }: FormProps) {
  const { address: safe, paths } = useSafe();
  const { owners, ownerInfos, threshold } = useOwners();
  const display = useErrorDisplay();
  const [owner, setOwner] = useState<string>(() => linkedOwner(owners, initial.owner) ?? '');
  const [newThreshold, setNewThreshold] = useState(Math.max(1, Math.min(threshold, owners.length - 1)));
  if (owners.length <= 1)
    return (
      <EmptyState
        title="A Safe must keep at least one owner"
        action={<ButtonLink to={paths.newTransactionOf('swap-owner')}>Replace the owner instead</ButtonLink>}
        testId="remove-owner-unavailable"
      />
    );
  const chosen = linkedOwner(owners, owner);
  const build = (): BuildResult =>
    chosen ? removeOwnerAction(safe, owners, chosen, newThreshold) : notBuilt();
  return (
    <TxForm
      title="Remove owner"
      build={build}
      onReview={onReview}
      display={display}
      testId="remove-owner-form"
    >
      <LinkedNotFound given={initial.owner} found={linkedOwner(owners, initial.owner)} what="owner" />
      <AddressSelect
        label="Owner to remove"
        options={ownerInfos}
        value={chosen ?? ''}
        onChange={setOwner}
        error={display.error('owner', chosen ? undefined : 'Choose the owner to remove.')}
        testId="owner-select"
      />
      <ThresholdSelect
        value={newThreshold}
        onChange={setNewThreshold}
        owners={owners.length - 1}
        current={threshold}
      />
    </TxForm>
  );
}

export function SwapOwnerForm({ onReview, initial }: FormProps) {
  const { address: safe, chain } = useSafe();
  const { owners, ownerInfos } = useOwners();
  const display = useErrorDisplay();
  const [oldOwner, setOldOwner] = useState<string>(() => linkedOwner(owners, initial.owner) ?? '');
  const [newOwner, setNewOwner] = useState('');
  const chosen = linkedOwner(owners, oldOwner);
  const checked = checkNewOwner(newOwner, { safe, owners, shortName: chain.shortName });
  const build = (): BuildResult =>
    chosen && checked.ok ? swapOwnerAction(safe, owners, chosen, checked.value) : notBuilt();
  return (
    <TxForm
      title="Replace owner"
      build={build}
      onReview={onReview}
      display={display}
      testId="swap-owner-form"
    >
      <LinkedNotFound given={initial.owner} found={linkedOwner(owners, initial.owner)} what="owner" />
      <AddressSelect
        label="Owner to replace"
        options={ownerInfos}
        value={chosen ?? ''}
        onChange={setOldOwner}
        error={display.error('old-owner', chosen ? undefined : 'Choose the owner to replace.')}
        testId="owner-select"
      />
      <AddressField
        name="owner"
        label="New owner"
        value={newOwner}
        onChange={setNewOwner}
        checked={checked}
        display={display}
        hint="Takes the replaced owner’s place; the threshold stays as it is."
        testId="owner-address"
      />
    </TxForm>
  );
}

export function ThresholdForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { address: safe } = useSafe();
  const { owners, threshold } = useOwners();
  const display = useErrorDisplay();
  const [newThreshold, setNewThreshold] = useState(threshold);
  if (owners.length <= 1)
    return (
      <EmptyState title="With a single owner, the threshold can only be 1" testId="threshold-unavailable">
        Add an owner first to require more confirmations.
      </EmptyState>
    );
  const checked = checkNewThreshold(newThreshold, { current: threshold, owners: owners.length });
  const build = (): BuildResult =>
    checked.ok ? changeThresholdAction(safe, owners.length, checked.value) : notBuilt();
  return (
    <TxForm
      title="Change threshold"
      build={build}
      onReview={onReview}
      display={display}
      testId="threshold-form"
    >
      <ThresholdSelect
        value={newThreshold}
        onChange={setNewThreshold}
        owners={owners.length}
        current={threshold}
        error={display.error('threshold', checked.ok ? undefined : checked.error)}
      />
    </TxForm>
  );
}

/** The link named an owner or module the Safe does not have (any more): said, not guessed at. */
export function LinkedNotFound({
  given,
  found,
  what,
}: {
  given: string | undefined;
  found: string | undefined;
  what: 'owner' | 'module';
}) {
  if (given === undefined || found !== undefined) return null;
  return (
    <Alert tone="warn" testId="linked-not-found">
      {given} is not {what === 'owner' ? 'an owner' : 'a module'} of this Safe. Choose one below.
    </Alert>
  );
}
