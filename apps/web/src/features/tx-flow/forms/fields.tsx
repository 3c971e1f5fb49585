import type { ReactNode } from 'react';
import type { Address as AddressValue } from 'viem';
import { Address, SelectField, TextField, shortenAddress, useAddressName } from '../../../ui';
import type { Checked } from './checks';
import type { ErrorDisplay } from './useErrorDisplay';

/**
 * An address typed or pasted by the user. Once it reads, the hint shows it checksummed with its
 * identicon and any address-book name, so the user can see it is the one they meant.
 */
export function AddressField({
  name,
  label,
  value,
  onChange,
  checked,
  display,
  hint = 'Any letter case; an address in mixed case must have a valid checksum.',
  testId,
}: {
  /** The field's name for the error display. */
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  checked: Checked<AddressValue>;
  display: ErrorDisplay;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <TextField
      label={label}
      mono
      value={value}
      placeholder="0x…"
      inputMode="text"
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => display.touch(name)}
      error={display.error(name, checked.ok ? undefined : checked.error)}
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
  value,
  onChange,
  error,
  testId,
}: {
  label: ReactNode;
  options: readonly { value: string; name?: string | null }[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
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
  value,
  onChange,
  owners,
  current,
  error,
  testId = 'threshold-select',
}: {
  value: number;
  onChange: (value: number) => void;
  owners: number;
  /** The threshold now, marked in the list. */
  current: number;
  error?: string;
  testId?: string;
}) {
  return (
    <SelectField
      label="Confirmations needed (threshold)"
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
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
