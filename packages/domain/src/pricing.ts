/** Subscription and consultation prices: the math behind the pricing page, invoices and the reseller table. */

/** The subscription plans, cheapest first; content/data/plans.json prices them. */
export const PLAN_IDS = ['basic', 'bronze', 'silver', 'gold', 'platinum'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What pricing needs of a plan (content/data/plans.json carries more). */
export interface PlanPrice {
  id: string;
  pricePerUnitMonth: number;
  /** Basic is false: its price never drops with the unit count. */
  volumeDiscount: boolean;
}

/** A step of the unit-count discount: `percent` off each unit from the `fromUnits`-th on (until the next step). */
export interface VolumeDiscount {
  fromUnits: number;
  percent: number;
}

/** The units of a count that fall within one discount step, and what they cost. */
export interface PriceBand {
  fromUnits: number;
  /** The last unit of the band within the count. */
  toUnits: number;
  percent: number;
  /** The monthly price of one unit in this band. */
  perUnit: number;
  monthly: number;
}

export interface UnitPrice {
  units: number;
  /** Units × list price, per month. */
  listMonthly: number;
  /** The discount on the last unit: the highest step reached. */
  discountPercent: number;
  /** What the discounts take off the list price, per month. */
  saving: number;
  /** What the customer pays per month. */
  monthly: number;
  /** The average monthly price of one unit after the discounts. */
  perUnit: number;
  /** The units in each step reached, lowest first (one band at list price on a plan without discounts). */
  bands: PriceBand[];
  /** The next discount step above this count, or null at the top step or on a plan without discounts. */
  nextStep: VolumeDiscount | null;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (cents: number) => cents / 100;

function assertCount(value: number, name: string) {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
}

/** The steps lowest first, starting with list price from the first unit. */
const ladder = (discounts: readonly VolumeDiscount[]): VolumeDiscount[] => [
  { fromUnits: 1, percent: 0 },
  ...[...discounts].filter((step) => step.fromUnits > 1).sort((a, b) => a.fromUnits - b.fromUnits),
];

/** The discount percent for a unit count: the highest step it has reached, 0 below the first. */
export function volumeDiscountPercent(units: number, discounts: readonly VolumeDiscount[]): number {
  assertCount(units, 'units');
  return ladder(discounts).reduce((percent, step) => (units >= step.fromUnits ? step.percent : percent), 0);
}

/**
 * The monthly price of `units` servers or nodes on a plan. Discounts are graduated: each step's rate
 * applies only to the units within it (at 30 units: 1–9 at list price, 10–24 at 5% off, 25–30 at 10%
 * off), so one more unit never costs less. Plans without volume discounts (Basic) pay list price.
 * Each band is rounded to the cent.
 */
export function priceForUnits(
  plan: PlanPrice,
  units: number,
  discounts: readonly VolumeDiscount[],
): UnitPrice {
  assertCount(units, 'units');
  const steps = ladder(plan.volumeDiscount ? discounts : []);
  const unitCents = cents(plan.pricePerUnitMonth);
  const bands = steps.flatMap((step, index) => {
    const toUnits = Math.min(units, (steps[index + 1]?.fromUnits ?? Number.POSITIVE_INFINITY) - 1);
    if (toUnits < step.fromUnits) return [];
    const count = toUnits - step.fromUnits + 1;
    return [
      {
        fromUnits: step.fromUnits,
        toUnits,
        percent: step.percent,
        perUnit: euros(Math.round((unitCents * (100 - step.percent)) / 100)),
        monthly: euros(Math.round((count * unitCents * (100 - step.percent)) / 100)),
      },
    ];
  });
  const listCents = units * unitCents;
  const monthlyCents = bands.reduce((sum, band) => sum + cents(band.monthly), 0);
  return {
    units,
    listMonthly: euros(listCents),
    discountPercent: bands.at(-1)?.percent ?? 0,
    saving: euros(listCents - monthlyCents),
    monthly: euros(monthlyCents),
    perUnit: units === 0 ? plan.pricePerUnitMonth : euros(Math.round(monthlyCents / units)),
    bands,
    nextStep: steps.find((step) => step.fromUnits > units && step.percent > 0) ?? null,
  };
}

/** The most units a yearly budget pays for on a plan (12 × the monthly price, discounts included). */
export function unitsForYearlyBudget(
  plan: PlanPrice,
  yearlyBudget: number,
  discounts: readonly VolumeDiscount[],
): number {
  if (!(yearlyBudget > 0)) return 0;
  const budgetCents = cents(yearlyBudget);
  const fits = (units: number) => cents(priceForUnits(plan, units, discounts).monthly) * 12 <= budgetCents;
  // The price never falls as units grow, so a binary search between nothing and a count the budget
  // cannot reach (even at the deepest discount) finds the largest affordable count.
  const deepest = Math.max(0, ...(plan.volumeDiscount ? discounts.map((step) => step.percent) : []));
  const cheapestYearCents = (cents(plan.pricePerUnitMonth) * 12 * (100 - deepest)) / 100;
  let low = 0;
  let high = Math.floor(budgetCents / cheapestYearCents) + 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** An hourly rate with a surcharge in percent (onsite work, customers without a subscription), to the euro. */
export function surchargedRate(remoteHourly: number, surchargePercent: number): number {
  return Math.round(remoteHourly * (1 + surchargePercent / 100));
}

/** The average hourly rate of a mix of levels, e.g. 80% level 1 and 20% level 2, to the cent. */
export function blendedHourlyRate(
  rates: readonly { level: number; hourly: number }[],
  mix: readonly { level: number; percent: number }[],
): number {
  const total = mix.reduce((sum, part) => {
    const rate = rates.find((candidate) => candidate.level === part.level);
    if (!rate) throw new RangeError(`No rate for level ${part.level}`);
    return sum + rate.hourly * part.percent;
  }, 0);
  return Math.round(total) / 100;
}
