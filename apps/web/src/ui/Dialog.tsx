import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { IconButton } from './Button';
import { CloseIcon } from './icons';
import styles from './Dialog.module.css';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it, and
 * focus returns to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  testId,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The native close event arrives a task after close(), possibly once this dialog is gone and
  // another has opened in its place: only a close the browser made on its own is reported.
  const meantOpen = useRef(open);
  // Before the browser paints: a closed <dialog> shows nothing, so its content must not wait a frame.
  useLayoutEffect(() => {
    meantOpen.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(
    () => () => {
      meantOpen.current = false;
    },
    [],
  );

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      onClose={() => {
        if (meantOpen.current) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
      data-testid={testId}
    >
      {open && (
        <div className={styles.box}>
          <header className={styles.header}>
            <h2 id={titleId}>{title}</h2>
            <IconButton label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </header>
          <div className={styles.body}>{children}</div>
          {footer !== undefined && <footer className={styles.footer}>{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
