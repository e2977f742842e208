import { describe, expect, it } from 'vitest';
import {
  billConsultation,
  billedMinutesOf,
  businessMinutesOf,
  type ConsultationTask,
  freeConsultationMinutes,
} from './consultation-billing';
import type { PlanId } from './pricing';

// 2026-03-02 is a Monday, 2026-03-07 a Saturday.
const MONDAY = '2026-03-02';
const SATURDAY = '2026-03-07';
const task = (overrides: Partial<ConsultationTask>): ConsultationTask => ({
  date: MONDAY,
  startMinute: 9 * 60,
  minutes: 60,
  level: 2,
  hourlyRateEur: 80,
  ...overrides,
});

describe('the parts of the rule', () => {
  it.each([
    [1, 15],
    [14, 15],
    [15, 15],
    [16, 16],
    [125, 125],
  ])('a %i-minute task is billed %i minutes', (minutes, billed) => {
    expect(billedMinutesOf(minutes)).toBe(billed);
  });

  it.each([
    ['within the day', MONDAY, 9 * 60, 60, 60],
    ['starting before 08:00', MONDAY, 7 * 60, 120, 60],
    ['running past 17:00', MONDAY, 16 * 60 + 30, 60, 30],
    ['in the evening', MONDAY, 18 * 60, 60, 0],
    ['on a Saturday', SATURDAY, 9 * 60, 60, 0],
  ])('business minutes of a task %s', (_, date, start, minutes, expected) => {
    expect(businessMinutesOf(date, start, minutes)).toBe(expected);
  });

  it.each([
    ['basic', 15],
    ['bronze', 60],
    ['silver', 60],
    ['gold', 60],
    ['platinum', 60],
    [null, 0],
  ] as [PlanId | null, number][])('the free time on %s is %i minutes', (plan, minutes) => {
    expect(freeConsultationMinutes(plan)).toBe(minutes);
  });
});

describe('billConsultation', () => {
  const subscriber = (plan: PlanId | null) => ({ plan, nonSubscriberSurchargePercent: 25 });

  it.each([
    {
      case: 'an hour of level 2 on Gold is free',
      tasks: [task({})],
      plan: 'gold' as const,
      total: 0,
      free: 60,
    },
    {
      case: 'Basic covers 15 of 60 minutes: 45 minutes at 80 €/h',
      tasks: [task({})],
      plan: 'basic' as const,
      total: 60,
      free: 15,
    },
    {
      case: 'a 5-minute task is billed as 15 minutes',
      tasks: [task({ minutes: 5, level: 1, hourlyRateEur: 59 })],
      plan: null,
      total: 18.44,
      free: 0,
    },
    {
      case: 'free time never covers level 3',
      tasks: [task({ level: 3, hourlyRateEur: 110 })],
      plan: 'silver' as const,
      total: 110,
      free: 0,
    },
    {
      case: 'free time never covers evenings or weekends',
      tasks: [task({ startMinute: 18 * 60 }), task({ date: SATURDAY })],
      plan: 'platinum' as const,
      total: 160,
      free: 0,
    },
    {
      case: 'level 2 takes the free time before level 1',
      tasks: [task({ level: 1, hourlyRateEur: 59 }), task({ startMinute: 11 * 60 })],
      plan: 'bronze' as const,
      total: 59,
      free: 60,
    },
    {
      case: 'without a plan the non-subscriber surcharge applies',
      tasks: [task({ minutes: 120 })],
      plan: null,
      total: 200,
      free: 0,
    },
  ])('$case', ({ tasks, plan, total, free }) => {
    const bill = billConsultation(tasks, subscriber(plan));
    expect(bill.totalEur).toBe(total);
    expect(bill.freeMinutesUsed).toBe(free);
  });

  it('splits each level into business and outside minutes', () => {
    const bill = billConsultation(
      [task({ startMinute: 16 * 60, minutes: 120 }), task({ level: 3, hourlyRateEur: 110, minutes: 10 })],
      subscriber('gold'),
    );
    expect(bill.levels).toEqual([
      {
        level: 2,
        workedMinutes: 120,
        billedMinutes: 120,
        businessMinutes: 60,
        outsideMinutes: 60,
        freeMinutes: 60,
        chargedMinutes: 60,
        amountEur: 80,
      },
      {
        level: 3,
        workedMinutes: 10,
        billedMinutes: 15,
        businessMinutes: 15,
        outsideMinutes: 0,
        freeMinutes: 0,
        chargedMinutes: 15,
        amountEur: 27.5,
      },
    ]);
    expect(bill.totalEur).toBe(107.5);
  });

  it('bills nothing for no tasks', () => {
    expect(billConsultation([], subscriber('gold'))).toEqual({
      levels: [],
      freeMinutesIncluded: 60,
      freeMinutesUsed: 0,
      totalEur: 0,
    });
  });
});
