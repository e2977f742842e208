import type { ExpenseCeilings } from '@tidewatch/contract';
import {
  ceilingState,
  consultationLines,
  crossedThresholds,
  daysOfMonth,
  monthEndForecast,
  monthOf,
  shiftDate,
  todayIn,
} from '@tidewatch/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail';
import { ceilingAlertMail } from '../mail';
import { queueWebhookEvent } from '../webhooks';
import {
  consultationBill,
  consultationTasks,
  freeTimePlan,
  type MachineOfMonth,
  machinesOf,
  subscriptionOf,
  usedBefore,
} from './charges';
import {
  claimCeilingAlerts,
  customersWithCeilings,
  findCeilingMonth,
  groupCeilingsOf,
  noteCeilingMonthReached,
  spendRecipientsOf,
} from './repository/ceilings';
import type { CustomerRow } from './repository/documents';

const sumCents = (lines: readonly { amountCents: number }[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);
const nextDay = (date: string) => shiftDate(date, 1);

/**
 * This month's spend so far against the customer's ceiling and its groups', from the invoice
 * arithmetic: subscription used up to and including today, and every billable consultation task
 * so far (approved or not: months are approved after they end). Groups' spend is their servers'
 * and clusters' subscription; consultation is not booked to a group.
 */
export async function ceilingsOf(db: Database, customer: CustomerRow, now: Date): Promise<ExpenseCeilings> {
  const today = todayIn(now, customer.timezone);
  const month = monthOf(today);
  const days = daysOfMonth(month);
  const elapsed = days.filter((day) => day <= today);
  const [machines, tasks, groupRows, monthRow] = await Promise.all([
    machinesOf(db, customer.id, month),
    consultationTasks(db, customer.id, month),
    groupCeilingsOf(db, customer.id),
    findCeilingMonth(db, customer.id, month),
  ]);
  const plan = await freeTimePlan(db, customer.id, now);
  const consultationBefore = (until: string) =>
    sumCents(
      consultationLines(
        consultationBill(
          tasks.filter((task) => task.date < until),
          plan,
        ),
      ),
    );
  const subscriptionBefore = (of: readonly MachineOfMonth[], until: string) =>
    sumCents(subscriptionOf(month, usedBefore(of, until)));
  const consultationToDate = consultationBefore(nextDay(today));
  const gauge = (of: readonly MachineOfMonth[], ceilingEur: number, withConsultation: boolean) => {
    const consultation = withConsultation ? consultationToDate : 0;
    const state = ceilingState(
      subscriptionBefore(of, nextDay(today)) + consultation,
      monthEndForecast(sumCents(subscriptionOf(month, of)), consultation, elapsed.length, days.length),
      Math.round(ceilingEur * 100),
    );
    return {
      ceiling_cents: state.ceilingCents,
      spent_cents: state.spentCents,
      forecast_cents: state.forecastCents,
      percent: state.percent,
      level: state.level,
    };
  };
  const whole = gauge(machines, customer.expenseCeilingEur ?? 0, true);
  const state = {
    customer_id: customer.id,
    month,
    daily: elapsed.map((day) => ({
      date: day,
      spent_cents: subscriptionBefore(machines, nextDay(day)) + consultationBefore(nextDay(day)),
    })),
    spent_cents: whole.spent_cents,
    forecast_cents: whole.forecast_cents,
    customer: customer.expenseCeilingEur === null ? null : whole,
    groups: groupRows.map((group) => ({
      tag_id: group.tagId,
      tag_name: group.name,
      ...gauge(
        machines.filter((machine) => machine.tagIds.includes(group.tagId)),
        group.ceilingEur,
        false,
      ),
    })),
    pre_approved: Boolean(monthRow?.preApprovedAt),
  };
  return { ...state, reached_ceiling_eur: reachedCeilingEur(state) };
}

/** The ceiling whose hard level is reached (the customer's first, else a group's) in EUR, or 0. */
export function reachedCeilingEur(state: Pick<ExpenseCeilings, 'customer' | 'groups'>): number {
  const reached = [state.customer, ...state.groups].find((gauge) => gauge?.level === 'hard');
  return reached ? reached.ceiling_cents / 100 : 0;
}

/** Each of the month's ceilings: the customer's (scope `customer`) and each group's (its tag id). */
const gaugesOf = (state: ExpenseCeilings) => [
  ...(state.customer ? [{ scope: 'customer', group: null, gauge: state.customer }] : []),
  ...state.groups.map((group) => ({ scope: group.tag_id, group: group.tag_name, gauge: group })),
];

/** The warnings the ceilings' spend has crossed. */
const crossedOf = (gauges: ReturnType<typeof gaugesOf>) =>
  gauges.flatMap(({ scope, gauge }) =>
    crossedThresholds(gauge.percent).map((threshold) => ({ scope, threshold })),
  );

/**
 * Warns once a month at each threshold a ceiling's spend has crossed (50, 80 and 100 %, the
 * customer's and each group's): its finance contacts and managers by mail, in its language, and
 * its webhooks (`expense_ceiling.threshold`). A ceiling lowered below the spend crosses too. The
 * claim and the webhook messages are one transaction; the hard level's month is noted as before.
 */
export async function alertCeilings(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  customer: CustomerRow,
  state: ExpenseCeilings,
  now: Date,
  publicUrl: string,
): Promise<void> {
  if (state.reached_ceiling_eur > 0) await noteCeilingMonthReached(db, customer.id, state.month, now);
  const gauges = gaugesOf(state);
  const crossed = crossedOf(gauges);
  if (!crossed.length) return;
  const claimed = await db.transaction(async (tx) => {
    const alerts = await claimCeilingAlerts(tx, customer.id, state.month, crossed, now);
    for (const alert of alerts) {
      const { group, gauge } = gauges.find((each) => each.scope === alert.scope) ?? {};
      if (!gauge) continue;
      await queueWebhookEvent(
        tx,
        customer.id,
        'expense_ceiling.threshold',
        {
          customer_id: customer.id,
          month: state.month,
          scope: group ? 'group' : 'customer',
          group: group ?? null,
          threshold: alert.threshold,
          percent: gauge.percent,
          spent_cents: gauge.spent_cents,
          ceiling_cents: gauge.ceiling_cents,
          forecast_cents: gauge.forecast_cents,
          currency: 'EUR',
        },
        now,
      );
    }
    return alerts;
  });
  if (!claimed.length) return;
  const recipients = await spendRecipientsOf(db, customer);
  const url = new URL('/customer/invoices', publicUrl).toString();
  // The highest threshold crossed of each ceiling is the one worth a mail; a jump past two sends one.
  const worth = claimed.filter(
    (alert) => !claimed.some((other) => other.scope === alert.scope && other.threshold > alert.threshold),
  );
  await mailer.queue(
    worth.flatMap((alert) => {
      const { group, gauge } = gauges.find((each) => each.scope === alert.scope) ?? {};
      if (!gauge) return [];
      return recipients.map((to) =>
        ceilingAlertMail(customer.billingLanguage, {
          to,
          company: customer.companyName,
          group: group ?? null,
          threshold: alert.threshold,
          percent: gauge.percent,
          spentCents: gauge.spent_cents,
          ceilingCents: gauge.ceiling_cents,
          forecastCents: gauge.forecast_cents,
          url,
        }),
      );
    }),
    log.child({ customerId: customer.id }),
  );
}

/**
 * The warnings this month's spend has crossed, as sent without sending them: the demo's past, so
 * that a first start warns nobody of spend it did not see happen.
 */
export async function settleCeilingAlerts(db: Database, now: Date): Promise<void> {
  for (const customer of await customersWithCeilings(db)) {
    const state = await ceilingsOf(db, customer, now);
    const crossed = crossedOf(gaugesOf(state));
    await db.transaction((tx) => claimCeilingAlerts(tx, customer.id, state.month, crossed, now));
  }
}

/** Checks every customer with a ceiling for the warnings its spend has crossed. */
export async function checkCeilings(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  now: Date,
  publicUrl: string,
): Promise<void> {
  for (const customer of await customersWithCeilings(db)) {
    await alertCeilings(db, mailer, log, customer, await ceilingsOf(db, customer, now), now, publicUrl);
  }
}
