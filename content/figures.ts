import { z } from 'zod';
import figuresJson from './data/figures.json' with { type: 'json' };

/** The business constants of spec section 9 that the site's calculators, tables and PDFs quote. */
const Percent = z.number().min(0).max(100);
const Euros = z.number().min(0);
const EuroRange = z
  .object({ low: z.number().min(0), high: z.number().min(0) })
  .refine((range) => range.low <= range.high, 'low must not exceed high');

const Figures = z.object({
  currency: z.literal('EUR'),
  trialDays: z.number().int().positive().describe('The Basic plan trial'),
  prices: z.object({
    subscriptionsFromMonthly: Euros,
    consultationsFromMonthly: Euros,
    averageConsultationRate: EuroRange.describe('Per hour'),
    typicalMix: z
      .array(z.object({ level: z.number().int().min(1).max(3), percent: Percent }))
      .refine(
        (mix) => mix.reduce((sum, part) => sum + part.percent, 0) === 100,
        'The mix must add up to 100%',
      ),
  }),
  consultationBilling: z.object({
    minimumMinutes: z.number().int().positive().describe('Billed per minute per task, at least this long'),
    businessHours: z.object({ from: z.string().regex(/^\d\d:\d\d$/), to: z.string().regex(/^\d\d:\d\d$/) }),
  }),
  teamCost: z
    .object({
      effectivePercent: Percent,
      workAboutWorkPercent: Percent,
      skilledPercent: Percent,
      strategyPercent: Percent,
      turnoverCostPercent: EuroRange.describe('Cost of replacing an engineer, % of salary'),
      annualAttritionPercent: Percent.describe(
        'Share of the team expected to leave in a year (our assumption)',
      ),
      defaults: z.object({
        juniorCount: z.number().int().min(0),
        seniorCount: z.number().int().min(0),
        juniorSalary: Euros,
        seniorSalary: Euros,
      }),
    })
    .refine(
      (team) =>
        team.skilledPercent + team.strategyPercent === team.effectivePercent &&
        team.effectivePercent + team.workAboutWorkPercent === 100,
      'Effective time is skilled work plus strategy, and the rest is work about work',
    ),
  reseller: z.object({
    signupBonus: Euros,
    commissionPercent: Percent,
    commissionMonths: z.number().int().positive(),
    payoutEveryMonths: z.number().int().positive().describe('3: quarterly'),
    exampleUnits: z.number().int().positive().describe('The customer size the earnings table assumes'),
  }),
});

export const figures = Figures.parse(figuresJson);
