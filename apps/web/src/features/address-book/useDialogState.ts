import { useCallback, useState } from 'react';

/**
 * What a dialog shows, and whether it is open. Closing keeps the value (and the dialog mounted) so
 * the native <dialog> is closed rather than removed: the browser then gives the focus back to what
 * opened it. Each `show` gets a new key, so the dialog's own state starts afresh.
 */
export function useDialogState<T>() {
  const [state, setState] = useState<{ key: number; value: T; open: boolean } | null>(null);
  const show = useCallback(
    (value: T) => setState((previous) => ({ key: (previous?.key ?? 0) + 1, value, open: true })),
    [],
  );
  const close = useCallback(
    () => setState((previous) => (previous === null ? null : { ...previous, open: false })),
    [],
  );
  return { current: state, show, close };
}
