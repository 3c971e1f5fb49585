import { useId } from 'react';
import { IconButton } from './Button';
import { CloseIcon, SearchIcon } from './icons';
import styles from './SearchField.module.css';

/**
 * A search box that filters what is on screen as the user types: labelled (the label is for screen
 * readers; the placeholder says what it searches), with a button and Escape to clear it.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon className={styles.icon} />
      <input
        id={id}
        type="search"
        className={styles.input}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            event.preventDefault();
            onChange('');
          }
        }}
        data-testid={testId}
      />
      {value !== '' && (
        <IconButton label="Clear search" className={styles.clear} onClick={() => onChange('')}>
          <CloseIcon />
        </IconButton>
      )}
    </div>
  );
}
