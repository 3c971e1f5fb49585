import * as z from 'zod/mini';
import { parseAddressInput, type AddressInputOptions } from './address';
import type { Result } from './result';

/**
 * A text field read by a rule written as a plain function (tested on its own): the schema's output
 * is the rule's value, and the rule's error is the field's message, word for word.
 */
export function checkedText<T>(check: (input: string) => Result<T>) {
  return z.pipe(
    z.string(),
    z.transform((input: string, context): T => {
      const checked = check(input);
      if (checked.ok) return checked.value;
      context.issues.push({ code: 'custom', message: checked.error, input });
      return z.NEVER;
    }),
  );
}

/** A text field read by a rule (see `checkedField`). */
export function checkedText<T>(check: (input: string) => Checked<T>) {
  return checkedField(z.string(), check);
}

/** An address field: the one address-input parser, in the field's own words where it has them. */
export function addressText(options: AddressInputOptions = {}) {
  return checkedText((input) => parseAddressInput(input, options));
}
