import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import * as styles from './checkbox.css';
import { error as errorStyle } from './field.css';
import { visuallyHidden } from './visually-hidden.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** Keeps the label for screen readers only (a table's row checkboxes). */
  hideLabel?: boolean;
  /** Shown under the label and read after it. */
  description?: ReactNode;
  /** "Some but not all": the mixed state of a select-all checkbox. */
  indeterminate?: boolean;
  /** Messages shown under it, in red, as under a field; the checkbox is marked invalid while there are any. */
  errors?: readonly string[] | undefined;
};

/** A native checkbox with its label; the whole label is the click target. */
export function Checkbox({
  label,
  hideLabel = false,
  description,
  indeterminate = false,
  errors,
  className,
  id,
  ...input
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const generated = useId();
  const descriptionId = `${id ?? generated}-description`;
  const errorId = `${id ?? generated}-error`;
  const invalid = Boolean(errors?.length);
  const describedBy =
    [description ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  // The messages follow as a sibling, so the label (and the box's state) stays where it was.
  return (
    <>
      <label className={[styles.checkbox, className].filter(Boolean).join(' ')}>
        <input
          ref={ref}
          type="checkbox"
          id={id}
          className={styles.input}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
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
      {invalid && (
        <ul id={errorId} className={errorStyle}>
          {errors?.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </>
  );
}
