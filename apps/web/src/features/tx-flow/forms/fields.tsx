import type { ReactNode } from 'react';
import type { FieldPathByValue, FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { Address as AddressValue } from 'viem';
import { Address, SelectField, TextField, shortenAddress, useAddressName } from '../../../ui';
import { shownError } from '../../../ui/schemaForm';
import type { Checked } from './checks';

/**
 * An address typed or pasted by the user, a field of `form`. Once it reads, the hint shows it
 * checksummed with its identicon and any address-book name, so the user can see it is the one they
 * meant; `check` (the field's own rule, as the schema applies it) also gives its warning.
 */
export function AddressField<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  label,
  check,
  hint = 'Any letter case; an address in mixed case must have a valid checksum.',
  testId,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPathByValue<Values, string>;
  label: ReactNode;
  check: (input: string) => Checked<AddressValue>;
  hint?: ReactNode;
  testId: string;
}) {
  const checked = check(form.watch(name));
  return (
    <TextField
      label={label}
      mono
      placeholder="0x…"
      inputMode="text"
      {...form.register(name)}
      error={shownError(form, name)}
      warning={checked.ok ? checked.warning : undefined}
      hint={checked.ok ? <Address address={checked.value} full testId={`${testId}-preview`} /> : hint}
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
