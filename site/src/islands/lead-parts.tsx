import { Trans } from '@lingui/react/macro';
import { HONEYPOT_FIELD } from '@tidewatch/contract/site-form-fields';
import { FormAlert, fieldProps, TextArea, TextInput } from '@tidewatch/ui';
import { type FormHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import * as styles from './forms.css';
import { SubmitButton } from './submit-button';

type Field = Parameters<typeof fieldProps>[0];

/**
 * A field for bots, which fill in every input: off-screen rather than `display: none` (which
 * bots skip), out of the tab order and hidden from assistive technology, so people never meet it.
 */
export function Honeypot() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        <Trans>Leave this field empty</Trans>
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * A lead form (contact, solutions brief, reseller, careers): the form's own fields between its
 * error summary and, last, the bots' field and the submit button.
 */
export function LeadForm({
  form,
  pending,
  submitLabel,
  postsWithoutScript,
  children,
  ...attributes
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'id' | 'onSubmit'> & {
  form: { id: string; onSubmit: FormHTMLAttributes<HTMLFormElement>['onSubmit']; errors?: string[] };
  pending: boolean;
  submitLabel: ReactNode;
  postsWithoutScript?: boolean;
}) {
  return (
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className={styles.form}
      method="post"
      {...attributes}
    >
      <FormAlert errors={form.errors} />
      {children}
      <Honeypot />
      <SubmitButton loading={pending} postsWithoutScript={postsWithoutScript}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** Who is writing: name and email side by side, as every lead form asks. */
export function NameAndEmail({
  name,
  email,
  nameLabel = <Trans>Name</Trans>,
  emailLabel = <Trans>Email</Trans>,
}: {
  name: Field;
  email: Field;
  nameLabel?: ReactNode;
  emailLabel?: ReactNode;
}) {
  return (
    <div className={styles.pair}>
      <TextInput label={nameLabel} {...fieldProps(name)} autoComplete="name" maxLength={200} required />
      <TextInput label={emailLabel} type="email" {...fieldProps(email)} autoComplete="email" required />
    </div>
  );
}

/** A lead's free text, up to the 5000 characters the server keeps. */
export function LeadMessage({
  field,
  label,
  hint,
  rows,
  required,
}: {
  field: Field;
  label: ReactNode;
  hint: ReactNode;
  rows: number;
  required?: boolean;
}) {
  return (
    <TextArea
      label={label}
      hint={hint}
      {...fieldProps(field)}
      rows={rows}
      maxLength={5000}
      required={required}
    />
  );
}

/** What replaces a sent form; it takes the focus the vanished submit button had. */
export function SentNotice({ title, children }: { title: ReactNode; children: ReactNode }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div ref={notice} className={styles.notice} role="status" tabIndex={-1}>
      <span className={styles.noticeTitle}>{title}</span>
      {children}
    </div>
  );
}
