import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import * as styles from './checkbox.css';
import { visuallyHidden } from './visually-hidden.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** Keeps the label for screen readers only (a table's row checkboxes). */
  hideLabel?: boolean;
  /** Shown under the label and read after it. */
  description?: ReactNode;
  /** "Some but not all": the mixed state of a select-all checkbox. */
  indeterminate?: boolean;
};

/** A native checkbox with its label; the whole label is the click target. */
export function Checkbox({
  label,
  hideLabel = false,
  description,
  indeterminate = false,
  className,
  id,
  ...input
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const generated = useId();
  const descriptionId = `${id ?? generated}-description`;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <input
        ref={ref}
        type="checkbox"
        id={id}
        className={styles.input}
        aria-describedby={description ? descriptionId : undefined}
        {...input}
      />
      <span className={hideLabel ? visuallyHidden : styles.text}>
        {label}
        {description && (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
