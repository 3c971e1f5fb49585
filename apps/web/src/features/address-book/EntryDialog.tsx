import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import * as z from 'zod/mini';
import { checkedText } from '../../lib/formSchema';
import type { AbiFunction } from 'viem';
import { Address, Button, Dialog, TextAreaField } from '../../ui';
import { shownError, useSchemaForm } from '../../ui/schemaForm';
import { useSafe } from '../safe';
import { abiText, readAbiText } from './abiStore';
import { useAddressCaution } from './addressCaution';
import { checkName, checkTypedAddress } from './entryRules';
import { MAX_NAME_LENGTH, type AddressBookEntry } from './store';
import styles from './EntryDialog.module.css';

/** What the dialog is for: a new entry (maybe for a given address) or another name for one. */
export type EntryEditor =
  | { mode: 'add'; address?: string; suggestedName?: string }
  | { mode: 'edit'; entry: AddressBookEntry; focus?: 'abi' };

type Props = {
  open: boolean;
  editor: EntryEditor;
  /** The chain a new entry goes to (the entry's own chain when editing). */
  chain: { chainId: string; chainName: string; shortName: string };
  /** The names already on that chain, by checksummed address. */
  names: Readonly<Record<string, string>>;
  /** The ABIs kept on that chain, by checksummed address. */
  abis: Readonly<Record<string, readonly AbiFunction[]>>;
  explorerUrl: (address: string) => string | null;
  /**
   * `abi`: the functions to keep for the address, none (undefined) to keep none, or `'unchanged'`
   * when a new entry's field was left empty for an address that has one already.
   */
  onSave: (
    entry: AddressBookEntry,
    previousName: string | undefined,
    abi: readonly AbiFunction[] | undefined | 'unchanged',
  ) => void;
  onClose: () => void;
};

const entrySchema = (shortName: string) =>
  z.object({
    address: checkedText((input) => checkTypedAddress(input, shortName)),
    name: checkedText(checkName),
    abi: checkedText(readAbiText),
  });

/**
 * Adds an entry or edits one: its name, and the contract ABI kept to decode calls to it. Each error
 * is tied to its field and shows as the form model says (`useSchemaForm`). An address that already
 * has a name says so, and saving renames it.
 */
export function EntryDialog({ open, editor, chain, names, abis, explorerUrl, onSave, onClose }: Props) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const addressId = useId();
  const nameId = useId();
  const editing = editor.mode === 'edit' ? editor.entry : undefined;
  const prefilled = editor.mode === 'add' && editor.address !== undefined;
  const schema = useMemo(() => entrySchema(chain.shortName), [chain.shortName]);
  // Editing, the address is the entry's own (checksummed, so its rule holds) and is not a field.
  const form = useSchemaForm(schema, {
    address: editing?.address ?? (editor.mode === 'add' ? (editor.address ?? '') : ''),
    name: editing?.name ?? (editor.mode === 'add' ? (editor.suggestedName ?? '') : ''),
    abi: abiText(editing ? abis[editing.address] : undefined),
  });
  // The field to fill first takes the focus once the dialog is open: this layout effect runs after
  // the Dialog's own, which opens it (autoFocus would run before, on a dialog not yet shown), in the
  // task that opened it. Not a passive effect nor react-hook-form's setFocus: both wait (a frame, a
  // timer), and keys typed meanwhile went to the page, not the field ("Carol" saved as "rol").
  const focusName = editing !== undefined || prefilled;
  const focusAbi = editor.mode === 'edit' && editor.focus === 'abi';
  useLayoutEffect(() => {
    const field = focusAbi ? 'abi' : focusName ? 'name' : 'address';
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
    // Only when the dialog opens: later renders must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [address, name, abiInput] = form.watch(['address', 'name', 'abi']);
  const checkedAddress = checkTypedAddress(address, chain.shortName);
  const existingName = checkedAddress.ok ? names[checkedAddress.value] : undefined;
  const existingAbi = !editing && checkedAddress.ok ? abis[checkedAddress.value] : undefined;
  // What the address is compared with (the Safe, its owners, its history) is of the Safe's chain.
  const cautionOf = useAddressCaution();
  const safeChain = useSafe().chain.chainId;
  const lookalike =
    !editing && checkedAddress.ok && chain.chainId === safeChain
      ? cautionOf(checkedAddress.value).warning
      : undefined;
  const addressError = shownError(form, 'address');
  const nameError = shownError(form, 'name');
  // An ABI is read as it is pasted: there is no half-typed state to spare the user.
  const abi = readAbiText(abiInput);
  const abiError = shownError(form, 'abi') ?? (abi.ok ? undefined : abi.error);

  const submit = form.handleSubmit(({ abi: functions, ...entry }) =>
    onSave(
      { ...entry, chainId: chain.chainId },
      existingName ?? editing?.name,
      functions === undefined && existingAbi !== undefined ? 'unchanged' : functions,
    ),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit entry' : 'Add entry'}
      testId="entry-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} data-testid="entry-save">
            {editing ? 'Save' : existingName !== undefined ? 'Rename' : 'Add entry'}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.intro}>
          On <strong>{chain.chainName}</strong>. Names are kept in this browser only and show wherever the
          address appears.
        </p>
        {editing ? (
          <div className={styles.field}>
            <span className={styles.label}>Address</span>
            <Address address={editing.address} full copy explorerUrl={explorerUrl(editing.address)} />
          </div>
        ) : (
          <div className={styles.field}>
            <label htmlFor={addressId} className={styles.label}>
              Address
            </label>
            <input
              {...form.register('address')}
              id={addressId}
              className={styles.addressInput}
              placeholder="0x…"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={addressError !== undefined}
              aria-describedby={
                lookalike === undefined ? `${addressId}-message` : `${addressId}-message ${addressId}-warning`
              }
              data-testid="entry-address"
            />
            <p
              id={`${addressId}-message`}
              className={addressError ? styles.error : styles.hint}
              aria-live="polite"
            >
              {addressError ??
                (existingName !== undefined ? (
                  <span data-testid="entry-existing">
                    Already in your address book as “<bdi className={styles.quoted}>{existingName}</bdi>”.
                    Saving renames it.
                  </span>
                ) : (
                  'Any letter case; it is saved checksummed.'
                ))}
            </p>
            {lookalike !== undefined && (
              <p id={`${addressId}-warning`} className={styles.warning} data-testid="entry-lookalike">
                {lookalike}
              </p>
            )}
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor={nameId} className={styles.label}>
            Name
          </label>
          <input
            {...form.register('name')}
            id={nameId}
            maxLength={MAX_NAME_LENGTH * 2}
            autoComplete="off"
            aria-invalid={nameError !== undefined}
            aria-describedby={`${nameId}-message`}
            data-testid="entry-name"
          />
          <p id={`${nameId}-message`} className={nameError ? styles.error : styles.hint}>
            {nameError ?? `1 to ${MAX_NAME_LENGTH} characters (${name.trim().length} now).`}
          </p>
        </div>
        <TextAreaField
          label="Contract ABI (optional)"
          mono
          rows={4}
          {...form.register('abi')}
          placeholder='[{"type":"function","name":"deposit", …}]'
          error={abiError}
          hint={
            abi.ok && abi.value
              ? `${abi.value.length} ${abi.value.length === 1 ? 'function' : 'functions'}: calls to this contract are decoded with them before you sign.`
              : existingAbi
                ? `Its ABI of ${existingAbi.length} ${existingAbi.length === 1 ? 'function' : 'functions'} stays as it is unless you paste another.`
                : 'The JSON ABI from the contract’s verified source: calls to it are then decoded in the review and on queued transactions.'
          }
          testId="entry-abi"
        />
      </form>
    </Dialog>
  );
}
