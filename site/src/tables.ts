import { consultationRates, figures, plans, pricingPage, resellerPage } from '@tidewatch/content';
import { resellerEarnings, surchargedRate } from '@tidewatch/domain';
import { businessValues } from './business-values';
import { fill, type Language, money } from './format';

/** Tables the pages and the PDFs both show, built once so they always agree. */

/** The reseller earnings table (spec section 2): plan, signup bonus, 12-month revenue, amount you earn. */
export function resellerEarningsTable(language: Language) {
  const text = resellerPage[language].earnings;
  const values = businessValues(language);
  return {
    caption: fill(text.caption, values),
    columns: [
      { label: text.planHeader },
      { label: text.bonusHeader, numeric: true },
      { label: fill(text.revenueHeader, values), numeric: true },
      { label: text.earnHeader, numeric: true },
    ],
    rows: plans.plans.map((plan) => {
      const row = resellerEarnings(
        plan,
        figures.reseller.exampleUnits,
        plans.volumeDiscounts,
        figures.reseller,
      );
      return [
        plan.name,
        money(language, row.signupBonus),
        money(language, row.revenue),
        money(language, row.earnings),
      ];
    }),
  };
}

/** Consultation levels with their experience band and hourly rate after a surcharge (0 for remote). */
export function consultationRateRows(language: Language, surchargePercent: number) {
  const text = pricingPage[language].consultation;
  return consultationRates.levels.map((level) => ({
    level: fill(text.level, { level: level.level }),
    text: text.levels.find((item) => item.level === level.level)?.text ?? '',
    experience:
      level.experienceYears.to === null
        ? fill(text.experienceFrom, { from: level.experienceYears.from })
        : fill(text.experienceRange, { from: level.experienceYears.from, to: level.experienceYears.to }),
    rate: money(language, surchargedRate(level.remoteHourly, surchargePercent)),
  }));
}
