import { isWeekend, parseISO } from 'date-fns';
import type { PlanId } from './pricing';

/**
 * Consultation billing (spec section 9): per minute per task with a 15-minute minimum; business
 * hours 08:00–17:00 on business days in the customer's time zone; the plan's free consultation
 * time is used first, the rest is billed at the level's rate. Decision 0044 fills in the rest.
 */
export const MINIMUM_BILLED_MINUTES = 15;
export const BUSINESS_HOURS = { startMinute: 8 * 60, endMinute: 17 * 60 } as const;
/** Free consultation covers level 2 work (and the simpler level 1 work). */
export const FREE_CONSULTATION_MAX_LEVEL = 2;

/** The plan's free consultation time a month: 15 minutes on Basic, an hour on the others, none without a plan. */
export function freeConsultationMinutes(plan: PlanId | null): number {
  if (plan === null) return 0;
  return plan === 'basic' ? 15 : 60;
}

/** Monday to Friday; `date` is YYYY-MM-DD in the customer's time zone. */
export const isBusinessDay = (date: string): boolean => !isWeekend(parseISO(date));

/** The minutes of a task (wall-clock in the customer's zone) that fall within business hours. */
export function businessMinutesOf(date: string, startMinute: number, minutes: number): number {
  if (!isBusinessDay(date)) return 0;
  const from = Math.max(startMinute, BUSINESS_HOURS.startMinute);
  const to = Math.min(startMinute + minutes, BUSINESS_HOURS.endMinute);
  return Math.max(0, to - from);
}

/** A task is billed by the minute, but never for less than the minimum. */
export const billedMinutesOf = (minutes: number): number => Math.max(MINIMUM_BILLED_MINUTES, minutes);

export interface ConsultationTask {
  /** YYYY-MM-DD in the customer's time zone. */
  date: string;
  startMinute: number;
  minutes: number;
  level: number;
  hourlyRateEur: number;
}

export interface BilledLevel {
  level: number;
  workedMinutes: number;
  billedMinutes: number;
  businessMinutes: number;
  outsideMinutes: number;
  freeMinutes: number;
  chargedMinutes: number;
  amountEur: number;
}

export interface ConsultationBill {
  levels: BilledLevel[];
  freeMinutesIncluded: number;
  freeMinutesUsed: number;
  totalEur: number;
}

interface BilledTask extends ConsultationTask {
  billed: number;
  business: number;
  free: number;
}

const cents = (euros: number) => Math.round(euros * 100) / 100;

/**
 * One customer's month of billable tasks. The minimum's top-up counts as business time when any
 * of the task is; the free time goes to business-hours work of the highest covered level first.
 */
export function billConsultation(
  tasks: readonly ConsultationTask[],
  options: { plan: PlanId | null; nonSubscriberSurchargePercent: number },
): ConsultationBill {
  const billed: BilledTask[] = tasks.map((task) => {
    const billedMinutes = billedMinutesOf(task.minutes);
    const business = businessMinutesOf(task.date, task.startMinute, task.minutes);
    return {
      ...task,
      billed: billedMinutes,
      business: business > 0 ? business + (billedMinutes - task.minutes) : 0,
      free: 0,
    };
  });
  const freeMinutesIncluded = freeConsultationMinutes(options.plan);
  let freeLeft = freeMinutesIncluded;
  const coveredFirst = billed
    .filter((task) => task.level <= FREE_CONSULTATION_MAX_LEVEL && task.business > 0)
    .sort((a, b) => b.level - a.level || a.date.localeCompare(b.date) || a.startMinute - b.startMinute);
  for (const task of coveredFirst) {
    task.free = Math.min(freeLeft, task.business);
    freeLeft -= task.free;
  }
  const surcharge = options.plan === null ? 1 + options.nonSubscriberSurchargePercent / 100 : 1;
  const levels = [...new Set(billed.map((task) => task.level))].sort().map((level): BilledLevel => {
    const ofLevel = billed.filter((task) => task.level === level);
    const sum = (pick: (task: BilledTask) => number) =>
      ofLevel.reduce((total, task) => total + pick(task), 0);
    const billedMinutes = sum((task) => task.billed);
    const businessMinutes = sum((task) => task.business);
    const freeMinutes = sum((task) => task.free);
    return {
      level,
      workedMinutes: sum((task) => task.minutes),
      billedMinutes,
      businessMinutes,
      outsideMinutes: billedMinutes - businessMinutes,
      freeMinutes,
      chargedMinutes: billedMinutes - freeMinutes,
      amountEur: cents(sum((task) => ((task.billed - task.free) * task.hourlyRateEur * surcharge) / 60)),
    };
  });
  return {
    levels,
    freeMinutesIncluded,
    freeMinutesUsed: freeMinutesIncluded - freeLeft,
    totalEur: cents(levels.reduce((total, level) => total + level.amountEur, 0)),
  };
}
