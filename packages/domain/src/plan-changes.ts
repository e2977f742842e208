import { PLAN_IDS, type PlanId } from './pricing';

/**
 * Plan changes (spec section 4): an upgrade applies at once and is prorated on the next
 * invoice; a downgrade or a cancellation applies at the start of the next month, since the
 * month is paid for and nothing is refunded (decision 0053). Months are calendar months in UTC.
 */
export type PlanChangeKind = 'upgrade' | 'downgrade' | 'cancellation' | 'unchanged';

/** Basic is the least, Platinum the most; no plan (unmanaged, or support ended) is below all. */
const rank = (plan: PlanId | null) => (plan === null ? -1 : PLAN_IDS.indexOf(plan));

export function planChangeKind(from: PlanId | null, to: PlanId | null): PlanChangeKind {
  if (from === to) return 'unchanged';
  if (to === null) return 'cancellation';
  return rank(to) > rank(from) ? 'upgrade' : 'downgrade';
}

/** The first instant of the month after `at`'s, in UTC. */
export function startOfNextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** When a change asked for at `at` applies. */
export function planChangeEffectiveAt(kind: Exclude<PlanChangeKind, 'unchanged'>, at: Date): Date {
  return kind === 'upgrade' ? at : startOfNextMonth(at);
}

/** A calendar month as `YYYY-MM`, from its first instant to the next month's (UTC). */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, monthNumber - 1, 1));
  return { start, end: startOfNextMonth(start) };
}

/**
 * The part of `month` a plan period covers, from 0 to 1: the share of the month's time within
 * [from, to) (`to` null: still running). Proration bills each period by its share.
 */
export function monthFraction(period: { from: Date; to: Date | null }, month: string): number {
  const { start, end } = monthBounds(month);
  const from = Math.max(period.from.getTime(), start.getTime());
  const to = Math.min(period.to?.getTime() ?? Number.POSITIVE_INFINITY, end.getTime());
  return to <= from ? 0 : (to - from) / (end.getTime() - start.getTime());
}

/** How long before a sign-up trial ends the customer is reminded, by mail once and in the portal. */
export const TRIAL_REMINDER_DAYS = 7;

/** The instant from which a trial ending at `endsAt` is recalled. */
export function trialReminderFrom(endsAt: Date): Date {
  return new Date(endsAt.getTime() - TRIAL_REMINDER_DAYS * 86_400_000);
}
