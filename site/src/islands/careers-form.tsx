import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CV_FIELD, CV_TYPES } from '@tidewatch/contract/site-form-fields';
import { SITE_ROUTES } from '@tidewatch/contract/site-routes';
import { islandI18n } from '@tidewatch/i18n/static';
import { fieldProps, Select, TextInput } from '@tidewatch/ui';
import { useEffect, useState } from 'react';
import { LeadForm, LeadMessage, NameAndEmail, SentNotice } from './lead-parts';
import { siteApi } from './site-api';
import { useSiteForm } from './use-site-form';

type Locale = 'en' | 'da';

/** What the file picker offers: the formats by name and type (the server checks the bytes). */
const ACCEPT = [...Object.keys(CV_TYPES).map((ext) => `.${ext}`), ...Object.values(CV_TYPES)].join(',');

function CareersFormBody({ locale, positions }: { locale: Locale; positions: string[] }) {
  const { t } = useLingui();
  const [sentBy, setSentBy] = useState<string>();
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.JobApplicationForm,
    async (value) => {
      await (await siteApi()).careers.apply({ body: { ...value, language: locale } });
      setSentBy(value.name);
    },
    { id: 'job-application' },
  );
  // An opening's Apply link names its position in the address; it is chosen unless one already is.
  const roleName = fields.role.name;
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('position');
    if (wanted && positions.includes(wanted) && !form.value?.role)
      form.update({ name: roleName, value: wanted });
  }, [form, positions, roleName]);

  if (sentBy) {
    return (
      <SentNotice title={<Trans>Thank you, {sentBy}</Trans>}>
        <Trans>
          Your application is with our team. We answer every application within five business days.
        </Trans>
      </SentNotice>
    );
  }
  // Before the script runs, the browser posts the form itself and the server sends it back to this page.
  return (
    <LeadForm
      form={form}
      pending={pending}
      submitLabel={<Trans>Send application</Trans>}
      postsWithoutScript
      action={`/api${SITE_ROUTES.careers.apply.path}`}
      encType="multipart/form-data"
    >
      <input type="hidden" name="language" value={locale} />
      <NameAndEmail name={fields.name} email={fields.email} />
      <Select label={<Trans>Position</Trans>} {...fieldProps(fields.role)} required>
        <option value="">{t`Choose a position`}</option>
        {positions.map((position) => (
          <option key={position} value={position}>
            {position}
          </option>
        ))}
        <option value={t`Open application`}>{t`Open application`}</option>
      </Select>
      <TextInput
        label={<Trans>CV</Trans>}
        hint={<Trans>A PDF, DOCX or ODT file of at most 5 MB.</Trans>}
        type="file"
        {...fieldProps(fields[CV_FIELD])}
        accept={ACCEPT}
        required
      />
      <LeadMessage
        field={fields.message}
        label={<Trans>A few lines about you (optional)</Trans>}
        hint={<Trans>What have you run, and what did you learn from it?</Trans>}
        rows={5}
      />
    </LeadForm>
  );
}

export default function CareersForm({ locale, positions }: { locale: Locale; positions: string[] }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <CareersFormBody locale={locale} positions={positions} />
    </I18nProvider>
  );
}
