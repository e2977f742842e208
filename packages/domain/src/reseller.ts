import { type PlanPrice, priceForUnits, type VolumeDiscount } from './pricing';

/** The reseller programme's terms (content/data/figures.json). */
export interface ResellerTerms {
  /** Paid once per new customer. */
  signupBonus: number;
  /** Share of what the customer pays, for `commissionMonths` months. */
  commissionPercent: number;
  commissionMonths: number;
  /** Months per payout: 3 for quarterly. */
  payoutEveryMonths: number;
}

export interface ResellerEarnings {
  planId: string;
  units: number;
  signupBonus: number;
  /** What the customer pays over the commission period. */
  revenue: number;
  commission: number;
  /** Signup bonus plus commission: the amount the reseller earns. */
  earnings: number;
  /** Each payout in order; the first carries the signup bonus. */
  payouts: number[];
}

/**
 * What a reseller earns from one new customer with `units` servers or nodes on a plan:
 *
 *   revenue     R = monthly price (unit-count discount included) × commission months
 *   commission  = monthly price × commission % each month, summed over the commission months
 *   earnings    = signup bonus + commission
 *   payouts     commission of each period of `payoutEveryMonths` months; the bonus with the first
 *
 * Commission is worked out per monthly invoice and rounded to the cent, as it is paid.
 */
export function resellerEarnings(
  plan: PlanPrice,
  units: number,
  discounts: readonly VolumeDiscount[],
  terms: ResellerTerms,
): ResellerEarnings {
  const monthlyCents = Math.round(priceForUnits(plan, units, discounts).monthly * 100);
  const monthlyCommissionCents = Math.round((monthlyCents * terms.commissionPercent) / 100);
  const bonusCents = Math.round(terms.signupBonus * 100);
  // At least one payout, so a bonus is paid even without a commission period.
  const payoutCount = Math.max(1, Math.ceil(terms.commissionMonths / terms.payoutEveryMonths));
  const payouts = Array.from({ length: payoutCount }, (_, index) => {
    const months = Math.max(
      0,
      Math.min(terms.payoutEveryMonths, terms.commissionMonths - index * terms.payoutEveryMonths),
    );
    return (monthlyCommissionCents * months + (index === 0 ? bonusCents : 0)) / 100;
  });
  const commissionCents = monthlyCommissionCents * terms.commissionMonths;
  return {
    planId: plan.id,
    units,
    signupBonus: terms.signupBonus,
    revenue: (monthlyCents * terms.commissionMonths) / 100,
    commission: commissionCents / 100,
    earnings: (bonusCents + commissionCents) / 100,
    payouts,
  };
}
