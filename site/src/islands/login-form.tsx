import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '@tidewatch/contract/api-error';
import { safeReturnPath } from '@tidewatch/domain';
import { islandI18n } from '@tidewatch/i18n/static';
import { FormAlert, type FormErrors, fieldProps, TextInput } from '@tidewatch/ui';
import { useEffect, useState } from 'react';
import { CompanySignIn } from './company-sign-in';
import * as styles from './forms.css';
import { asksForPasskey, PasskeySignIn } from './passkey-sign-in';
import { siteApi } from './site-api';
import { SubmitButton } from './submit-button';
import { useDeliveryErrors, useSiteForm } from './use-site-form';

/** Where the portal starts (spec section 2's Dashboard). */
const PORTAL_HOME = '/user/servers';

/** The portal page that sent the visitor here (`?next=`), if it is one; else the portal's start. */
const destination = () =>
  safeReturnPath(new URLSearchParams(window.location.search).get('next')) ?? PORTAL_HOME;

function LoginFormBody({ forgotPasswordHref }: { forgotPasswordHref: string }) {
  const { t } = useLingui();
  const [needsCode, setNeedsCode] = useState(false);
  // The address's company signs its people in through its own provider only: no password is asked.
  const [ssoOnly, setSsoOnly] = useState(false);
  const deliveryErrors = useDeliveryErrors();

  // Already signed in: straight to the portal. The status route answers a signed-out visitor
  // without an error, so the console stays clean.
  useEffect(() => {
    siteApi()
      .then((api) => api.auth.status())
      .then(
        ({ signedIn }) => signedIn && window.location.replace(destination()),
        () => undefined,
      );
  }, []);

  /** Spec section 8: bad credentials read 'Unauthorised', anything else 'Login Failed'. */
  const toErrors = (error: unknown): FormErrors => {
    if (!(error instanceof ApiError)) return { formErrors: [t`Login Failed`] };
    const { fieldErrors, message } = error.body;
    if (error.status === 401 && fieldErrors?.code) {
      setNeedsCode(true);
      // The first ask only brings the field up: its label asks for the code, nothing was typed in it yet.
      // A passkey holder is told at once that the passkey, or a recovery code, is the second step.
      return needsCode || asksForPasskey(fieldErrors.code)
        ? { fieldErrors, formErrors: [] }
        : { formErrors: [] };
    }
    if (error.status === 401) return { formErrors: [t`Unauthorised`] };
    if (error.status === 400 && fieldErrors) return { fieldErrors, formErrors: [] };
    if (error.status === 429) {
      return {
        formErrors: [
          t`Login Failed`,
          t`Too many failed sign-in attempts. Wait a few minutes, then try again.`,
        ],
      };
    }
    return { formErrors: [t`Login Failed`, ...(deliveryErrors(error) ?? [message])] };
  };

  const { form, fields, pending } = useSiteForm(
    (forms) => forms.LoginForm,
    async (value) => {
      await (await siteApi()).auth.login({ body: value });
      window.location.assign(destination());
    },
    { id: 'login', toErrors },
  );

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} method="post">
      <FormAlert errors={form.errors} />
      <TextInput
        label={<Trans>Email</Trans>}
        type="email"
        {...fieldProps(fields.email)}
        autoComplete="username"
        required
      />
      <CompanySignIn email={fields.email.value} destination={destination} onSsoOnly={setSsoOnly} />
      {!ssoOnly && (
        <TextInput
          label={<Trans>Password</Trans>}
          type="password"
          {...fieldProps(fields.password)}
          autoComplete="current-password"
          required
        />
      )}
      {needsCode && (
        <TextInput
          label={<Trans>Code from your authenticator app</Trans>}
          hint={<Trans>Or one of your recovery codes.</Trans>}
          {...fieldProps(fields.code)}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
        />
      )}
      <p className={styles.secondary}>
        <a href={forgotPasswordHref}>
          <Trans>Forgot your password?</Trans>
        </a>
      </p>
      {!ssoOnly && (
        <SubmitButton loading={pending}>
          <Trans>Log in</Trans>
        </SubmitButton>
      )}
      <PasskeySignIn secondStep={needsCode} destination={destination} />
    </form>
  );
}

export default function LoginForm({
  locale,
  forgotPasswordHref,
}: {
  locale: 'en' | 'da';
  forgotPasswordHref: string;
}) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <LoginFormBody forgotPasswordHref={forgotPasswordHref} />
    </I18nProvider>
  );
}
