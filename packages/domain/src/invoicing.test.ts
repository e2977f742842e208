import { describe, expect, it } from 'vitest';
import { billConsultation } from './consultation-billing';
import {
  billedMonthOf,
  ceilingState,
  consultationLines,
  dueDate,
  effectiveStatus,
  invoiceDate,
  invoiceNumber,
  invoiceTotals,
  monthEndForecast,
  type PlanPeriod,
  subscriptionLines,
} from './invoicing';
import type { PlanId } from './pricing';
import { monthRange } from './time-registration';

/** A machine on one plan for the whole month (none without a plan). */
function wholeMonthPeriods(month: string, plan: PlanId | null): PlanPeriod[] {
  if (plan === null) return [];
  const { from, until } = monthRange(month);
  return [{ plan, from, until }];
}

const discounts = [
  { fromUnits: 10, percent: 5 },
  { fromUnits: 25, percent: 10 },
  { fromUnits: 50, percent: 15 },
  { fromUnits: 100, percent: 20 },
];
const plans = [
  { id: 'basic', pricePerUnitMonth: 29, volumeDiscount: false },
  { id: 'bronze', pricePerUnitMonth: 49, volumeDiscount: true },
  { id: 'silver', pricePerUnitMonth: 79, volumeDiscount: true },
];
const servers = (count: number, plan: 'basic' | 'bronze' | 'silver', month = '2025-03') =>
  Array.from({ length: count }, () => ({
    kind: 'server' as const,
    units: 1,
    periods: wholeMonthPeriods(month, plan),
  }));

describe('subscriptionLines', () => {
  it.each([
    // units, plan, discount on the last unit, monthly cents (graduated: 1–9 list, 10–24 −5 %, 25+ −10 %)
    [1, 'silver', 0, 7900],
    [9, 'silver', 0, 71100],
    [10, 'silver', 5, 71100 + 7505],
    [30, 'silver', 10, 71100 + 15 * 7505 + 6 * 7110],
    [30, 'basic', 0, 30 * 2900],
  ] as const)('%i servers on %s: %i %% off the last unit, %i cents', (count, plan, percent, cents) => {
    const [line] = subscriptionLines('2025-03', servers(count, plan), plans, discounts);
    expect(line).toMatchObject({
      plan,
      servers: count,
      nodes: 0,
      days: 31,
      discountPercent: percent,
      amountCents: cents,
    });
  });

  it('counts a cluster’s nodes with the servers on the same plan towards the discount', () => {
    const lines = subscriptionLines(
      '2025-03',
      [...servers(6, 'bronze'), { kind: 'node', units: 4, periods: wholeMonthPeriods('2025-03', 'bronze') }],
      plans,
      discounts,
    );
    expect(lines).toEqual([
      expect.objectContaining({
        plan: 'bronze',
        servers: 6,
        nodes: 4,
        discountPercent: 5,
        amountCents: 9 * 4900 + 4655,
      }),
    ]);
  });

  it('prorates a mid-month upgrade by days: the old plan up to the change, the new one from it', () => {
    const upgraded = {
      kind: 'server' as const,
      units: 1,
      periods: [
        { plan: 'bronze' as const, from: '2025-04-01', until: '2025-04-16' },
        { plan: 'silver' as const, from: '2025-04-16', until: '2025-05-01' },
      ],
    };
    const lines = subscriptionLines('2025-04', [upgraded], plans, discounts);
    expect(lines).toEqual([
      expect.objectContaining({
        plan: 'bronze',
        from: '2025-04-01',
        until: '2025-04-16',
        days: 15,
        amountCents: 2450,
      }),
      expect.objectContaining({
        plan: 'silver',
        from: '2025-04-16',
        until: '2025-05-01',
        days: 15,
        amountCents: 3950,
      }),
    ]);
  });

  it('splits a plan’s line where its unit count changes, each run at its own discount', () => {
    const added = {
      kind: 'server' as const,
      units: 1,
      periods: [{ plan: 'silver' as const, from: '2025-02-15', until: '2025-03-01' }],
    };
    const lines = subscriptionLines('2025-02', [...servers(9, 'silver', '2025-02'), added], plans, discounts);
    expect(lines.map((line) => [line.servers, line.days, line.discountPercent, line.amountCents])).toEqual([
      [9, 14, 0, Math.round((71100 * 14) / 28)],
      [10, 14, 5, Math.round(((71100 + 7505) * 14) / 28)],
    ]);
  });

  it('bills nothing for machines without a plan', () => {
    expect(
      subscriptionLines(
        '2025-03',
        [{ kind: 'server', units: 1, periods: wholeMonthPeriods('2025-03', null) }],
        plans,
        discounts,
      ),
    ).toEqual([]);
  });
});

describe('consultationLines', () => {
  const task = (minutes: number, level = 2) => ({
    date: '2025-03-04',
    startMinute: 9 * 60,
    minutes,
    level,
    hourlyRateEur: 120,
  });

  it.each([
    ['the included hour covers it', 'silver', [task(45)], []],
    [
      'time beyond the included hour is billed',
      'silver',
      [task(90)],
      [{ level: 2, chargedMinutes: 30, amountCents: 6000 }],
    ],
    [
      'a 5-minute task is billed as the 15-minute minimum',
      'basic',
      [task(15), task(5)],
      [{ level: 2, chargedMinutes: 15, amountCents: 3000 }],
    ],
    [
      'level 3 is never covered',
      'silver',
      [task(30, 3)],
      [{ level: 3, chargedMinutes: 30, amountCents: 6000 }],
    ],
  ] as const)('%s', (_, plan, tasks, lines) => {
    const bill = billConsultation(tasks, { plan, nonSubscriberSurchargePercent: 25 });
    expect(consultationLines(bill)).toEqual(lines);
  });

  it('bills what earlier invoices left: the month’s bill less their lines, per level', () => {
    const bill = billConsultation([task(90), task(40), task(30, 3)], {
      plan: 'silver',
      nonSubscriberSurchargePercent: 25,
    });
    const invoiced = [{ level: 2, chargedMinutes: 30, amountCents: 6000 }];
    expect(consultationLines(bill, invoiced)).toEqual([
      { level: 2, chargedMinutes: 40, amountCents: 8000 },
      { level: 3, chargedMinutes: 30, amountCents: 6000 },
    ]);
    expect(consultationLines(bill, consultationLines(bill))).toEqual([]);
  });
});

describe('invoiceTotals', () => {
  it.each([
    [
      'a Danish customer pays Danish VAT',
      { country: 'DK', vatId: 'DK12345678', vatRatePercent: 25 },
      25,
      2500,
      false,
    ],
    [
      'an EU business abroad with a VAT number: reverse charge',
      { country: 'DE', vatId: 'DE123456789', vatRatePercent: 0 },
      0,
      0,
      true,
    ],
    [
      'an EU customer abroad without one pays the rate on record',
      { country: 'SE', vatId: null, vatRatePercent: 25 },
      25,
      2500,
      false,
    ],
    [
      'outside the EU: the rate on record (none)',
      { country: 'US', vatId: 'X1', vatRatePercent: 0 },
      0,
      0,
      false,
    ],
  ] as const)('%s', (_, customer, rate, vat, reverseCharge) => {
    expect(invoiceTotals([7000, 3000], customer, 'DK')).toEqual({
      subtotalCents: 10000,
      vatRatePercent: rate,
      vatCents: vat,
      totalCents: 10000 + vat,
      reverseCharge,
    });
  });

  it('rounds VAT to the cent once, on the subtotal', () => {
    expect(invoiceTotals([1, 1, 1], { country: 'DK', vatId: null, vatRatePercent: 25 }, 'DK').vatCents).toBe(
      1,
    );
  });
});

describe('dates, numbers and status', () => {
  it.each([
    ['2025-03', 1, '2025-03-01'],
    ['2025-02', 31, '2025-02-28'],
    ['2024-02', 30, '2024-02-29'],
  ] as const)('the invoice day of %s with day %i is %s', (month, day, date) => {
    expect(invoiceDate(month, day)).toBe(date);
  });

  it('bills the month before the invoice month, due after the credit days', () => {
    expect(billedMonthOf('2025-01')).toBe('2024-12');
    expect(dueDate('2025-01-25', 14)).toBe('2025-02-08');
  });

  it('numbers from the serial', () => {
    expect(invoiceNumber('acmecorp', 7)).toBe('ACMECORP-0007');
  });

  it.each([
    ['issued', '2025-02-08', '2025-02-08', 'issued'],
    ['issued', '2025-02-08', '2025-02-09', 'overdue'],
    ['paid', '2025-02-08', '2025-03-01', 'paid'],
    ['draft', '2025-02-08', '2025-03-01', 'draft'],
  ] as const)('%s, due %s, on %s is %s', (stored, due, today, shown) => {
    expect(effectiveStatus(stored, due, today)).toBe(shown);
  });
});

describe('ceilingState', () => {
  it.each([
    [0, 100000, 'under', 0],
    [79999, 100000, 'under', 79],
    [80000, 100000, 'soft', 80],
    [99999, 100000, 'soft', 99],
    [100000, 100000, 'hard', 100],
    [150000, 100000, 'hard', 150],
    [150000, 0, 'under', 0],
  ] as const)('%i cents against %i: %s (%i %%)', (spent, ceiling, level, percent) => {
    expect(ceilingState(spent, 0, ceiling)).toMatchObject({ level, percent });
  });

  it('forecasts the whole subscription plus consultation at its pace', () => {
    expect(monthEndForecast(50000, 10000, 10, 30)).toBe(80000);
  });
});
