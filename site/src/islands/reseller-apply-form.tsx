import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExpectedCustomers } from '@tidewatch/contract/site-forms';
import { islandI18n } from '@tidewatch/i18n/static';
import { fieldProps, Select, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import type { CountryNames } from './countries';
import * as styles from './forms.css';
import { LeadForm, LeadMessage, NameAndEmail, SentNotice } from './lead-parts';
import { siteApi } from './site-api';
import { useSiteForm } from './use-site-form';

type Locale = 'en' | 'da';

function ResellerApplyFormBody({ locale, countries }: { locale: Locale; countries: CountryNames }) {
  const { t } = useLingui();
  const [applied, setApplied] = useState(false);
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.ResellerApplicationForm,
    async (value) => {
      await (await siteApi()).leads.resellerApplication({ body: { ...value, language: locale } });
      setApplied(true);
    },
    { id: 'reseller-apply' },
  );
  const expectedCustomers: Record<ExpectedCustomers, string> = {
    '1-4': t`1 to 4 customers`,
    '5-9': t`5 to 9 customers`,
    '10-24': t`10 to 24 customers`,
    '25+': t`25 or more customers`,
  };

  if (applied) {
    return (
      <SentNotice title={<Trans>Thank you for applying</Trans>}>
        <Trans>
          Our partner team reads every application and will contact you within two business days to talk about
          the next steps.
        </Trans>
      </SentNotice>
    );
  }
  return (
    <LeadForm form={form} pending={pending} submitLabel={<Trans>Send application</Trans>}>
      <TextInput
        label={<Trans>Company</Trans>}
        {...fieldProps(fields.company)}
        autoComplete="organization"
        maxLength={200}
        required
      />
      <NameAndEmail name={fields.name} email={fields.email} nameLabel={<Trans>Contact name</Trans>} />
      <div className={styles.pair}>
        <Select
          label={<Trans>Country</Trans>}
          {...fieldProps(fields.country)}
          defaultValue={locale === 'da' ? 'DK' : ''}
          autoComplete="country"
          required
        >
          <option value="">{t`Choose a country`}</option>
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
        <Select
          label={<Trans>Expected new customers in the first year</Trans>}
          {...fieldProps(fields.expected_customers)}
          required
        >
          <option value="">{t`Choose a number`}</option>
          {Object.entries(expectedCustomers).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <LeadMessage
        field={fields.message}
        label={<Trans>About your business (optional)</Trans>}
        hint={<Trans>Who your customers are, and what you offer them today.</Trans>}
        rows={4}
      />
    </LeadForm>
  );
}

export default function ResellerApplyForm({
  locale,
  countries,
}: {
  locale: Locale;
  countries: CountryNames;
}) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <ResellerApplyFormBody locale={locale} countries={countries} />
    </I18nProvider>
  );
}
