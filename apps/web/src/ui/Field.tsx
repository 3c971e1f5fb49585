import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './Field.module.css';

/** What a control needs to be tied to its label and its message. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
};

export type FieldFrameProps = {
  label: ReactNode;
  /** Help under the control while there is no error. */
  hint?: ReactNode;
  /** What is wrong, in words: shown instead of the hint, and marks the control invalid. */
  error?: string;
  /** A caution that does not block (shown below the hint or the error). */
  warning?: ReactNode;
  /** Worth knowing, not a caution (shown below the warning, in the muted info tone). */
  notice?: ReactNode;
  /** Beside the label, such as a "Max" button. */
  labelAction?: ReactNode;
  /** Before the control on the same line (an icon), and after it (a unit). */
  start?: ReactNode;
  end?: ReactNode;
};

/**
 * A labelled form field: the label, the control (given its id and ARIA wiring by `children`), then
 * its error or hint. The message line always exists and is polite-live, so an error that appears
 * while the user types is read out without moving the focus.
 */
export function Field({
  label,
  hint,
  error,
  warning,
  notice,
  labelAction,
  start,
  end,
  testId,
  children,
}: FieldFrameProps & { testId?: string; children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const messageId = `${id}-message`;
  const warningId = `${id}-warning`;
  const noticeId = `${id}-notice`;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error !== undefined ? true : undefined,
    'aria-describedby': [
      messageId,
      ...(warning !== undefined ? [warningId] : []),
      ...(notice !== undefined ? [noticeId] : []),
    ].join(' '),
  };
  return (
    <div className={styles.field} data-testid={testId && `${testId}-field`}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {labelAction}
      </div>
      {start !== undefined || end !== undefined ? (
        <div className={styles.controlRow}>
          {start}
          <div className={styles.control}>{children(control)}</div>
          {end}
        </div>
      ) : (
        children(control)
      )}
      <p
        id={messageId}
        className={error !== undefined ? styles.error : styles.hint}
        aria-live="polite"
        data-testid={testId && (error !== undefined ? `${testId}-error` : `${testId}-hint`)}
      >
        {error ?? hint}
      </p>
      {warning !== undefined && (
        <p id={warningId} className={styles.warning} data-testid={testId && `${testId}-warning`}>
          {warning}
        </p>
      )}
      {notice !== undefined && (
        <p id={noticeId} className={styles.notice} data-testid={testId && `${testId}-notice`}>
          {notice}
        </p>
      )}
    </div>
  );
}

type ControlOwnProps = 'id' | 'aria-invalid' | 'aria-describedby' | 'className';

/** A labelled one-line text input. `mono` for addresses, hex and numbers people compare by eye. */
export function TextField({
  label,
  hint,
  error,
  warning,
  labelAction,
  start,
  end,
  testId,
  mono = false,
  ref,
  ...input
}: FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, ControlOwnProps> & {
    testId?: string;
    mono?: boolean;
    ref?: Ref<HTMLInputElement>;
  }) {
  return (
    <Field {...{ label, hint, error, warning, labelAction, start, end, testId }}>
      {(control) => (
        <input
          ref={ref}
          autoComplete="off"
          spellCheck={false}
          {...input}
          {...control}
          className={`${styles.input} ${mono ? styles.mono : ''}`}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

/** A labelled multi-line text input (JSON, hex data). */
export function TextAreaField({
  label,
  hint,
  error,
  warning,
  labelAction,
  testId,
  mono = false,
  ref,
  ...textarea
}: Omit<FieldFrameProps, 'start' | 'end'> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, ControlOwnProps> & {
    testId?: string;
    mono?: boolean;
    ref?: Ref<HTMLTextAreaElement>;
  }) {
  return (
    <Field {...{ label, hint, error, warning, labelAction, testId }}>
      {(control) => (
        <textarea
          ref={ref}
          autoComplete="off"
          spellCheck={false}
          rows={4}
          {...textarea}
          {...control}
          className={`${styles.input} ${styles.textarea} ${mono ? styles.mono : ''}`}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

/** A labelled native select: its options are `<option>` children (keyboard and phones for free). */
export function SelectField({
  label,
  hint,
  error,
  warning,
  labelAction,
  start,
  end,
  testId,
  ref,
  children,
  ...select
}: FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, ControlOwnProps> & {
    testId?: string;
    ref?: Ref<HTMLSelectElement>;
  }) {
  return (
    <Field {...{ label, hint, error, warning, labelAction, start, end, testId }}>
      {(control) => (
        <select ref={ref} {...select} {...control} className={styles.input} data-testid={testId}>
          {children}
        </select>
      )}
    </Field>
  );
}
