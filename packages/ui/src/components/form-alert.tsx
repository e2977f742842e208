import * as styles from './form-alert.css';

/** A form's own errors: the first is the title, the rest explain it. Nothing when there are none. */
export function FormAlert({ errors }: { errors: readonly string[] | undefined }) {
  const [title, ...details] = errors ?? [];
  if (!title) return null;
  return (
    <p className={styles.alert} role="alert">
      <span className={styles.title}>{title}</span>
      {details.join(' ')}
    </p>
  );
}
