import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Field, type FieldFrameProps } from './Field';
import fieldStyles from './Field.module.css';
import styles from './ComboboxField.module.css';

/** A suggestion: what it is called, a detail beside it (an address), a note at its end ("Owner"). */
export type ComboboxOption = { key: string; label: string; detail?: string; note?: string };

/**
 * A text field that offers suggestions for what is typed, which the user may take or ignore (the
 * ARIA combobox with a list popup, as the APG's "list autocomplete" example): typing opens the
 * list, Down and Up move through it, Enter or a click takes a suggestion, Escape closes it. The
 * caller filters `options` by the text; the focus stays in the field throughout.
 */
export function ComboboxField({
  label,
  hint,
  error,
  warning,
  notice,
  labelAction,
  testId,
  mono = false,
  ref,
  options,
  listLabel,
  onChoose,
  onChange,
  onBlur,
  onKeyDown,
  ...input
}: Omit<FieldFrameProps, 'start' | 'end'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'className'> & {
    testId?: string;
    mono?: boolean;
    ref?: Ref<HTMLInputElement>;
    options: readonly ComboboxOption[];
    /** What the list holds, for screen readers ("Known addresses"). */
    listLabel: string;
    onChoose: (option: ComboboxOption) => void;
  }) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  // The options change with the text: an index past their end points at none.
  const current = shown && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (current < 0) return;
    // Not every DOM (the tests') implements scrolling.
    list.current?.children[current]?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const choose = (option: ComboboxOption) => {
    setOpen(false);
    setActive(-1);
    onChoose(option);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        if (!shown || current < 0) setActive(down ? 0 : count - 1);
        else setActive((current + (down ? 1 : count - 1)) % count);
        return;
      }
      case 'Enter': {
        const option = options[current];
        if (option === undefined) return;
        // Takes the suggestion instead of submitting the form.
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        if (!shown) return;
        // Closes the list, not a dialog the field is in.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return (
    <Field {...{ label, hint, error, warning, notice, labelAction, testId }}>
      {(control) => (
        <div className={styles.anchor}>
          <input
            ref={ref}
            autoComplete="off"
            spellCheck={false}
            {...input}
            {...control}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            onChange={(event) => {
              onChange?.(event);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={keyDown}
            onBlur={(event: FocusEvent<HTMLInputElement>) => {
              onBlur?.(event);
              setOpen(false);
              setActive(-1);
            }}
            className={`${fieldStyles.input} ${mono ? fieldStyles.mono : ''}`}
            data-testid={testId}
          />
          <ul
            ref={list}
            id={listId}
            role="listbox"
            aria-label={listLabel}
            className={styles.list}
            hidden={!shown}
            data-testid={testId && `${testId}-suggestions`}
          >
            {shown &&
              options.map((option, index) => (
                <li
                  key={option.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  className={`${styles.option} ${index === current ? styles.active : ''}`}
                  // The field keeps the focus: a click takes the suggestion without leaving it.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  data-testid={testId && `${testId}-suggestion`}
                >
                  {/* Spaces between the parts, for the option's accessible name. */}
                  <span className={styles.label}>{option.label}</span>{' '}
                  {option.detail !== undefined && <span className={styles.detail}>{option.detail}</span>}{' '}
                  {option.note !== undefined && <span className={styles.note}>{option.note}</span>}
                </li>
              ))}
          </ul>
          <span className="visually-hidden" aria-live="polite">
            {shown ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
          </span>
        </div>
      )}
    </Field>
  );
}
