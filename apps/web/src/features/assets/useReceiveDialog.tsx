import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';

// The QR encoder loads only when someone opens the dialog.
const ReceiveDialog = lazy(() => import('./ReceiveDialog'));

/**
 * The Receive dialog (the Safe's QR code and address to copy), for a button of the caller's: its
 * onClick is `show`, and `dialog` is rendered beside it. The button gets the focus back on close.
 */
export function useReceiveDialog() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // The dialog leaves the page as it closes, so the browser cannot return focus itself: once it is
  // gone (a modal dialog makes the rest of the page inert while it is there), the button has it.
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const show = useCallback((event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setOpen(true);
  }, []);
  const dialog = open ? (
    <Suspense fallback={null}>
      <ReceiveDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { show, dialog };
}
