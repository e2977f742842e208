import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { islandI18n } from '@tidewatch/i18n/static';
import { fieldProps, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { LeadForm, NameAndEmail, SentNotice } from './lead-parts';
import { siteApi } from './site-api';
import { useSiteForm } from './use-site-form';

type Locale = 'en' | 'da';

/** Starts the download without leaving the page, so the notice stays in view. */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = url.split('/').pop() ?? '';
  document.body.append(link);
  link.click();
  link.remove();
}

function SolutionsBriefFormBody({ locale }: { locale: Locale }) {
  const [sent, setSent] = useState<{ url: string; email: string }>();
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.SolutionsBriefForm,
    async (value) => {
      const { download_url } = await (await siteApi()).leads.solutionsBrief({
        body: { ...value, language: locale },
      });
      setSent({ url: download_url, email: value.email });
      download(download_url);
    },
    { id: 'solutions-brief' },
  );

  if (sent) {
    const { email } = sent;
    return (
      <SentNotice title={<Trans>Your download has started</Trans>}>
        <Trans>We also sent the link to {email}, so you can find the brief again later.</Trans>
        <a href={sent.url} download>
          <Trans>Download the solutions brief (PDF)</Trans>
        </a>
      </SentNotice>
    );
  }
  return (
    <LeadForm form={form} pending={pending} submitLabel={<Trans>Get the solutions brief</Trans>}>
      <NameAndEmail name={fields.name} email={fields.email} emailLabel={<Trans>Work email</Trans>} />
      <TextInput
        label={<Trans>Phone number</Trans>}
        hint={<Trans>With the country code, such as +45 12 34 56 78.</Trans>}
        type="tel"
        {...fieldProps(fields.phone)}
        autoComplete="tel"
        maxLength={30}
        required
      />
      <TextInput
        label={<Trans>Company</Trans>}
        {...fieldProps(fields.company)}
        autoComplete="organization"
        maxLength={200}
        required
      />
      <TextInput
        label={<Trans>Job role</Trans>}
        {...fieldProps(fields.job_role)}
        autoComplete="organization-title"
        maxLength={200}
        required
      />
    </LeadForm>
  );
}

export default function SolutionsBriefForm({ locale }: { locale: Locale }) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <SolutionsBriefFormBody locale={locale} />
    </I18nProvider>
  );
}
