import fc from 'fast-check';
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
const silver = { id: 'silver', pricePerUnitMonth: 79, volumeDiscount: true };
const gold = { id: 'gold', pricePerUnitMonth: 129, volumeDiscount: true };
const platinum = { id: 'platinum', pricePerUnitMonth: 199, volumeDiscount: true };

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
      bands: [{ fromUnits: 1, toUnits: 9, percent: 0, perUnit: 49, monthly: 441 }],
      nextStep: { fromUnits: 10, percent: 5 },
    });
  });

  it('discounts only the units within each step', () => {
    // 9 × 49 + 15 × 46.55 + 6 × 44.10
    expect(priceForUnits(bronze, 30, discounts)).toMatchObject({
      listMonthly: 1470,
      discountPercent: 10,
      saving: 66.15,
      monthly: 1403.85,
      perUnit: 46.8,
      bands: [
        { fromUnits: 1, toUnits: 9, percent: 0, perUnit: 49, monthly: 441 },
        { fromUnits: 10, toUnits: 24, percent: 5, perUnit: 46.55, monthly: 698.25 },
        { fromUnits: 25, toUnits: 30, percent: 10, perUnit: 44.1, monthly: 264.6 },
      ],
      nextStep: { fromUnits: 50, percent: 15 },
    });
    expect(priceForUnits(gold, 100, discounts)).toMatchObject({
      listMonthly: 12900,
      discountPercent: 20,
      monthly: 9 * 129 + 15 * 122.55 + 25 * 116.1 + 50 * 109.65 + 103.2,
      nextStep: null,
    });
  });

  it('makes the 25th Bronze unit cost more, not less, than 24 units', () => {
    expect(priceForUnits(bronze, 24, discounts).monthly).toBe(1139.25);
    expect(priceForUnits(bronze, 25, discounts).monthly).toBe(1183.35);
  });

  it('never lets one more unit cost less, on any plan', () => {
    const plan = fc.record({
      id: fc.constant('any'),
      pricePerUnitMonth: fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100),
      volumeDiscount: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(basic, bronze, silver, gold, platinum), plan),
        fc.integer({ min: 1, max: 1000 }),
        (subject, units) => {
          const now = priceForUnits(subject, units, discounts).monthly;
          const next = priceForUnits(subject, units + 1, discounts).monthly;
          expect(next).toBeGreaterThanOrEqual(now);
        },
      ),
      { numRuns: 2000 },
    );
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
    expect(priceForUnits(gold, 0, discounts)).toMatchObject({
      listMonthly: 0,
      saving: 0,
      monthly: 0,
      bands: [],
    });
  });

  it('rounds each band to the cent', () => {
    expect(
      priceForUnits({ id: 'x', pricePerUnitMonth: 33.33, volumeDiscount: true }, 13, discounts),
    ).toMatchObject({
      listMonthly: 433.29,
      saving: 6.67,
      monthly: 426.62,
    });
  });
});

describe('unitsForYearlyBudget', () => {
  it('finds the largest count the budget pays for', () => {
    // 9 Bronze units cost 441 × 12 = 5292 a year; 10 cost 487.55 × 12 = 5850.60.
    expect(unitsForYearlyBudget(bronze, 5291.99, discounts)).toBe(8);
    expect(unitsForYearlyBudget(bronze, 5292, discounts)).toBe(9);
    expect(unitsForYearlyBudget(bronze, 5850.6, discounts)).toBe(10);
    expect(unitsForYearlyBudget(basic, 29 * 12 * 150, discounts)).toBe(150);
  });

  it('agrees with the price of every count the budget lands on', () => {
    fc.assert(
      fc.property(fc.constantFrom(basic, bronze, gold), fc.integer({ min: 1, max: 1000 }), (plan, units) => {
        const yearly = priceForUnits(plan, units, discounts).monthly * 12;
        expect(unitsForYearlyBudget(plan, yearly, discounts)).toBe(units);
      }),
    );
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
