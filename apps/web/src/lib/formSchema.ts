import * as z from 'zod/mini';
import type { Result } from './result';

/**
 * A field read by a rule written as a plain function (tested on its own): the schema's output is
 * the rule's value, and the rule's error is the field's message, word for word.
 */
export function checkedField<Input extends z.ZodMiniType, T>(
  input: Input,
  check: (input: z.output<Input>) => Result<T>,
) {
  return z.pipe(
    input,
    z.transform((value: z.output<Input>, context): T => {
      const checked = check(value);
      if (checked.ok) return checked.value;
      context.issues.push({ code: 'custom', message: checked.error, input: value });
      return z.NEVER;
    }),
  );
}

/** A text field read by a rule (see `checkedField`). */
export function checkedText<T>(check: (input: string) => Result<T>) {
  return checkedField(z.string(), check);
}
