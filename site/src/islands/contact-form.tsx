import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { islandI18n } from '@tidewatch/i18n/static';
import { fieldProps, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { LeadForm, LeadMessage, NameAndEmail, SentNotice } from './lead-parts';
import { siteApi } from './site-api';
import { useSiteForm } from './use-site-form';

type Locale = 'en' | 'da';

function ContactFormBody({ locale }: { locale: Locale }) {
  const [sentBy, setSentBy] = useState<string>();
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.ContactForm,
    async (value) => {
      await (await siteApi()).leads.contact({ body: { ...value, language: locale } });
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
    <LeadForm form={form} pending={pending} submitLabel={<Trans>Send message</Trans>}>
      <NameAndEmail name={fields.name} email={fields.email} />
      <TextInput
        label={<Trans>Company (optional)</Trans>}
        {...fieldProps(fields.company)}
        autoComplete="organization"
        maxLength={200}
      />
      <LeadMessage
        field={fields.message}
        label={<Trans>Message</Trans>}
        hint={<Trans>What do you run today, and what would you like us to take off your hands?</Trans>}
        rows={6}
        required
      />
    </LeadForm>
  );
}

export default function ContactForm({ locale }: { locale: Locale }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <ContactFormBody locale={locale} />
    </I18nProvider>
  );
}
