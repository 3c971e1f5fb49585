import type { UseFormRegisterReturn } from 'react-hook-form';
import { Badge, CloseIcon, IconButton, TextField } from '../../ui';
import { NAME_MAX } from './newSafeForm';
import styles from './NewSafePage.module.css';

/** One owner's row: name, address (checksummed when left) and a remove button. */
export function OwnerRow({
  index,
  isYou,
  name,
  address,
  errors,
  knownName,
  typedName,
  removable,
  onRemove,
}: {
  index: number;
  isYou: boolean;
  /** The form's registrations of the two fields; their names mark them for the page's focus moves. */
  name: UseFormRegisterReturn;
  address: UseFormRegisterReturn;
  errors: { name: string | undefined; address: string | undefined };
  /** The address book's name for the address, shown until another is typed. */
  knownName: string | undefined;
  /** The name typed now. */
  typedName: string;
  removable: boolean;
  onRemove: () => void;
}) {
  const label = `Owner ${index + 1}`;
  const replaces = knownName !== undefined && typedName.trim() !== '' && typedName.trim() !== knownName;
  return (
    <li className={styles.owner} data-testid="new-safe-owner">
      <div className={styles.ownerHeader}>
        <span className={styles.label}>{label}</span>
        {isYou && <Badge tone="accent">You</Badge>}
      </div>
      <div className={styles.ownerFields}>
        <TextField
          data-focus-key={name.name}
          label={
            <>
              Name<span className="visually-hidden"> of {label.toLowerCase()}</span>
            </>
          }
          error={errors.name}
          {...name}
          placeholder={knownName}
          hint={
            replaces
              ? `Creating the Safe replaces “${knownName}” in your address book.`
              : knownName !== undefined
                ? 'From your address book; type to give another.'
                : undefined
          }
          maxLength={NAME_MAX * 2}
          spellCheck
          testId="new-safe-owner-name"
        />
        <TextField
          data-focus-key={address.name}
          label={
            <>
              Address<span className="visually-hidden"> of {label.toLowerCase()}</span>
            </>
          }
          error={errors.address}
          mono
          {...address}
          placeholder="0x…"
          autoCapitalize="off"
          autoCorrect="off"
          testId="new-safe-owner-address"
        />
        <IconButton
          className={styles.remove}
          label={`Remove ${label.toLowerCase()}`}
          onClick={onRemove}
          disabled={!removable}
          data-testid="new-safe-owner-remove"
        >
          <CloseIcon />
        </IconButton>
      </div>
    </li>
  );
}
