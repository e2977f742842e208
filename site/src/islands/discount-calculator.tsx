import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type PlanPrice, type PriceBand, priceForUnits, type VolumeDiscount } from '@tidewatch/domain';
import { islandI18n } from '@tidewatch/i18n/static';
import { Select, TextInput } from '@tidewatch/ui';
import { useId, useState } from 'react';
import { intlLocale, type Language, money, percent } from '../format';
import * as styles from './calculators.css';
import { useHydrated } from './use-hydrated';

export interface DiscountCalculatorProps {
  locale: Language;
  /** The plans with unit discounts (Basic is left out by the page). */
  plans: (PlanPrice & { name: string })[];
  discounts: VolumeDiscount[];
  initialPlan: string;
}

const MAX_UNITS = 10_000;
const INITIAL_UNITS = 10;

function DiscountCalculatorBody({ locale, plans, discounts, initialPlan }: DiscountCalculatorProps) {
  const { t } = useLingui();
  const headingId = useId();
  // Hydrating keeps what a control shows but not what the island knows, so a choice made before
  // then would show one plan beside another's price: the controls wait for the island (decision 0074).
  const ready = useHydrated();
  const [planId, setPlanId] = useState(initialPlan);
  const [unitsText, setUnitsText] = useState(String(INITIAL_UNITS));
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  const units = /^\s*\d+\s*$/.test(unitsText) ? Number(unitsText) : Number.NaN;
  const valid = Number.isInteger(units) && units >= 1 && units <= MAX_UNITS;
  const price = plan && valid ? priceForUnits(plan, units, discounts) : null;
  const eur = (amount: number) => money(locale, amount);
  const count = (value: number) => new Intl.NumberFormat(intlLocale(locale)).format(value);
  const maxUnits = count(MAX_UNITS);
  const unitCount = price ? count(price.units) : '';
  const planName = plan?.name ?? '';
  const saving = price ? eur(price.saving) : '';
  const nextUnits = price?.nextStep ? count(price.nextStep.fromUnits) : '';
  const nextDiscount = price?.nextStep ? percent(locale, price.nextStep.percent) : '';
  const bandLabel = (band: PriceBand) => {
    const from = count(band.fromUnits);
    const to = count(band.toUnits);
    const off = percent(locale, band.percent);
    const range = band.fromUnits === band.toUnits ? t`Unit ${from}` : t`Units ${from}–${to}`;
    return band.percent > 0 ? t`${range}, ${off} off` : t`${range}, list price`;
  };

  return (
    <div className={`${styles.card} ${styles.split}`}>
      <div className={styles.fields}>
        <Select
          label={<Trans>Plan</Trans>}
          value={planId}
          disabled={!ready}
          onChange={(event) => setPlanId(event.currentTarget.value)}
        >
          {plans.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
        <TextInput
          label={<Trans>Servers or nodes</Trans>}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_UNITS}
          step={1}
          value={unitsText}
          disabled={!ready}
          errors={valid ? undefined : [t`Enter a whole number from 1 to ${maxUnits}.`]}
          onChange={(event) => setUnitsText(event.currentTarget.value)}
        />
      </div>
      <section className={styles.results} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.cardTitle}>
          <Trans>Your monthly price</Trans>
        </h3>
        <output className={styles.summary} aria-live="polite" data-testid="discount-summary">
          {price && plan ? (
            <>
              <span className={styles.big}>{eur(price.monthly)}</span>
              {price.saving > 0 ? (
                <Trans>
                  a month for {unitCount} {planName} units: you save {saving} a month.
                </Trans>
              ) : (
                <Trans>
                  a month for {unitCount} {planName} units, at list price.
                </Trans>
              )}
            </>
          ) : (
            <Trans>Enter the number of servers or nodes to see the price.</Trans>
          )}
        </output>
        {price && plan && (
          <dl className={styles.figures}>
            <div className={styles.figureRow}>
              <dt className={styles.term}>
                <Trans>List price</Trans>
              </dt>
              <dd className={styles.value}>{eur(price.listMonthly)}</dd>
            </div>
            {price.bands.map((band) => (
              <div key={band.fromUnits} className={styles.figureRow}>
                <dt className={styles.term}>{bandLabel(band)}</dt>
                <dd className={styles.value}>{eur(band.monthly)}</dd>
              </div>
            ))}
            <div className={styles.figureRow}>
              <dt className={styles.term}>
                <Trans>Saving a month</Trans>
              </dt>
              <dd className={styles.value}>{eur(price.saving)}</dd>
            </div>
            <div className={styles.figureRow}>
              <dt className={styles.term}>
                <Trans>Average per unit a month</Trans>
              </dt>
              <dd className={styles.value}>{eur(price.perUnit)}</dd>
            </div>
          </dl>
        )}
        {price?.nextStep && (
          <p className={styles.pending}>
            <Trans>
              From unit {nextUnits} on, each further unit is {nextDiscount} off.
            </Trans>
          </p>
        )}
      </section>
    </div>
  );
}

/** The pricing page's unit-count discount calculator; updates as the visitor types. */
export default function DiscountCalculator(props: DiscountCalculatorProps) {
  return (
    <I18nProvider i18n={islandI18n(props.locale, catalogs)}>
      <DiscountCalculatorBody {...props} />
    </I18nProvider>
  );
}
