import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ForgotPasswordBody, PASSWORD_MIN_LENGTH, SetPasswordBody } from '@tidewatch/contract';
import { ApiError, createApiClient } from '@tidewatch/contract/client';
import { activateLocaleNow } from '@tidewatch/i18n/static';
import { FormAlert, type FormErrors, fieldProps, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import * as styles from './forms.css';
import { SubmitButton } from './submit-button';
import { useSiteForm } from './use-site-form';

const api = createApiClient({ baseURL: '/api' });

/** Spec section 8: any failure reads 'Error Resetting Password'; field errors still show in place. */
function useResetErrors() {
  const { t } = useLingui();
  return (error: unknown): FormErrors => {
    if (
      error instanceof ApiError &&
      error.status === 400 &&
      error.body.fieldErrors &&
      !error.body.fieldErrors.token
    ) {
      return { fieldErrors: error.body.fieldErrors, formErrors: [] };
    }
    const detail = error instanceof ApiError ? [error.body.message] : [];
    return { formErrors: [t`Error Resetting Password`, ...detail] };
  };
}

function ForgotPasswordBodyForm() {
  const [sent, setSent] = useState(false);
  const { form, fields, pending } = useSiteForm(
    ForgotPasswordBody,
    async (value) => {
      await api.passwords.forgot({ body: value });
      setSent(true);
    },
    { id: 'forgot-password', toErrors: useResetErrors() },
  );
  if (sent) {
    return (
      <p className={styles.notice} role="status">
        <span className={styles.noticeTitle}>
          <Trans>Check your mail</Trans>
        </span>
        <Trans>Check your email for instruction</Trans>
      </p>
    );
  }
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} method="post">
      <FormAlert errors={form.errors} />
      <TextInput
        label={<Trans>Email</Trans>}
        type="email"
        {...fieldProps(fields.email)}
        autoComplete="email"
        required
      />
      <SubmitButton loading={pending}>
        <Trans>Send link</Trans>
      </SubmitButton>
    </form>
  );
}

function SetPasswordBodyForm({ loginHref }: { loginHref: string }) {
  const [done, setDone] = useState(false);
  // The token comes in the link's query; it is read in the browser, never rendered into the page.
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? ''),
  );
  const { form, fields, pending } = useSiteForm(
    SetPasswordBody,
    async (value) => {
      await api.passwords.reset({ body: value });
      setDone(true);
    },
    { id: 'set-password', toErrors: useResetErrors() },
  );
  if (done) {
    return (
      <p className={styles.notice} role="status">
        <span className={styles.noticeTitle}>
          <Trans>Password Set Successfully</Trans>
        </span>
        <a href={loginHref}>
          <Trans>Log in with your new password</Trans>
        </a>
      </p>
    );
  }
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} method="post">
      <FormAlert
        errors={form.errors ?? (fields.token.errors ? [fields.token.errors.join(' ')] : undefined)}
      />
      <input type="hidden" name={fields.token.name} value={token} />
      <TextInput
        label={<Trans>New password</Trans>}
        hint={
          <Trans>
            At least {PASSWORD_MIN_LENGTH} characters; not your email address and not a common password.
          </Trans>
        }
        type="password"
        {...fieldProps(fields.password)}
        autoComplete="new-password"
        required
      />
      <SubmitButton loading={pending}>
        <Trans>Set password</Trans>
      </SubmitButton>
    </form>
  );
}

export function ForgotPasswordForm({ locale }: { locale: 'en' | 'da' }) {
  return (
    <I18nProvider i18n={activateLocaleNow(locale)}>
      <ForgotPasswordBodyForm />
    </I18nProvider>
  );
}

export function SetPasswordForm({ locale, loginHref }: { locale: 'en' | 'da'; loginHref: string }) {
  return (
    <I18nProvider i18n={activateLocaleNow(locale)}>
      <SetPasswordBodyForm loginHref={loginHref} />
    </I18nProvider>
  );
}
