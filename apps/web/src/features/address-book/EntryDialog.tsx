import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Address, Button, Dialog } from '../../ui';
import { checkName, checkTypedAddress } from './entryRules';
import { MAX_NAME_LENGTH, type AddressBookEntry } from './store';
import styles from './EntryDialog.module.css';

/** What the dialog is for: a new entry (maybe for a given address) or another name for one. */
export type EntryEditor =
  { mode: 'add'; address?: string; suggestedName?: string } | { mode: 'edit'; entry: AddressBookEntry };

type Props = {
  open: boolean;
  editor: EntryEditor;
  /** The chain a new entry goes to (the entry's own chain when editing). */
  chain: { chainId: string; chainName: string; shortName: string };
  /** The names already on that chain, by checksummed address. */
  names: Readonly<Record<string, string>>;
  explorerUrl: (address: string) => string | null;
  onSave: (entry: AddressBookEntry, previousName: string | undefined) => void;
  onClose: () => void;
};

/**
 * Adds an entry or renames one. Fields are checked when the user saves, then as they type; each
 * error is tied to its field. An address that already has a name says so, and saving renames it.
 */
export function EntryDialog({ open, editor, chain, names, explorerUrl, onSave, onClose }: Props) {
  const formId = useId();
  const addressId = useId();
  const nameId = useId();
  const addressRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const editing = editor.mode === 'edit' ? editor.entry : undefined;
  const prefilled = editor.mode === 'add' && editor.address !== undefined;
  const [address, setAddress] = useState(editor.mode === 'add' ? (editor.address ?? '') : '');
  const [name, setName] = useState(
    editing?.name ?? (editor.mode === 'add' ? (editor.suggestedName ?? '') : ''),
  );
  const [submitted, setSubmitted] = useState(false);
  // The field to fill first takes the focus once the dialog is open (this effect runs after the
  // Dialog's own, which opens it; autoFocus would run before, on a dialog not yet shown).
  const focusName = editing !== undefined || prefilled;
  useEffect(() => {
    (focusName ? nameRef : addressRef).current?.focus();
    // Only when the dialog opens: later renders must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const checkedAddress = editing
    ? ({ ok: true, value: editing.address } as const)
    : checkTypedAddress(address, chain.shortName);
  const checkedName = checkName(name);
  const existingName = checkedAddress.ok ? names[checkedAddress.value] : undefined;
  const addressError = submitted && !checkedAddress.ok ? checkedAddress.error : undefined;
  const nameError = submitted && !checkedName.ok ? checkedName.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checkedAddress.ok) {
      addressRef.current?.focus();
      return;
    }
    if (!checkedName.ok) {
      nameRef.current?.focus();
      return;
    }
    onSave(
      { address: checkedAddress.value, name: checkedName.value, chainId: chain.chainId },
      existingName ?? editing?.name,
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Rename entry' : 'Add entry'}
      testId="entry-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} data-testid="entry-save">
            {editing ? 'Save name' : existingName !== undefined ? 'Rename' : 'Add entry'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
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
              ref={addressRef}
              id={addressId}
              className={styles.addressInput}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder="0x…"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={addressError !== undefined}
              aria-describedby={`${addressId}-message`}
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
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor={nameId} className={styles.label}>
            Name
          </label>
          <input
            ref={nameRef}
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
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
      </form>
    </Dialog>
  );
}
