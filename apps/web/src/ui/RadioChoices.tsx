import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './RadioChoices.module.css';

export type RadioChoice<V extends string> = { value: V; label: ReactNode; testId?: string };

/**
 * A question answered by one of a few radio buttons, each a bordered card that shows when it is
 * chosen: a row that wraps on a phone, or a stack for long labels. Each input takes its props from
 * the caller (a form library's registration, or a value and onChange).
 */
export function RadioChoices<V extends string>({
  legend,
  choices,
  inputProps,
  layout = 'row',
}: {
  legend: ReactNode;
  choices: readonly RadioChoice<V>[];
  inputProps: (value: V) => InputHTMLAttributes<HTMLInputElement>;
  layout?: 'row' | 'stack';
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={layout === 'row' ? styles.row : styles.stack}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              {...inputProps(choice.value)}
              value={choice.value}
              data-testid={choice.testId}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
