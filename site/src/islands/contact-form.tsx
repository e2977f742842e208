import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createSiteClient } from '@tidewatch/contract/site-client';
import { ContactForm as ContactFields } from '@tidewatch/contract/site-forms';
import { islandI18n } from '@tidewatch/i18n/static';
import { FormAlert, fieldProps, TextArea, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import * as styles from './forms.css';
import { Honeypot, SentNotice } from './lead-parts';
import { SubmitButton } from './submit-button';
import { useSiteForm } from './use-site-form';

const api = createSiteClient({ baseURL: '/api' });
type Locale = 'en' | 'da';

function ContactFormBody({ locale }: { locale: Locale }) {
  const [sentBy, setSentBy] = useState<string>();
  const { form, fields, pending } = useSiteForm(
    ContactFields,
    async (value) => {
      await api.leads.contact({ body: { ...value, language: locale } });
      setSentBy(value.name);
    },
    { id: 'contact' },
  );

  if (sentBy) {
    return (
      <SentNotice title={<Trans>Thank you, {sentBy}</Trans>}>
        <Trans>Your message is with our team. We answer within one business day, usually much sooner.</Trans>
      </SentNotice>
    );
  }
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} method="post">
      <FormAlert errors={form.errors} />
      <div className={styles.pair}>
        <TextInput
          label={<Trans>Name</Trans>}
          {...fieldProps(fields.name)}
          autoComplete="name"
          maxLength={200}
          required
        />
        <TextInput
          label={<Trans>Email</Trans>}
          type="email"
          {...fieldProps(fields.email)}
          autoComplete="email"
          required
        />
      </div>
      <TextInput
        label={<Trans>Company (optional)</Trans>}
        {...fieldProps(fields.company)}
        autoComplete="organization"
        maxLength={200}
      />
      <TextArea
        label={<Trans>Message</Trans>}
        hint={<Trans>What do you run today, and what would you like us to take off your hands?</Trans>}
        {...fieldProps(fields.message)}
        rows={6}
        maxLength={5000}
        required
      />
      <Honeypot />
      <SubmitButton loading={pending}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </form>
  );
}

export default function ContactForm({ locale }: { locale: Locale }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <ContactFormBody locale={locale} />
    </I18nProvider>
  );
}
