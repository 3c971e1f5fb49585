import { Badge, CloseIcon, IconButton, TextField } from '../../ui';
import { NAME_MAX, type OwnerDraft } from './newSafeForm';
import styles from './NewSafePage.module.css';

/** One owner's row: name, address (checksummed when left) and a remove button. */
export function OwnerRow({
  owner,
  index,
  focusKey,
  isYou,
  errors,
  removable,
  onChange,
  onNameBlur,
  onAddressBlur,
  onRemove,
}: {
  owner: OwnerDraft;
  index: number;
  /** Marks each field (`data-focus-key`) so the page can move the focus to it. */
  focusKey: (part: 'name' | 'address') => string;
  isYou: boolean;
  errors: { name: string | undefined; address: string | undefined };
  removable: boolean;
  onChange: (patch: Partial<OwnerDraft>) => void;
  onNameBlur: () => void;
  onAddressBlur: () => void;
  onRemove: () => void;
}) {
  const label = `Owner ${index + 1}`;
  return (
    <li className={styles.owner} data-testid="new-safe-owner">
      <div className={styles.ownerHeader}>
        <span className={styles.label}>{label}</span>
        {isYou && <Badge tone="accent">You</Badge>}
      </div>
      <div className={styles.ownerFields}>
        <TextField
          data-focus-key={focusKey('name')}
          label={
            <>
              Name<span className="visually-hidden"> of {label.toLowerCase()}</span>
            </>
          }
          error={errors.name}
          value={owner.name}
          onChange={(event) => onChange({ name: event.target.value })}
          onBlur={onNameBlur}
          maxLength={NAME_MAX * 2}
          spellCheck
          testId="new-safe-owner-name"
        />
        <TextField
          data-focus-key={focusKey('address')}
          label={
            <>
              Address<span className="visually-hidden"> of {label.toLowerCase()}</span>
            </>
          }
          error={errors.address}
          mono
          value={owner.address}
          onChange={(event) => onChange({ address: event.target.value })}
          onBlur={onAddressBlur}
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
