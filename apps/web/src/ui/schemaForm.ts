import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * The one form model: react-hook-form over a zod/mini schema. Forms load with their views, never
 * on the first screen, so only their chunks carry react-hook-form (keep this module out of
 * `ui/index.ts`).
 *
 * When errors show: a field's once the user has left it, every field's once they submit, and from
 * then on as they type. So nobody is told off for a field they have not reached (pasting into one
 * field says nothing about the others), and a fix clears its error at once. On a refused submit the
 * first invalid field takes the focus.
 */
export function useSchemaForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
}

/** The message a field shows now (see `useSchemaForm` for when). */
export function shownError<Values extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Values, unknown, Output>,
  name: FieldPath<Values>,
): string | undefined {
  // Some validations run for more than the field at hand (a field array's after adding a row):
  // their verdicts on fields not yet reached wait, like every other.
  const { error, isTouched } = form.getFieldState(name, form.formState);
  return isTouched || form.formState.isSubmitted ? error?.message : undefined;
}
