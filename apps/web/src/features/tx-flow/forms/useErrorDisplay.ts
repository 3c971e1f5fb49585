import { useCallback, useMemo, useState } from 'react';

/**
 * When a form shows its errors: a field's once the user has left it, every field's once they try
 * to go on, and from then on as they type (the checks run on every render; only their display
 * waits, so nobody is told off for an address they have not finished typing).
 */
export type ErrorDisplay = {
  /** The error to show for `field` now; `live` shows it while the user types (amounts, pasted JSON). */
  error: (field: string, error: string | undefined, live?: boolean) => string | undefined;
  /** For the control's onBlur: the user has left the field. */
  touch: (field: string) => void;
  /** The user tried to go on: every error shows. */
  reveal: () => void;
};

export function useErrorDisplay(): ErrorDisplay {
  const [revealed, setRevealed] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = useCallback(
    (field: string) =>
      setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field))),
    [],
  );
  const reveal = useCallback(() => setRevealed(true), []);
  return useMemo(
    () => ({
      error: (field, error, live = false) => (revealed || live || touched.has(field) ? error : undefined),
      touch,
      reveal,
    }),
    [revealed, touched, touch, reveal],
  );
}
