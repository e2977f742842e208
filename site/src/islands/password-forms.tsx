import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '@tidewatch/contract/api-error';
import { PASSWORD_MIN_LENGTH } from '@tidewatch/contract/site-form-fields';
import { islandI18n } from '@tidewatch/i18n/static';
import { FormAlert, type FormErrors, fieldProps, TextInput } from '@tidewatch/ui';
import { type ReactNode, useState } from 'react';
import * as styles from './forms.css';
import { siteApi } from './site-api';
import { SubmitButton } from './submit-button';
import { useDeliveryErrors, useSiteForm } from './use-site-form';

/**
 * Any failure reads under one title (spec section 8: 'Error Resetting Password' for a reset);
 * field errors still show in place.
 */
function useLinkErrors(title: string) {
  const deliveryErrors = useDeliveryErrors();
  return (error: unknown): FormErrors => {
    if (
      error instanceof ApiError &&
      error.status === 400 &&
      error.body.fieldErrors &&
      !error.body.fieldErrors.token
    ) {
      return { fieldErrors: error.body.fieldErrors, formErrors: [] };
    }
    const detail = deliveryErrors(error) ?? (error instanceof ApiError ? [error.body.message] : []);
    return { formErrors: [title, ...detail] };
  };
}

function useResetErrors() {
  const { t } = useLingui();
  return useLinkErrors(t`Error Resetting Password`);
}

function ForgotPasswordBodyForm({ locale }: { locale: 'en' | 'da' }) {
  const [sent, setSent] = useState(false);
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.ForgotPasswordForm,
    async (value) => {
      await (await siteApi()).passwords.forgot({ body: { ...value, language: locale } });
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

/** A mailed link's page: the token from its query and a new password, sent with `submit`. */
function NewPasswordBodyForm({
  id,
  submit,
  toErrors,
  done,
  afterError,
}: {
  id: string;
  submit(body: { token: string; password: string }): Promise<void>;
  toErrors(error: unknown): FormErrors;
  done: ReactNode;
  /** Where to go when the link did not work, shown under the error. */
  afterError?: ReactNode;
}) {
  const [finished, setFinished] = useState(false);
  // The token comes in the link's query; it is read in the browser, never rendered into the page.
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? ''),
  );
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.SetPasswordForm,
    async (value) => {
      await submit(value);
      setFinished(true);
    },
    { id, toErrors },
  );
  if (finished) {
    return (
      <p className={styles.notice} role="status">
        {done}
      </p>
    );
  }
  const errors = form.errors ?? (fields.token.errors ? [fields.token.errors.join(' ')] : undefined);
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} method="post">
      <FormAlert errors={errors} />
      {errors && afterError && <p>{afterError}</p>}
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

function SetPasswordBodyForm({ loginHref, forgotHref }: { loginHref: string; forgotHref: string }) {
  return (
    <NewPasswordBodyForm
      id="set-password"
      submit={async (body) => (await siteApi()).passwords.reset({ body })}
      toErrors={useResetErrors()}
      afterError={
        <a href={forgotHref}>
          <Trans>Ask for a new link</Trans>
        </a>
      }
      done={
        <>
          <span className={styles.noticeTitle}>
            <Trans>Password Set Successfully</Trans>
          </span>
          <a href={loginHref}>
            <Trans>Log in with your new password</Trans>
          </a>
        </>
      }
    />
  );
}

function ConfirmSignUpBodyForm({ loginHref }: { loginHref: string }) {
  const { t } = useLingui();
  return (
    <NewPasswordBodyForm
      id="confirm-sign-up"
      submit={async (body) => (await siteApi()).signUp.confirm({ body })}
      toErrors={useLinkErrors(t`Error Creating Account`)}
      done={
        <>
          <span className={styles.noticeTitle}>
            <Trans>Account Created</Trans>
          </span>
          <Trans>Your 30-day trial of the Basic plan starts now.</Trans>{' '}
          <a href={loginHref}>
            <Trans>Log in with your new password</Trans>
          </a>
        </>
      }
    />
  );
}

export function ForgotPasswordForm({ locale }: { locale: 'en' | 'da' }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <ForgotPasswordBodyForm locale={locale} />
    </I18nProvider>
  );
}

export function SetPasswordForm({
  locale,
  loginHref,
  forgotHref,
}: {
  locale: 'en' | 'da';
  loginHref: string;
  forgotHref: string;
}) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <SetPasswordBodyForm loginHref={loginHref} forgotHref={forgotHref} />
    </I18nProvider>
  );
}

export function ConfirmSignUpForm({ locale, loginHref }: { locale: 'en' | 'da'; loginHref: string }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <ConfirmSignUpBodyForm loginHref={loginHref} />
    </I18nProvider>
  );
}
