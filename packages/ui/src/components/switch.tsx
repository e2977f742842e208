import { Check } from 'lucide-react';
import { type ButtonHTMLAttributes, type ReactNode, useId } from 'react';
import * as styles from './switch.css';
import { visuallyHidden } from './visually-hidden.css';

export type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'children'> & {
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** Keeps the label for screen readers only (a switch in a table row named by the row). */
  hideLabel?: boolean;
  /** Shown under the label and read after it. */
  description?: ReactNode;
};

/**
 * An on/off control that takes effect at once (a `role="switch"` button with its label). The
 * state shows by the thumb's side and a check mark when on, never by colour alone.
 */
export function Switch({
  label,
  checked,
  onCheckedChange,
  hideLabel = false,
  description,
  id,
  className,
  ...button
}: SwitchProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const descriptionId = `${controlId}-description`;
  return (
    <span className={[styles.root, className].filter(Boolean).join(' ')}>
      <button
        type="button"
        role="switch"
        id={controlId}
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.track}
        onClick={() => onCheckedChange(!checked)}
        {...button}
      >
        <span className={styles.thumb}>
          {checked && <Check size={12} strokeWidth={3} aria-hidden="true" />}
        </span>
      </button>
      <span className={hideLabel ? visuallyHidden : styles.text}>
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
        {description && (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        )}
      </span>
    </span>
  );
}
