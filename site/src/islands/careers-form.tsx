import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CV_FIELD, CV_TYPES, JobApplicationBody } from '@tidewatch/contract';
import { createSiteClient, SITE_ROUTES } from '@tidewatch/contract/site-client';
import { islandI18n } from '@tidewatch/i18n/static';
import { FormAlert, fieldProps, Select, TextArea, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import * as styles from './forms.css';
import { Honeypot, SentNotice } from './lead-parts';
import { SubmitButton } from './submit-button';
import { useSiteForm } from './use-site-form';

const api = createSiteClient({ baseURL: '/api' });
type Locale = 'en' | 'da';

/** What the file picker offers: the formats by name and type (the server checks the bytes). */
const ACCEPT = [...Object.keys(CV_TYPES).map((ext) => `.${ext}`), ...Object.values(CV_TYPES)].join(',');

function CareersFormBody({ locale, positions }: { locale: Locale; positions: string[] }) {
  const { t } = useLingui();
  const [sentBy, setSentBy] = useState<string>();
  const { form, fields, pending } = useSiteForm(
    JobApplicationBody,
    async (value) => {
      await api.careers.apply({ body: { ...value, language: locale } });
      setSentBy(value.name);
    },
    { id: 'job-application' },
  );

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
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className={styles.form}
      method="post"
      action={`/api${SITE_ROUTES.careers.apply.path}`}
      encType="multipart/form-data"
    >
      <FormAlert errors={form.errors} />
      <input type="hidden" name="language" value={locale} />
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
      <TextArea
        label={<Trans>A few lines about you (optional)</Trans>}
        hint={<Trans>What have you run, and what did you learn from it?</Trans>}
        {...fieldProps(fields.message)}
        rows={5}
        maxLength={5000}
      />
      <Honeypot />
      <SubmitButton loading={pending} postsWithoutScript>
        <Trans>Send application</Trans>
      </SubmitButton>
    </form>
  );
}

export default function CareersForm({ locale, positions }: { locale: Locale; positions: string[] }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <CareersFormBody locale={locale} positions={positions} />
    </I18nProvider>
  );
}
