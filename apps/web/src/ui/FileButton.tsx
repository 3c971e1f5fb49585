import { useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

/**
 * A button that opens the browser's file chooser and hands the chosen file to `onFile`. The input
 * itself is hidden and out of the tab order (the button is what is reached), and emptied after each
 * choice, so that choosing the same file again reads it again.
 */
export function FileButton({
  accept,
  onFile,
  children,
  icon,
  variant,
  size,
  testId,
  inputTestId,
  ...button
}: {
  accept: string;
  onFile: (file: File) => void;
  children: ReactNode;
  icon?: ReactNode;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  testId?: string;
  inputTestId?: string;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'title'>) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={icon}
        variant={variant}
        size={size}
        onClick={() => input.current?.click()}
        data-testid={testId}
        {...button}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
        data-testid={inputTestId}
      />
    </>
  );
}
