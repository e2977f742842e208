/** Subscription and consultation prices: the math behind the pricing page, invoices and the reseller table. */

/** What pricing needs of a plan (content/data/plans.json carries more). */
export interface PlanPrice {
  id: string;
  pricePerUnitMonth: number;
  /** Basic is false: its price never drops with the unit count. */
  volumeDiscount: boolean;
}

/** A step of the unit-count discount: `percent` off every unit once there are `fromUnits` or more. */
export interface VolumeDiscount {
  fromUnits: number;
  percent: number;
}

export interface UnitPrice {
  units: number;
  /** Units × list price, per month. */
  listMonthly: number;
  discountPercent: number;
  /** What the discount takes off the list price, per month. */
  saving: number;
  /** What the customer pays per month. */
  monthly: number;
  /** The monthly price of one unit after the discount. */
  perUnit: number;
  /** The next discount step above this count, or null at the top step or on a plan without discounts. */
  nextStep: VolumeDiscount | null;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (cents: number) => cents / 100;

function assertCount(value: number, name: string) {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
}

const ascending = (discounts: readonly VolumeDiscount[]) =>
  [...discounts].sort((a, b) => a.fromUnits - b.fromUnits);

/** The discount percent for a unit count: the highest step it has reached, 0 below the first. */
export function volumeDiscountPercent(units: number, discounts: readonly VolumeDiscount[]): number {
  assertCount(units, 'units');
  return ascending(discounts).reduce(
    (percent, step) => (units >= step.fromUnits ? step.percent : percent),
    0,
  );
}

/**
 * The monthly price of `units` servers or nodes on a plan. The discount step reached applies to every
 * unit (10 units at 5% off: 10 × price × 0.95); plans without volume discounts (Basic) pay list price.
 * Amounts are rounded to the cent.
 */
export function priceForUnits(
  plan: PlanPrice,
  units: number,
  discounts: readonly VolumeDiscount[],
): UnitPrice {
  const steps = plan.volumeDiscount ? ascending(discounts) : [];
  const discountPercent = volumeDiscountPercent(units, steps);
  const listCents = units * cents(plan.pricePerUnitMonth);
  const savingCents = Math.round((listCents * discountPercent) / 100);
  const monthlyCents = listCents - savingCents;
  return {
    units,
    listMonthly: euros(listCents),
    discountPercent,
    saving: euros(savingCents),
    monthly: euros(monthlyCents),
    perUnit: euros(Math.round((cents(plan.pricePerUnitMonth) * (100 - discountPercent)) / 100)),
    nextStep: steps.find((step) => step.fromUnits > units) ?? null,
  };
}

/**
 * The most units a yearly budget pays for on a plan (12 × the monthly price, discounts included).
 * Because a step discounts every unit, a count just above a step can cost less than one just below
 * it, so each step is tried and the largest affordable count wins.
 */
export function unitsForYearlyBudget(
  plan: PlanPrice,
  yearlyBudget: number,
  discounts: readonly VolumeDiscount[],
): number {
  if (!(yearlyBudget > 0)) return 0;
  const budgetCents = cents(yearlyBudget);
  const steps = [{ fromUnits: 1, percent: 0 }, ...(plan.volumeDiscount ? ascending(discounts) : [])];
  const fits = (units: number) => cents(priceForUnits(plan, units, discounts).monthly) * 12 <= budgetCents;
  let best = 0;
  steps.forEach((step, index) => {
    const unitYearCents = (cents(plan.pricePerUnitMonth) * 12 * (100 - step.percent)) / 100;
    const stepEnd = steps[index + 1]?.fromUnits ?? Number.POSITIVE_INFINITY;
    let units = Math.min(Math.floor(budgetCents / unitYearCents), stepEnd - 1);
    // Cent rounding can tip the estimate over the budget by one unit.
    while (units >= step.fromUnits && !fits(units)) units -= 1;
    if (units >= step.fromUnits) best = Math.max(best, units);
  });
  return best;
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
