import { describe, expect, it } from 'vitest';
import { teamCost, unitsForTeamCost } from './team-cost';

const figures = {
  workAboutWorkPercent: 60,
  skilledPercent: 27,
  strategyPercent: 13,
  effectivePercent: 40,
  turnoverCostPercent: { low: 150, high: 200 },
  annualAttritionPercent: 20,
};
const team = { juniorCount: 2, seniorCount: 2, juniorSalary: 60_000, seniorSalary: 90_000 };

describe('teamCost', () => {
  it('adds the expected cost of turnover to the payroll, as a range', () => {
    const cost = teamCost(team, figures);
    expect(cost.headcount).toBe(4);
    expect(cost.payroll).toBe(300_000);
    // 20% of the team leaves a year; each leaver costs 150% to 200% of salary.
    expect(cost.turnover).toEqual({ low: 90_000, high: 120_000 });
    expect(cost.total).toEqual({ low: 390_000, high: 420_000 });
    expect(cost.averagePerEngineer).toEqual({ low: 97_500, high: 105_000 });
    expect(cost.replacementPerLeaver).toEqual({ low: 112_500, high: 150_000 });
  });

  it('prices a year of effective work at the average divided by the effective 40%', () => {
    expect(teamCost(team, figures).perEffectiveYear).toEqual({ low: 243_750, high: 262_500 });
  });

  it('splits the payroll by how the time is spent', () => {
    expect(teamCost(team, figures).payrollByTime).toEqual({
      workAboutWork: 180_000,
      skilled: 81_000,
      strategy: 39_000,
    });
  });

  it('costs nothing with no engineers, without dividing by zero', () => {
    const cost = teamCost({ ...team, juniorCount: 0, seniorCount: 0 }, figures);
    expect(cost.headcount).toBe(0);
    expect(cost.total).toEqual({ low: 0, high: 0 });
    expect(cost.averagePerEngineer).toEqual({ low: 0, high: 0 });
    expect(cost.perEffectiveYear).toEqual({ low: 0, high: 0 });
    expect(cost.replacementPerLeaver).toEqual({ low: 0, high: 0 });
  });

  it('works with one kind of engineer only', () => {
    const cost = teamCost({ ...team, juniorCount: 0, seniorCount: 1 }, figures);
    expect(cost.payroll).toBe(90_000);
    expect(cost.averagePerEngineer.low).toBe(117_000);
  });

  it('refuses negative, fractional head counts and impossible salaries', () => {
    expect(() => teamCost({ ...team, juniorCount: -1 }, figures)).toThrow(RangeError);
    expect(() => teamCost({ ...team, seniorCount: 1.5 }, figures)).toThrow(RangeError);
    expect(() => teamCost({ ...team, juniorSalary: Number.NaN }, figures)).toThrow(RangeError);
  });
});

describe('unitsForTeamCost', () => {
  const plans = [
    { id: 'basic', pricePerUnitMonth: 29, volumeDiscount: false },
    { id: 'gold', pricePerUnitMonth: 129, volumeDiscount: true },
  ];
  const discounts = [
    { fromUnits: 10, percent: 5 },
    { fromUnits: 100, percent: 20 },
  ];

  it('tells how many units each plan covers for the low end of the in-house cost', () => {
    const cost = teamCost(team, figures);
    // 390,000 a year: Basic 29 × 12 = 348 a unit; Gold 9 at 129, 90 at 5% off, the rest at 20% off.
    expect(unitsForTeamCost(cost, plans, discounts)).toEqual([
      { planId: 'basic', units: 1120 },
      { planId: 'gold', units: 295 },
    ]);
  });

  it('covers nothing for an empty team', () => {
    const cost = teamCost({ ...team, juniorCount: 0, seniorCount: 0 }, figures);
    expect(unitsForTeamCost(cost, plans, discounts).map((row) => row.units)).toEqual([0, 0]);
  });
});
