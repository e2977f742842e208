import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { type ButtonVariants, button, spinner } from './button.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & {
    /** Shows a spinner, marks the button busy and stops further clicks. */
    loading?: boolean;
    icon?: ReactNode;
  };

export function Button({
  variant,
  size,
  loading = false,
  icon,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
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
}

export function Spinner({ label }: { label: string }) {
  return <span className={spinner} role="status" aria-label={label} />;
}
