import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import * as styles from './field.css';

interface FieldProps {
  label: ReactNode;
  /** Messages shown under the field, in red; the control is marked invalid while there are any. */
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  /** Shown before the value: a unit, a currency, or an icon. */
  prefix?: ReactNode;
}

function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/** A field's label, hint and error list around a control (shared with the searchable select). */
export function FieldFrame({
  label,
  errors,
  hint,
  prefix,
  required,
  disabled,
  ids,
  children,
}: FieldProps & {
  required?: boolean;
  disabled?: boolean;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div className={styles.field}>
      <label htmlFor={ids.controlId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {hint && (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <div className={styles.control} data-invalid={invalid} data-disabled={disabled}>
        {prefix && <span className={styles.prefix}>{prefix}</span>}
        {children}
      </div>
      {invalid && (
        <ul id={ids.errorId} className={styles.error}>
          {errors?.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The ids and ARIA wiring every field control shares: its label, hint and errors point at it. */
export function useControl({
  id,
  hint,
  errors,
  required,
  disabled,
}: {
  id?: string;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const ids = useFieldIds(id);
  const invalid = Boolean(errors?.length);
  const describedBy =
    [hint ? ids.hintId : null, invalid ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
  return {
    ids,
    control: {
      id: ids.controlId,
      required,
      disabled,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy,
    },
  };
}

export type TextInputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'>;

/** The shared text input (spec section 5): label, error under the field, required, disabled, max for dates, prefix or icon. */
export function TextInput({ label, errors, hint, prefix, id, required, disabled, ...input }: TextInputProps) {
  const { ids, control } = useControl({ id, hint, errors, required, disabled });
  return (
    <FieldFrame {...{ label, errors, hint, prefix, required, disabled, ids }}>
      <input className={styles.input} {...control} {...input} />
    </FieldFrame>
  );
}

export type SelectProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'prefix'>;

export function Select({
  label,
  errors,
  hint,
  prefix,
  id,
  required,
  disabled,
  children,
  ...select
}: SelectProps) {
  const { ids, control } = useControl({ id, hint, errors, required, disabled });
  return (
    <FieldFrame {...{ label, errors, hint, prefix, required, disabled, ids }}>
      <select className={styles.select} {...control} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export type TextAreaProps = FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({
  label,
  errors,
  hint,
  prefix,
  id,
  required,
  disabled,
  rows = 4,
  ...textarea
}: TextAreaProps) {
  const { ids, control } = useControl({ id, hint, errors, required, disabled });
  return (
    <FieldFrame {...{ label, errors, hint, prefix, required, disabled, ids }}>
      <textarea className={styles.textarea} rows={rows} {...control} {...textarea} />
    </FieldFrame>
  );
}
