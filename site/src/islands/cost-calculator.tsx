import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type PlanPrice,
  type Team,
  type TeamCostFigures,
  teamCost,
  unitsForTeamCost,
  type VolumeDiscount,
} from '@tidewatch/domain';
import { islandI18n } from '@tidewatch/i18n/static';
import { Button, TextInput } from '@tidewatch/ui';
import { useId, useState } from 'react';
import { intlLocale, type Language, money, percent } from '../format';
import * as styles from './calculators.css';
import { useHydrated } from './use-hydrated';

export interface CostCalculatorProps {
  locale: Language;
  figures: TeamCostFigures & { defaults: Team };
  plans: (PlanPrice & { name: string; coverageHours: 'business-hours' | '24x7' })[];
  discounts: VolumeDiscount[];
}

type Draft = Record<keyof Team, string>;

const MAX_COUNT = 1000;
const MAX_SALARY = 10_000_000;
const FIELDS = ['juniorCount', 'seniorCount', 'juniorSalary', 'seniorSalary'] as const;

const toDraft = (team: Team): Draft =>
  Object.fromEntries(FIELDS.map((field) => [field, String(team[field])])) as Draft;

/** A whole number within bounds, or null. */
function parseWhole(text: string, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

function CostCalculatorBody({ locale, figures, plans, discounts }: CostCalculatorProps) {
  const { t } = useLingui();
  const [applied, setApplied] = useState<Team>(figures.defaults);
  const [draft, setDraft] = useState<Draft>(() => toDraft(figures.defaults));
  const [errors, setErrors] = useState<Partial<Record<keyof Team, string>>>({});
  const headingId = useId();

  const formatMoney = (amount: number) => money(locale, amount);
  const formatRange = (range: { low: number; high: number }) =>
    new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    }).formatRange(range.low, range.high);
  const formatCount = (count: number) => new Intl.NumberFormat(intlLocale(locale)).format(count);

  const cost = teamCost(applied, figures);
  const coverage = unitsForTeamCost(cost, plans, discounts);
  const changed = FIELDS.some((field) => draft[field].trim() !== String(applied[field]));

  function apply() {
    const maxCount = formatCount(MAX_COUNT);
    const maxSalary = formatMoney(MAX_SALARY);
    const countError = t`Enter a whole number from 0 to ${maxCount}.`;
    const salaryError = t`Enter a yearly salary in whole euros, up to ${maxSalary}.`;
    const next: Partial<Team> = {};
    const found: Partial<Record<keyof Team, string>> = {};
    for (const field of FIELDS) {
      const isCount = field.endsWith('Count');
      const value = parseWhole(draft[field], isCount ? MAX_COUNT : MAX_SALARY);
      if (value === null) found[field] = isCount ? countError : salaryError;
      else next[field] = value;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setApplied(next as Team);
  }

  function cancel() {
    setDraft(toDraft(applied));
    setErrors({});
  }

  // Until the island runs, Apply would post the page and typing would be lost: nothing is offered yet.
  const ready = useHydrated();
  const input = (field: keyof Team) => ({
    name: field,
    type: 'number' as const,
    inputMode: 'numeric' as const,
    min: 0,
    max: field.endsWith('Count') ? MAX_COUNT : MAX_SALARY,
    step: field.endsWith('Count') ? 1 : 1000,
    value: draft[field],
    disabled: !ready,
    errors: errors[field] ? [errors[field]] : undefined,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setDraft((current) => ({ ...current, [field]: value }));
    },
  });

  const headcount = formatCount(cost.headcount);
  const pct = (value: number) => percent(locale, value);
  const attrition = pct(figures.annualAttritionPercent);
  const effective = pct(figures.effectivePercent);
  const replacement = `${pct(figures.turnoverCostPercent.low)}–${pct(figures.turnoverCostPercent.high)}`;
  const timeSplit = [
    { key: 'workAboutWork', label: t`Work about work`, percent: figures.workAboutWorkPercent },
    { key: 'skilled', label: t`Skilled work`, percent: figures.skilledPercent },
    { key: 'strategy', label: t`Strategy`, percent: figures.strategyPercent },
  ] as const;

  return (
    <div className={styles.layout}>
      <form
        className={styles.card}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        noValidate
        aria-labelledby={`${headingId}-form`}
      >
        <h3 id={`${headingId}-form`} className={styles.cardTitle}>
          <Trans>Your team</Trans>
        </h3>
        <div className={styles.fields}>
          <TextInput label={<Trans>Number of junior SREs</Trans>} {...input('juniorCount')} />
          <TextInput label={<Trans>Number of mid-senior engineers</Trans>} {...input('seniorCount')} />
          <TextInput
            label={<Trans>Junior salary per year</Trans>}
            prefix={<span aria-hidden="true">€</span>}
            {...input('juniorSalary')}
          />
          <TextInput
            label={<Trans>Mid-senior salary per year</Trans>}
            prefix={<span aria-hidden="true">€</span>}
            {...input('seniorSalary')}
          />
        </div>
        <div className={styles.buttons}>
          <Button type="submit" disabled={!ready}>
            <Trans>Apply Changes</Trans>
          </Button>
          <Button type="button" variant="secondary" onClick={cancel} disabled={!ready}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
        {changed && (
          <p className={styles.pending}>
            <Trans>
              Apply Changes to update the results, or Cancel to go back to the last applied values.
            </Trans>
          </p>
        )}
      </form>

      <section className={styles.card} aria-labelledby={`${headingId}-results`}>
        <h3 id={`${headingId}-results`} className={styles.cardTitle}>
          <Trans>In-house cost per year</Trans>
        </h3>
        <p className={styles.summary} role="status" data-testid="cost-summary">
          <span className={styles.big}>{formatRange(cost.total)}</span>
          <Trans>for {headcount} engineers: salaries plus the expected cost of turnover.</Trans>
        </p>
        <dl className={styles.figures}>
          <div className={styles.figureRow}>
            <dt className={styles.term}>
              <Trans>Salaries</Trans>
            </dt>
            <dd className={styles.value}>{formatMoney(cost.payroll)}</dd>
          </div>
          <div className={styles.figureRow}>
            <dt className={styles.term}>
              <Trans>Turnover, with {attrition} leaving a year</Trans>
            </dt>
            <dd className={styles.value}>{formatRange(cost.turnover)}</dd>
          </div>
        </dl>
        <h4 className={styles.cardTitle}>
          <Trans>What the same money covers with us</Trans>
        </h4>
        <ul className={styles.planList}>
          {coverage.map(({ planId, units }) => {
            const plan = plans.find((candidate) => candidate.id === planId);
            if (!plan) return null;
            const count = formatCount(units);
            return (
              <li key={planId} className={styles.planRow}>
                <span>
                  <span className={styles.planName}>{plan.name}</span>{' '}
                  <span className={styles.muted}>
                    {plan.coverageHours === '24x7' ? (
                      <Trans>24x7 cover</Trans>
                    ) : (
                      <Trans>business hours</Trans>
                    )}
                  </span>
                </span>
                <span className={styles.value}>
                  <Trans>{count} servers or nodes</Trans>
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={`${styles.card} ${styles.wide}`} aria-labelledby={`${headingId}-stats`}>
        <h3 id={`${headingId}-stats`} className={styles.cardTitle}>
          <Trans>Average cost statistics</Trans>
        </h3>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>
              <Trans>Average cost per engineer a year</Trans>
            </dt>
            <dd className={styles.statValue}>{formatRange(cost.averagePerEngineer)}</dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>
              <Trans>Cost of a year of effective work, at {effective} effective time</Trans>
            </dt>
            <dd className={styles.statValue}>{formatRange(cost.perEffectiveYear)}</dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>
              <Trans>Replacing one engineer, at {replacement} of a salary</Trans>
            </dt>
            <dd className={styles.statValue}>{formatRange(cost.replacementPerLeaver)}</dd>
          </div>
        </dl>
        <h4 className={styles.cardTitle}>
          <Trans>Where the salaries go</Trans>
        </h4>
        <ul className={styles.bars}>
          {timeSplit.map((part) => (
            <li key={part.key}>
              <div className={styles.barLabel}>
                <span>
                  {part.label} ({pct(part.percent)})
                </span>
                <span className={styles.value}>{formatMoney(cost.payrollByTime[part.key])}</span>
              </div>
              <div className={styles.barTrack} aria-hidden="true">
                <div className={styles.barFill} style={{ width: `${part.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The why-us cost calculator: results change only when the visitor applies the inputs. */
export default function CostCalculator(props: CostCalculatorProps) {
  return (
    <I18nProvider i18n={islandI18n(props.locale, catalogs)}>
      <CostCalculatorBody {...props} />
    </I18nProvider>
  );
}
