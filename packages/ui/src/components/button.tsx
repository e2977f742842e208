import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { type ButtonVariants, button, spinner } from './button.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & {
    /** Shows a spinner, marks the button busy and stops further clicks. */
    loading?: boolean;
    icon?: ReactNode;
  };

/** Forwards its ref: menus and dialogs (Radix's `asChild`) attach one to their trigger. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading = false, icon, className, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[button({ variant, size }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
});

export function Spinner({ label }: { label: string }) {
  return <span className={spinner} role="status" aria-label={label} />;
}
