import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Common = { variant?: ButtonVariant; size?: 'sm' | 'md'; icon?: ReactNode };

export function buttonClass({ variant = 'secondary', size = 'md' }: Common, extra?: string): string {
  return [styles.button, styles[variant], size === 'sm' ? styles.sm : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & Common>(
  function Button({ variant, size, icon, className, children, type = 'button', ...props }, ref) {
    return (
      <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props}>
        {icon}
        {children}
      </button>
    );
  },
);

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, icon, className, children, ...props }: LinkProps & Common) {
  return (
    <Link className={buttonClass({ variant, size }, className)} {...props}>
      {icon}
      {children}
    </Link>
  );
}

/** A square button holding only an icon; `label` is its accessible name and tooltip. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { label: string; variant?: ButtonVariant; size?: 'sm' | 'md' }
>(function IconButton({ label, variant = 'ghost', size = 'sm', className, children, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      className={buttonClass({ variant, size }, `${styles.iconOnly} ${className ?? ''}`)}
      {...props}
    >
      {children}
    </button>
  );
});
