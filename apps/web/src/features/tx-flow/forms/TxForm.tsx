import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { err, ok, type Result } from '../../../lib/result';
import { Alert, Button, ButtonLink } from '../../../ui';
import { quietlyParsed } from '../../../ui/schemaForm';
import { useSafe } from '../../safe';
import { addToBatch, useBatch } from '../batch';
import type { TxAction, TxDraft } from '../draft';
import { useReviewPrefetch } from '../review';
import styles from './Forms.module.css';

/**
 * What a form's fields make of the user's input: one call, several made together in order (one
 * batch), or (with the fields' errors) nothing.
 */
export type BuildResult = Result<TxAction | TxAction[], string | undefined>;

export const built = (action: TxAction | TxAction[]): BuildResult => ok(action);
/** `error`: a problem of the whole form rather than of one field (those show by their fields). */
export const notBuilt = (error?: string): BuildResult => err(error);

const actionsOf = (built: TxAction | TxAction[]): TxAction[] => (Array.isArray(built) ? built : [built]);

/**
 * The frame every transaction form shares: the fields of `form` (see `useSchemaForm`), then
 * Continue (to the review) and Add to batch. Both check the whole form first; when something is
 * wrong every error shows and the first invalid field takes the focus. `build` makes the call of
 * the schema's values, or says what is wrong with the whole.
 */
export function TxForm<Values extends FieldValues, Output extends FieldValues>({
  title,
  form,
  build,
  onReview,
  children,
  testId,
  batchable = true,
}: {
  /** The review's title ("Send tokens"). */
  title: string;
  /** False for a delegatecall, which MultiSendCallOnly cannot make: no Add to batch. */
  batchable?: boolean;
  form: UseFormReturn<Values, unknown, Output>;
  build: (values: Output) => BuildResult;
  onReview: (draft: TxDraft) => void;
  children: ReactNode;
  testId: string;
}) {
  const { chain, address } = useSafe();
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // A refused submit moves the focus once its errors are on screen.
  const focusPending = useRef(false);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const focusFirstError = () => {
    focusPending.current = true;
    rerender();
  };
  const [formError, setFormError] = useState<string | undefined>();
  const [added, setAdded] = useState<{ count: number; stored: boolean } | undefined>();

  // After every render until the errors are on screen: the form's verdicts and this request may
  // come in separate renders, and the field to focus is the first one marked invalid.
  useEffect(() => {
    if (!focusPending.current) return;
    const target =
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? errorRef.current ?? undefined;
    if (target === undefined) return;
    focusPending.current = false;
    target.focus();
  });

  const attempt = (then: (actions: TxAction[]) => void) => {
    setAdded(undefined);
    return form.handleSubmit(
      (values) => {
        const result = build(values);
        setFormError(result.ok ? undefined : result.error);
        if (result.ok) then(actionsOf(result.value));
        else focusFirstError();
      },
      () => {
        setFormError(undefined);
        focusFirstError();
      },
    );
  };

  // Continue about to be pressed: what the review waits on is asked for now, without a word on the
  // fields (their errors show as before, on leaving them or on submit).
  const prefetchReview = useReviewPrefetch();
  const prepareReview = () => {
    const values = quietlyParsed(form);
    const result = values === undefined ? undefined : build(values);
    if (result?.ok) prefetchReview(actionsOf(result.value));
  };

  const submit = (event: FormEvent) => {
    void attempt((actions) => onReview({ title, actions }))(event);
  };

  const addToTheBatch = () => {
    void attempt((actions) => {
      let last: { count: number; stored: boolean } | undefined;
      for (const action of actions) last = addToBatch(chain.chainId, address, action);
      setAdded(last);
    })();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate data-testid={testId}>
      {children}
      {formError !== undefined && (
        <div ref={errorRef} tabIndex={-1} className={styles.formError}>
          <Alert tone="danger" testId="form-error">
            {formError}
          </Alert>
        </div>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          data-testid="form-continue"
          onPointerEnter={prepareReview}
          onFocus={prepareReview}
        >
          Continue
        </Button>
        {batchable && (
          <Button onClick={addToTheBatch} data-testid="form-add-to-batch">
            Add to batch
          </Button>
        )}
      </div>
      <BatchStatus added={added} />
    </form>
  );
}

/** What is in the batch: said after adding to it, and otherwise as a quiet line with a link. */
function BatchStatus({ added }: { added: { count: number; stored: boolean } | undefined }) {
  const { chain, address, paths } = useSafe();
  const count = useBatch(chain.chainId, address).length;
  const batchPath = paths.newTransactionOf('batch');
  const holds = `${count} ${count === 1 ? 'transaction' : 'transactions'}`;
  if (added !== undefined) {
    return (
      <Alert
        tone={added.stored ? 'ok' : 'warn'}
        role="status"
        testId="batch-added"
        title={`Added to the batch, which now holds ${holds}.`}
        actions={
          <ButtonLink to={batchPath} size="sm">
            Open the batch
          </ButtonLink>
        }
      >
        {added.stored
          ? 'Change the form to add another, or open the batch to sign them all at once.'
          : 'This browser did not save it (storage is full or disabled): the batch lasts until this tab closes.'}
      </Alert>
    );
  }
  if (count === 0) return null;
  return (
    <p className={styles.batchLine} data-testid="batch-line">
      The batch holds {holds}. <Link to={batchPath}>Open the batch</Link>
    </p>
  );
}
