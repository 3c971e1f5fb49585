import { isAddressEqual, type Address } from 'viem';
import * as z from 'zod/mini';
import { checkedField, checkedText } from '../../../lib/formSchema';
import { err, ok } from '../../../lib/result';
import { Alert, ButtonLink, EmptyState } from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { addOwnerAction, changeThresholdAction, removeOwnerAction, swapOwnerAction } from './actions';
import { checkNewOwner, checkNewThreshold } from './checks';
import { AddressField, AddressSelect, ThresholdSelect } from './fields';
import { TxForm, type BuildResult } from './TxForm';

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

/** A choice among the Safe's owners, or `missing` when none is chosen. */
const ownerChoice = (owners: readonly Address[], missing: string) =>
  checkedText((input) => {
    const owner = linkedOwner(owners, input);
    return owner ? ok(owner) : err(missing);
  });

export function AddOwnerForm({ onReview, initial }: FormProps) {
  const { address: safe, chain } = useSafe();
  const { owners, threshold } = useOwners();
  const check = (input: string) => checkNewOwner(input, { safe, owners, shortName: chain.shortName });
  const form = useSchemaForm(z.object({ owner: checkedText(check), threshold: z.number() }), {
    owner: initial.owner ?? '',
    threshold,
  });
  const build = (values: { owner: Address; threshold: number }): BuildResult =>
    addOwnerAction(safe, owners, values.owner, values.threshold);
  return (
    <TxForm title="Add owner" form={form} build={build} onReview={onReview} testId="add-owner-form">
      <AddressField form={form} name="owner" label="New owner" check={check} testId="owner-address" />
      <ThresholdSelect
        field={form.register('threshold', { valueAsNumber: true })}
        value={form.watch('threshold')}
        owners={owners.length + 1}
        current={threshold}
      />
    </TxForm>
  );
}

export function RemoveOwnerForm({ onReview, initial }: FormProps) {
  const { address: safe, paths } = useSafe();
  const { owners, ownerInfos, threshold } = useOwners();
  const schema = z.object({
    owner: ownerChoice(owners, 'Choose the owner to remove.'),
    threshold: z.number(),
  });
  const form = useSchemaForm(schema, {
    owner: linkedOwner(owners, initial.owner) ?? '',
    threshold: Math.max(1, Math.min(threshold, owners.length - 1)),
  });
  if (owners.length <= 1)
    return (
      <EmptyState
        title="A Safe must keep at least one owner"
        action={<ButtonLink to={paths.newTransactionOf('swap-owner')}>Replace the owner instead</ButtonLink>}
        testId="remove-owner-unavailable"
      />
    );
  const build = (values: z.output<typeof schema>): BuildResult =>
    removeOwnerAction(safe, owners, values.owner, values.threshold);
  return (
    <TxForm title="Remove owner" form={form} build={build} onReview={onReview} testId="remove-owner-form">
      <LinkedNotFound given={initial.owner} found={linkedOwner(owners, initial.owner)} what="owner" />
      <AddressSelect
        label="Owner to remove"
        options={ownerInfos}
        field={form.register('owner')}
        value={form.watch('owner')}
        error={shownError(form, 'owner')}
        testId="owner-select"
      />
      <ThresholdSelect
        field={form.register('threshold', { valueAsNumber: true })}
        value={form.watch('threshold')}
        owners={owners.length - 1}
        current={threshold}
      />
    </TxForm>
  );
}

export function SwapOwnerForm({ onReview, initial }: FormProps) {
  const { address: safe, chain } = useSafe();
  const { owners, ownerInfos } = useOwners();
  const check = (input: string) => checkNewOwner(input, { safe, owners, shortName: chain.shortName });
  const schema = z.object({
    oldOwner: ownerChoice(owners, 'Choose the owner to replace.'),
    owner: checkedText(check),
  });
  const form = useSchemaForm(schema, { oldOwner: linkedOwner(owners, initial.owner) ?? '', owner: '' });
  const build = (values: z.output<typeof schema>): BuildResult =>
    swapOwnerAction(safe, owners, values.oldOwner, values.owner);
  return (
    <TxForm title="Replace owner" form={form} build={build} onReview={onReview} testId="swap-owner-form">
      <LinkedNotFound given={initial.owner} found={linkedOwner(owners, initial.owner)} what="owner" />
      <AddressSelect
        label="Owner to replace"
        options={ownerInfos}
        field={form.register('oldOwner')}
        value={form.watch('oldOwner')}
        error={shownError(form, 'oldOwner')}
        testId="owner-select"
      />
      <AddressField
        form={form}
        name="owner"
        label="New owner"
        check={check}
        hint="Takes the replaced owner’s place; the threshold stays as it is."
        testId="owner-address"
      />
    </TxForm>
  );
}

export function ThresholdForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { address: safe } = useSafe();
  const { owners, threshold } = useOwners();
  const schema = z.object({
    threshold: checkedField(z.number(), (value) =>
      checkNewThreshold(value, { current: threshold, owners: owners.length }),
    ),
  });
  const form = useSchemaForm(schema, { threshold });
  if (owners.length <= 1)
    return (
      <EmptyState title="With a single owner, the threshold can only be 1" testId="threshold-unavailable">
        Add an owner first to require more confirmations.
      </EmptyState>
    );
  const build = (values: z.output<typeof schema>): BuildResult =>
    changeThresholdAction(safe, owners.length, values.threshold);
  return (
    <TxForm title="Change threshold" form={form} build={build} onReview={onReview} testId="threshold-form">
      <ThresholdSelect
        field={form.register('threshold', { valueAsNumber: true })}
        value={form.watch('threshold')}
        owners={owners.length}
        current={threshold}
        error={shownError(form, 'threshold')}
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
