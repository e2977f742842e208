import { describe, expect, it } from 'vitest';
import { resellerEarnings } from './reseller';

const discounts = [
  { fromUnits: 10, percent: 5 },
  { fromUnits: 25, percent: 10 },
];
const terms = { signupBonus: 1000, commissionPercent: 20, commissionMonths: 12, payoutEveryMonths: 3 };
const basic = { id: 'basic', pricePerUnitMonth: 29, volumeDiscount: false };
const platinum = { id: 'platinum', pricePerUnitMonth: 199, volumeDiscount: true };

describe('resellerEarnings', () => {
  it('pays the bonus and 20% of twelve months of the customer’s invoices', () => {
    // 10 Platinum units: 9 at 199 and the tenth at 5% off = 1980.05 a month.
    expect(resellerEarnings(platinum, 10, discounts, terms)).toEqual({
      planId: 'platinum',
      units: 10,
      signupBonus: 1000,
      revenue: 23_760.6,
      commission: 4752.12,
      earnings: 5752.12,
      payouts: [2188.03, 1188.03, 1188.03, 1188.03],
    });
  });

  it('pays on Basic without a unit discount', () => {
    const earnings = resellerEarnings(basic, 10, discounts, terms);
    expect(earnings.revenue).toBe(3480);
    expect(earnings.commission).toBe(696);
    expect(earnings.earnings).toBe(1696);
  });

  it('pays out quarterly: the payouts add up to the earnings', () => {
    const earnings = resellerEarnings(platinum, 37, discounts, terms);
    expect(earnings.payouts).toHaveLength(4);
    expect(earnings.payouts.reduce((sum, payout) => sum + payout, 0)).toBeCloseTo(earnings.earnings, 2);
  });

  it('cuts a commission period that does not fill the last payout short', () => {
    const earnings = resellerEarnings(basic, 1, discounts, { ...terms, commissionMonths: 4 });
    // 29 a month × 20% = 5.80: three months, then one.
    expect(earnings.payouts).toEqual([1017.4, 5.8]);
  });

  it('still pays the bonus for a customer with no units yet', () => {
    const earnings = resellerEarnings(platinum, 0, discounts, terms);
    expect(earnings.commission).toBe(0);
    expect(earnings.earnings).toBe(1000);
    expect(earnings.payouts[0]).toBe(1000);
  });
});
