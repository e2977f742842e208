import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '@tidewatch/contract/api-error';
import type { SignUpAccountForm } from '@tidewatch/contract/site-forms';
import { PLAN_IDS, SIGN_UP_LINK_VALID_MINUTES } from '@tidewatch/domain';
import { islandI18n } from '@tidewatch/i18n/static';
import { Button, Checkbox, FormAlert, type FormErrors, fieldProps, Select, TextInput } from '@tidewatch/ui';
import { escape as escapeMarkup } from 'html-escaper';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { duration } from '../format';
import type { CountryNames } from './countries';
import * as styles from './forms.css';
import { Honeypot } from './lead-parts';
import { siteApi } from './site-api';
import { SubmitButton } from './submit-button';
import { useSiteForm } from './use-site-form';

type Locale = 'en' | 'da';
type Account = z.output<typeof SignUpAccountForm>;
type PlanId = (typeof PLAN_IDS)[number];

const asPlan = (value: string | null): PlanId | undefined => PLAN_IDS.find((plan) => plan === value);

/**
 * A plan the trial can convert to, as the sign-up lists it. Its price comes formatted from the
 * page's build: the browser's first number or date format loads its locale data, which holds a
 * phone's main thread for about a tenth of a second, and the form hydrates without one.
 */
export interface SignUpPlan {
  id: PlanId;
  name: string;
  price: string;
}

/** The plan named by `?plan=` (the pricing page's "Choose" buttons), if it is one of ours. */
function planFromAddress(): PlanId | undefined {
  return asPlan(new URLSearchParams(window.location.search).get('plan'));
}

/** The plan the trial converts to, changeable on step one. */
function PlanChoice({
  plans,
  value,
  onChange,
}: {
  plans: SignUpPlan[];
  value: PlanId | undefined;
  onChange(plan: PlanId | undefined): void;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={<Trans>Plan after the trial</Trans>}
      hint={<Trans>Your 30-day trial runs on Basic; the plan you choose here starts when it ends.</Trans>}
      value={value ?? ''}
      onChange={(event) => onChange(asPlan(event.currentTarget.value))}
    >
      <option value="">{t`Decide later`}</option>
      {plans.map(({ id, name, price }) => (
        <option key={id} value={id}>
          {t`${name}, ${price} per server or node a month`}
        </option>
      ))}
    </Select>
  );
}

type ZoneOption = readonly [zone: string, label: string];

/** The zone a new form starts with, the same in the built page and when it hydrates. */
const STARTING_ZONE = 'UTC';

/**
 * The visitor's own zone. Asking the browser for it loads its date and time data, about a tenth of
 * a second of a phone's main thread, so the form asks when the visitor first touches it rather than
 * while the page hydrates.
 */
const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Europe/Copenhagen": the zone's name as people read it. */
const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/** "Europe/Copenhagen (GMT+1)": the zone's name with its offset today. */
function zoneLabel(zone: string, locale: Locale): string {
  const offset = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zoneName(zone)} (${offset})` : zoneName(zone);
}

/**
 * Each label takes a formatter of its own, and 400 of them at once hold a phone's main thread for
 * a third of a second; labelled ten at a time, yielding between, no task blocks input.
 */
async function labelZones(zones: string[], locale: Locale): Promise<ZoneOption[]> {
  const options: ZoneOption[] = [];
  for (let start = 0; start < zones.length; start += 10) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve));
    options.push(...zones.slice(start, start + 10).map((zone) => [zone, zoneLabel(zone, locale)] as const));
  }
  return options;
}

/**
 * Asked once for the whole sign-up, so going back to step one finds the same list, and only when the
 * visitor first touches the form: drawing 400 options while the page loads would hold its main thread.
 * `load` answers the zone names, for a country chosen before the list has arrived.
 */
function useTimeZones(locale: Locale) {
  const [zones, setZones] = useState<ZoneOption[]>([]);
  const requested = useRef<Promise<string[]>>(undefined);
  const load = useCallback(() => {
    requested.current ??= siteApi()
      .then((api) => api.system.timezones())
      .catch(() => ['UTC'])
      .then((list) => {
        // Offered at once by name, so a country chosen straight away finds its zone; offsets follow.
        setZones(list.map((zone) => [zone, zoneName(zone)]));
        labelZones(list, locale).then(setZones);
        return list;
      });
    return requested.current;
  }, [locale]);
  return { zones, load };
}

/**
 * The countries as option markup, the starting one selected. Hydrating 250 options one element at a
 * time was most of the page's blocking time on a phone; markup given as the select's HTML is
 * adopted as it stands, and it is the same markup in the built page.
 */
function countryOptionsHtml(countries: CountryNames, selected: string, placeholder: string): string {
  const options = countries.map(
    ([code, name]) =>
      `<option value="${escapeMarkup(code)}"${code === selected ? ' selected' : ''}>${escapeMarkup(name)}</option>`,
  );
  return `<option value="">${escapeMarkup(placeholder)}</option>${options.join('')}`;
}

/** An address that may be the account email: why it matters, the checkbox, and the field when it differs. */
function SameAsAccount({
  legend,
  hint,
  checked,
  onChange,
  children,
}: {
  legend: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={hintId}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={hintId} className={styles.groupHint}>
        {hint}
      </p>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <Trans>Same as account email</Trans>
      </label>
      {children}
    </fieldset>
  );
}

function AccountStep({
  locale,
  countries,
  timeZones: { zones, load: loadZones },
  initial,
  planChoice,
  onDone,
}: {
  locale: Locale;
  countries: CountryNames;
  timeZones: ReturnType<typeof useTimeZones>;
  initial?: Account;
  planChoice: ReactNode;
  onDone(account: Account): void;
}) {
  const { t } = useLingui();
  const [email, setEmail] = useState(initial?.email ?? '');
  const [sameAlert, setSameAlert] = useState(initial ? initial.alert_email === initial.email : true);
  const startingCountry = initial?.country ?? (locale === 'da' ? 'DK' : '');
  const { form, fields } = useSiteForm(
    (forms) => forms.SignUpAccountForm,
    async (value) => onDone(value),
    {
      id: 'sign-up-account',
      defaultValue: initial ?? { country: startingCountry, timezone: STARTING_ZONE },
    },
  );
  const countryPlaceholder = t`Choose a country`;
  const countryOptions = useMemo(
    () => ({ __html: countryOptionsHtml(countries, startingCountry, countryPlaceholder) }),
    [countries, startingCountry, countryPlaceholder],
  );
  const zone = fields.timezone.value ?? STARTING_ZONE;
  // Until the list has come, the chosen zone by name: its offset would take a formatter of its own.
  const zoneOptions = useMemo(
    () => (zones.length ? zones : [[zone, zoneName(zone)] as const]),
    [zones, zone],
  );
  const visitorZoneAdopted = useRef(initial !== undefined);
  const onFirstTouch = () => {
    loadZones();
    if (visitorZoneAdopted.current) return;
    visitorZoneAdopted.current = true;
    if (zone === STARTING_ZONE) form.update({ name: fields.timezone.name, value: visitorZone() });
  };
  return (
    <form id={form.id} onSubmit={form.onSubmit} onFocus={onFirstTouch} noValidate className={styles.form}>
      <p className={styles.step}>
        <Trans>Step 1 of 2: your account</Trans>
      </p>
      {planChoice}
      <TextInput label={<Trans>Name</Trans>} {...fieldProps(fields.name)} autoComplete="name" required />
      <TextInput
        label={<Trans>Company name</Trans>}
        {...fieldProps(fields.company_name)}
        autoComplete="organization"
        required
      />
      <Select
        label={<Trans>Country</Trans>}
        {...fieldProps(fields.country)}
        autoComplete="country"
        required
        onChange={async (event) => {
          const country = event.target.value;
          // The tz database's country table loads with the first choice, not with the page.
          const [{ zoneForCountry }, offered] = await Promise.all([import('./countries'), loadZones()]);
          const countryZone = zoneForCountry(country, zone, offered);
          if (countryZone) form.update({ name: fields.timezone.name, value: countryZone });
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: every name and code is escaped in countryOptionsHtml.
        dangerouslySetInnerHTML={countryOptions}
      />
      <Select label={<Trans>Time zone</Trans>} {...fieldProps(fields.timezone)} required>
        <option value="">{t`Choose a time zone`}</option>
        {zoneOptions.map(([zone, label]) => (
          <option key={zone} value={zone}>
            {label}
          </option>
        ))}
      </Select>
      <TextInput
        label={<Trans>Email</Trans>}
        type="email"
        {...fieldProps(fields.email)}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
        required
      />
      <SameAsAccount
        legend={<Trans>Alert email</Trans>}
        hint={
          <Trans>
            Alerts about your servers go here: use an address that is reliable and monitored, such as your
            on-call inbox.
          </Trans>
        }
        checked={sameAlert}
        onChange={setSameAlert}
      >
        {sameAlert ? (
          <input type="hidden" name={fields.alert_email.name} value={email} />
        ) : (
          <TextInput
            label={<Trans>Alert email</Trans>}
            type="email"
            {...fieldProps(fields.alert_email)}
            defaultValue={initial?.alert_email}
            required
          />
        )}
      </SameAsAccount>
      <SubmitButton>
        <Trans>Continue</Trans>
      </SubmitButton>
    </form>
  );
}

/** Where the terms and the privacy policy are read, in the page's language. */
export interface LegalLinks {
  terms: string;
  privacy: string;
}

/**
 * The required acceptance. Its links open a new tab: the form's two steps live in this page, and
 * reading the terms in the same tab would lose them.
 */
function TermsAcceptance({
  links,
  field,
}: {
  links: LegalLinks;
  field: { name: string; id: string; errors?: string[] };
}) {
  return (
    <Checkbox
      name={field.name}
      id={field.id}
      errors={field.errors}
      required
      // One span, so the sentence and its links flow as text in the label's column.
      label={
        <span>
          <Trans>
            I accept the{' '}
            <a href={links.terms} target="_blank" rel="noopener">
              terms and conditions
            </a>{' '}
            and the{' '}
            <a href={links.privacy} target="_blank" rel="noopener">
              privacy policy
            </a>
            .
          </Trans>
        </span>
      }
    />
  );
}

function BillingStep({
  locale,
  account,
  plan,
  legalLinks,
  onBack,
  onDone,
}: {
  locale: Locale;
  account: Account;
  plan: SignUpPlan | undefined;
  legalLinks: LegalLinks;
  onBack(): void;
  onDone(): void;
}) {
  const { t } = useLingui();
  const [sameBilling, setSameBilling] = useState(true);
  const billingFields = useRef<string[]>([]);
  // Field errors of step one's fields are named above the form; the rest is the shared handling.
  const toErrors = (error: unknown): FormErrors | null => {
    const fieldErrors = error instanceof ApiError ? error.body.fieldErrors : undefined;
    if (!fieldErrors) return null;
    const ownFields = Object.fromEntries(
      Object.entries(fieldErrors).filter(([field]) => billingFields.current.includes(field)),
    );
    const elsewhere = Object.entries(fieldErrors).filter(([field]) => !billingFields.current.includes(field));
    const formErrors = elsewhere.length
      ? [t`Check your account details`, ...elsewhere.flatMap(([, messages]) => messages)]
      : [];
    return { fieldErrors: ownFields, formErrors };
  };
  const { form, fields, pending } = useSiteForm(
    // The VAT checker loads with the step's rules; without it, the server checks.
    async (forms) => {
      billingFields.current = Object.keys(forms.SignUpBillingForm.shape);
      const vat = await import('@tidewatch/contract/vat').catch(() => undefined);
      return vat
        ? forms.signUpBillingFormIn(account.country, vat.vatNumberFitsCountry)
        : forms.SignUpBillingForm;
    },
    async (billing) => {
      await (await siteApi()).signUp.create({
        body: { ...account, ...billing, language: locale, plan: plan?.id },
      });
      onDone();
    },
    { id: 'sign-up-billing', defaultValue: { invoice_language: locale }, toErrors },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <p className={styles.step}>
        <Trans>Step 2 of 2: billing</Trans>
      </p>
      {plan && (
        <p className={styles.groupHint} data-testid="chosen-plan">
          <Trans>Plan after the trial: {plan.name}. Go Back to change it.</Trans>
        </p>
      )}
      <FormAlert errors={form.errors} />
      <Honeypot />
      <TextInput
        label={<Trans>Address</Trans>}
        {...fieldProps(fields.address)}
        autoComplete="street-address"
        required
      />
      <TextInput
        label={<Trans>City</Trans>}
        {...fieldProps(fields.city)}
        autoComplete="address-level2"
        required
      />
      <TextInput
        label={<Trans>State or region</Trans>}
        {...fieldProps(fields.state)}
        autoComplete="address-level1"
      />
      <TextInput
        label={<Trans>Postal code</Trans>}
        {...fieldProps(fields.zipcode)}
        autoComplete="postal-code"
        required
      />
      <TextInput
        label={<Trans>VAT identification number (optional)</Trans>}
        hint={<Trans>For businesses in the EU; checked against the country you chose.</Trans>}
        {...fieldProps(fields.vat_id)}
      />
      <SameAsAccount
        legend={<Trans>Billing email</Trans>}
        hint={<Trans>Invoices go here: use an address that is reliable and monitored.</Trans>}
        checked={sameBilling}
        onChange={setSameBilling}
      >
        {sameBilling ? (
          <input type="hidden" name={fields.billing_email.name} value={account.email} />
        ) : (
          <TextInput
            label={<Trans>Billing email</Trans>}
            type="email"
            {...fieldProps(fields.billing_email)}
            required
          />
        )}
      </SameAsAccount>
      <TextInput
        label={<Trans>Billing email CC</Trans>}
        type="email"
        {...fieldProps(fields.billing_email_cc)}
      />
      <Select
        label={<Trans>Invoice language</Trans>}
        {...fieldProps(fields.invoice_language)}
        defaultValue={locale}
      >
        <option value="en">English</option>
        <option value="da">Dansk</option>
      </Select>
      <TermsAcceptance links={legalLinks} field={fields.terms_accepted} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <SubmitButton loading={pending}>
          <Trans>Create Account</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

function SignUpSteps({ locale, plans, countries, legalLinks }: SignUpFormProps) {
  const timeZones = useTimeZones(locale);
  const [planId, setPlanId] = useState<PlanId>();
  // The address is read after hydration, so the server-rendered form and the first render agree.
  useEffect(() => setPlanId(planFromAddress()), []);
  const [account, setAccount] = useState<Account>();
  const [step, setStep] = useState<1 | 2 | 'done'>(1);
  if (step === 'done') {
    const linkValidity = duration(locale, SIGN_UP_LINK_VALID_MINUTES);
    return (
      <p className={styles.notice} role="status">
        <span className={styles.noticeTitle}>
          <Trans>Check your mail</Trans>
        </span>
        <Trans>
          Check your email to confirm: we sent a link to {account?.email}. Follow it within {linkValidity} to
          choose your password and start your 30-day trial.
        </Trans>
      </p>
    );
  }
  if (step === 2 && account) {
    return (
      <BillingStep
        locale={locale}
        account={account}
        plan={plans.find((plan) => plan.id === planId)}
        legalLinks={legalLinks}
        onBack={() => setStep(1)}
        onDone={() => setStep('done')}
      />
    );
  }
  return (
    <AccountStep
      locale={locale}
      countries={countries}
      timeZones={timeZones}
      initial={account}
      planChoice={<PlanChoice plans={plans} value={planId} onChange={setPlanId} />}
      onDone={(value) => {
        setAccount(value);
        setStep(2);
      }}
    />
  );
}

interface SignUpFormProps {
  locale: Locale;
  plans: SignUpPlan[];
  countries: CountryNames;
  legalLinks: LegalLinks;
}

export default function SignUpForm({ locale, plans, countries, legalLinks }: SignUpFormProps) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <SignUpSteps locale={locale} plans={plans} countries={countries} legalLinks={legalLinks} />
    </I18nProvider>
  );
}
