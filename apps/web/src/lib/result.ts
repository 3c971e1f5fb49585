/**
 * The outcome of a step that may fail in a way its caller handles (input to check, a request the
 * user can retry): the value, or why not, worded for the user unless `E` says otherwise. Failures
 * a caller cannot handle are thrown.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
