import * as z from 'zod/mini';
import { parseAddressInput, type AddressInputOptions } from './address';

/** A rule's answer for one field: the value it stands for, or what is wrong in words. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * A text field read by a rule written as a plain function (tested on its own): the schema's output
 * is the rule's value, and the rule's error is the field's message, word for word.
 */
export function checkedText<T>(check: (input: string) => Checked<T>) {
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

/** An address field: the one address-input parser, in the field's own words where it has them. */
export function addressText(options: AddressInputOptions = {}) {
  return checkedText((input) => parseAddressInput(input, options));
}
