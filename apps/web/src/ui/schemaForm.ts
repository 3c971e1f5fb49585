import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/mini';

/** Each form's schema, by its control (which lives as long as the form). */
const schemas = new WeakMap<object, z.ZodMiniType>();

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
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  schemas.set(form.control, schema);
  return form;
}

/**
 * The form's values as its schema makes them, or undefined while any is wrong (or the schema checks
 * asynchronously): read without showing or changing any field's error, to prepare what a submit
 * would need before the user submits.
 */
export function quietlyParsed<Values extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Values, unknown, Output>,
): Output | undefined {
  const schema = schemas.get(form.control);
  if (schema === undefined) return undefined;
  try {
    const result = schema.safeParse(form.getValues());
    return result.success ? (result.data as Output) : undefined;
  } catch {
    return undefined;
  }
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
