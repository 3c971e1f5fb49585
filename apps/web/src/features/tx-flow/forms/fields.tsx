import type { ReactNode } from 'react';
import type {
  FieldPathByValue,
  FieldValues,
  PathValue,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import type { Address as AddressValue } from 'viem';
import { Address, SelectField, shortenAddress, useAddressName } from '../../../ui';
// Like the form model, used by the forms' chunk only (not in ui/index.ts).
import { ComboboxField } from '../../../ui/ComboboxField';
import { shownError } from '../../../ui/schemaForm';
import { useAddressBook, useAddressCaution } from '../../address-book';
import { useSafe } from '../../safe';
import { addressSuggestions } from './addressSuggestions';
import type { Checked } from './checks';

/**
 * An address typed or pasted by the user, a field of `form`. Once it reads, the hint shows it
 * checksummed with its identicon and any address-book name, so the user can see it is the one they
 * meant; `check` (the field's own rule, as the schema applies it) also gives its warning. Typing a
 * name offers the address-book entries and the Safe's named owners that have it (those `check`
 * takes without a warning), and taking one fills in its address. An address that looks like one the
 * user knows (address book, owners, whom the Safe paid) is warned of, without blocking; a `recipient`
 * the Safe has not paid before is noted.
 */
export function AddressField<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  label,
  check,
  hint,
  recipient = false,
  testId,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPathByValue<Values, string>;
  label: ReactNode;
  check: (input: string) => Checked<AddressValue>;
  hint?: ReactNode;
  /** Where value goes: a first payment to it is noted. */
  recipient?: boolean;
  testId: string;
}) {
  const { chain, safe } = useSafe();
  const cautionOf = useAddressCaution();
  const book = useAddressBook(chain.chainId);
  const text = form.watch(name);
  const checked = check(text);
  const caution = checked.ok ? cautionOf(checked.value, { recipient }) : {};
  const namesKnown = Object.keys(book).length > 0 || safe.owners.some((owner) => owner.name);
  const suggestions = addressSuggestions({
    text,
    book,
    owners: safe.owners,
    accepts: (address) => {
      const verdict = check(address);
      return verdict.ok && verdict.warning === undefined;
    },
  });
  return (
    <ComboboxField
      label={label}
      mono
      placeholder={namesKnown ? '0x… or a name' : '0x…'}
      inputMode="text"
      {...form.register(name)}
      options={suggestions.map((suggestion) => ({
        key: suggestion.address,
        label: suggestion.name,
        detail: shortenAddress(suggestion.address),
        note: suggestion.owner ? 'Owner' : undefined,
      }))}
      listLabel="Known addresses"
      onChoose={(option) =>
        form.setValue(name, option.key as PathValue<Values, typeof name>, {
          shouldDirty: true,
          shouldTouch: true,
          shouldValidate: true,
        })
      }
      error={shownError(form, name)}
      warning={checked.ok ? (checked.warning ?? caution.warning) : undefined}
      notice={caution.notice}
      hint={
        checked.ok ? (
          <Address address={checked.value} full testId={`${testId}-preview`} />
        ) : (
          (hint ??
          (namesKnown
            ? 'An address in any letter case (mixed case must match its checksum), or a name from your address book.'
            : 'Any letter case; an address in mixed case must have a valid checksum.'))
        )
      }
      testId={testId}
    />
  );
}

/** One of the Safe's owners or modules, by name where the user or the gateway gave one. */
function AddressOption({ address, name }: { address: string; name?: string | null }) {
  const shown = useAddressName(address, name);
  return <option value={address}>{shown ? `${shown} (${shortenAddress(address)})` : address}</option>;
}

/** A choice among known addresses (owners, modules); the chosen one is shown whole below it. */
export function AddressSelect({
  label,
  options,
  field,
  value,
  error,
  testId,
}: {
  label: ReactNode;
  options: readonly { value: string; name?: string | null }[];
  /** The form's registration of the field. */
  field: UseFormRegisterReturn;
  /** Its value now. */
  value: string;
  error?: string;
  testId: string;
}) {
  return (
    <SelectField
      label={label}
      {...field}
      value={value}
      error={error}
      hint={value !== '' ? <Address address={value} full testId={`${testId}-preview`} /> : undefined}
      testId={testId}
    >
      {value === '' && <option value="">Choose…</option>}
      {options.map((option) => (
        <AddressOption key={option.value} address={option.value} name={option.name} />
      ))}
    </SelectField>
  );
}

/** How many owners must confirm: 1 to `owners`, said against the total. */
export function ThresholdSelect({
  field,
  value,
  owners,
  current,
  error,
  testId = 'threshold-select',
}: {
  /** The form's registration of the field (registered with `valueAsNumber`). */
  field: UseFormRegisterReturn;
  value: number;
  owners: number;
  /** The threshold now, marked in the list. */
  current: number;
  error?: string;
  testId?: string;
}) {
  return (
    <SelectField
      label="Confirmations needed (threshold)"
      {...field}
      value={String(value)}
      hint={`Any transaction will need ${value} of ${owners} ${owners === 1 ? 'owner' : 'owners'}.`}
      error={error}
      testId={testId}
    >
      {Array.from({ length: owners }, (_, index) => index + 1).map((count) => (
        <option key={count} value={count}>
          {count} of {owners}
          {count === current ? ' (current)' : ''}
        </option>
      ))}
    </SelectField>
  );
}
