import { describe, expect, it } from 'vitest';
import {
  blendedHourlyRate,
  priceForUnits,
  surchargedRate,
  unitsForYearlyBudget,
  volumeDiscountPercent,
} from './pricing';

const discounts = [
  { fromUnits: 25, percent: 10 },
  { fromUnits: 10, percent: 5 },
  { fromUnits: 100, percent: 20 },
  { fromUnits: 50, percent: 15 },
];
const basic = { id: 'basic', pricePerUnitMonth: 29, volumeDiscount: false };
const bronze = { id: 'bronze', pricePerUnitMonth: 49, volumeDiscount: true };
const gold = { id: 'gold', pricePerUnitMonth: 129, volumeDiscount: true };

describe('volumeDiscountPercent', () => {
  it('takes the highest step reached, in whatever order the steps are listed', () => {
    expect(volumeDiscountPercent(0, discounts)).toBe(0);
    expect(volumeDiscountPercent(9, discounts)).toBe(0);
    expect(volumeDiscountPercent(10, discounts)).toBe(5);
    expect(volumeDiscountPercent(24, discounts)).toBe(5);
    expect(volumeDiscountPercent(25, discounts)).toBe(10);
    expect(volumeDiscountPercent(49, discounts)).toBe(10);
    expect(volumeDiscountPercent(50, discounts)).toBe(15);
    expect(volumeDiscountPercent(99, discounts)).toBe(15);
    expect(volumeDiscountPercent(100, discounts)).toBe(20);
    expect(volumeDiscountPercent(5000, discounts)).toBe(20);
  });

  it('refuses negative and fractional counts', () => {
    expect(() => volumeDiscountPercent(-1, discounts)).toThrow(RangeError);
    expect(() => volumeDiscountPercent(2.5, discounts)).toThrow(RangeError);
  });
});

describe('priceForUnits', () => {
  it('charges list price below the first step and names the next one', () => {
    expect(priceForUnits(bronze, 9, discounts)).toEqual({
      units: 9,
      listMonthly: 441,
      discountPercent: 0,
      saving: 0,
      monthly: 441,
      perUnit: 49,
      nextStep: { fromUnits: 10, percent: 5 },
    });
  });

  it('discounts every unit once a step is reached', () => {
    expect(priceForUnits(bronze, 10, discounts)).toMatchObject({
      listMonthly: 490,
      discountPercent: 5,
      saving: 24.5,
      monthly: 465.5,
      perUnit: 46.55,
      nextStep: { fromUnits: 25, percent: 10 },
    });
    expect(priceForUnits(gold, 100, discounts)).toMatchObject({
      listMonthly: 12900,
      discountPercent: 20,
      saving: 2580,
      monthly: 10320,
      nextStep: null,
    });
  });

  it('never discounts Basic, however many units', () => {
    const price = priceForUnits(basic, 250, discounts);
    expect(price).toMatchObject({
      listMonthly: 7250,
      discountPercent: 0,
      saving: 0,
      monthly: 7250,
      perUnit: 29,
    });
    expect(price.nextStep).toBeNull();
  });

  it('prices zero units at zero', () => {
    expect(priceForUnits(gold, 0, discounts)).toMatchObject({ listMonthly: 0, saving: 0, monthly: 0 });
  });

  it('rounds to the cent', () => {
    expect(
      priceForUnits({ id: 'x', pricePerUnitMonth: 33.33, volumeDiscount: true }, 13, discounts),
    ).toMatchObject({
      listMonthly: 433.29,
      saving: 21.66,
      monthly: 411.63,
    });
  });
});

describe('unitsForYearlyBudget', () => {
  it('finds the largest count the budget pays for', () => {
    // 9 Bronze units cost 441 × 12 = 5292 a year; 10 cost 465.50 × 12 = 5586.
    expect(unitsForYearlyBudget(bronze, 5291.99, discounts)).toBe(8);
    expect(unitsForYearlyBudget(bronze, 5292, discounts)).toBe(9);
    expect(unitsForYearlyBudget(bronze, 5586, discounts)).toBe(10);
    expect(unitsForYearlyBudget(basic, 29 * 12 * 150, discounts)).toBe(150);
  });

  it('prefers the count past a step when that step makes it cheaper', () => {
    // 24 Gold units at 5% off cost more a year than 25 at 10% off.
    const twentyFive = priceForUnits(gold, 25, discounts).monthly * 12;
    expect(priceForUnits(gold, 24, discounts).monthly * 12).toBeGreaterThan(twentyFive);
    expect(unitsForYearlyBudget(gold, twentyFive, discounts)).toBe(25);
  });

  it('pays for nothing without a budget', () => {
    expect(unitsForYearlyBudget(gold, 0, discounts)).toBe(0);
    expect(unitsForYearlyBudget(gold, -100, discounts)).toBe(0);
    expect(unitsForYearlyBudget(gold, 100, discounts)).toBe(0);
  });
});

describe('consultation rates', () => {
  it('adds a surcharge to the euro', () => {
    expect(surchargedRate(59, 20)).toBe(71);
    expect(surchargedRate(80, 25)).toBe(100);
    expect(surchargedRate(110, 0)).toBe(110);
  });

  it('averages the typical mix of 80% level 1 and 20% level 2', () => {
    const rates = [
      { level: 1, hourly: 59 },
      { level: 2, hourly: 80 },
      { level: 3, hourly: 110 },
    ];
    expect(
      blendedHourlyRate(rates, [
        { level: 1, percent: 80 },
        { level: 2, percent: 20 },
      ]),
    ).toBe(63.2);
    expect(() => blendedHourlyRate(rates, [{ level: 4, percent: 100 }])).toThrow(RangeError);
  });
});
