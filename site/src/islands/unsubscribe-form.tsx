import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { islandI18n } from '@tidewatch/i18n/static';
import { FormAlert, fieldProps, TextArea, TextInput } from '@tidewatch/ui';
import { useEffect, useState } from 'react';
import * as styles from './forms.css';
import { siteApi } from './site-api';
import { SubmitButton } from './submit-button';
import { useSiteForm } from './use-site-form';

/** ?email=…&token=… from a marketing mail's link; read in the browser. */
function linkParameters() {
  if (typeof window === 'undefined') return { email: '', token: undefined };
  const params = new URLSearchParams(window.location.search);
  return { email: params.get('email') ?? '', token: params.get('token') ?? undefined };
}

function UnsubscribeBodyForm({ homeHref }: { homeHref: string }) {
  const { t } = useLingui();
  const [link] = useState(linkParameters);
  const [done, setDone] = useState(false);
  const [linkFailed, setLinkFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // A signed link confirms at once; a bad one falls back to the form.
  useEffect(() => {
    if (!link.email || !link.token) return;
    setConfirming(true);
    siteApi()
      .then((api) => api.marketing.unsubscribe({ body: { email: link.email, token: link.token } }))
      .then(
        () => setDone(true),
        () => setLinkFailed(true),
      )
      .finally(() => setConfirming(false));
  }, [link]);

  const { form, fields, pending } = useSiteForm(
    (forms) => forms.UnsubscribeForm,
    async (value) => {
      await (await siteApi()).marketing.unsubscribe({
        body: { email: value.email, feedback: value.feedback },
      });
      setDone(true);
    },
    { id: 'unsubscribe', defaultValue: { email: link.email } },
  );

  if (done) {
    return (
      <div className={styles.notice} role="status">
        <span className={styles.noticeTitle}>
          <Trans>You are unsubscribed</Trans>
        </span>
        <Trans>We will not send news or offers to this address again.</Trans>
        <a href={homeHref}>
          <Trans>Back to the homepage</Trans>
        </a>
      </div>
    );
  }
  // While a signed link is being confirmed, say so rather than offer a form that is not needed.
  if (confirming) {
    return (
      <p className={styles.notice} role="status" aria-busy="true">
        <Trans>Unsubscribing {link.email}…</Trans>
      </p>
    );
  }
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} method="post">
      <FormAlert
        errors={
          form.errors ?? (linkFailed ? [t`This link is not valid; enter your address below`] : undefined)
        }
      />
      <TextInput
        label={<Trans>Email</Trans>}
        type="email"
        {...fieldProps(fields.email)}
        autoComplete="email"
        required
      />
      <TextArea
        label={<Trans>Why are you leaving? (optional)</Trans>}
        hint={<Trans>Your answer helps us send better mail.</Trans>}
        {...fieldProps(fields.feedback)}
      />
      <SubmitButton loading={pending}>
        <Trans>Unsubscribe</Trans>
      </SubmitButton>
    </form>
  );
}

export default function UnsubscribeForm({ locale, homeHref }: { locale: 'en' | 'da'; homeHref: string }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <UnsubscribeBodyForm homeHref={homeHref} />
    </I18nProvider>
  );
}
