import type { ExpenseCeilings } from '@tidewatch/contract';
import {
  ceilingState,
  consultationLines,
  daysOfMonth,
  monthEndForecast,
  monthOf,
  shiftDate,
  todayIn,
} from '@tidewatch/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail';
import { ceilingReachedMail } from '../mail';
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
  claimCeilingMail,
  customersWithCeilings,
  findCeilingMonth,
  groupCeilingsOf,
  noteCeilingMonthReached,
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

/**
 * Records the month's hard ceiling when reached and mails the customer, once a month: the row's
 * `mailed_at` is claimed with one conditional update, so replicas checking at once send one mail.
 */
export async function noteCeilingReached(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  customer: CustomerRow,
  state: ExpenseCeilings,
  now: Date,
  publicUrl: string,
): Promise<void> {
  const ceilingEur = state.reached_ceiling_eur;
  if (ceilingEur === 0) return;
  await noteCeilingMonthReached(db, customer.id, state.month, now);
  const to = customer.billingEmail ?? customer.alertEmail;
  const claimed = await claimCeilingMail(db, customer.id, state.month, now);
  if (!claimed || !to) return;
  await mailer.queue(
    [
      ceilingReachedMail(customer.billingLanguage, {
        to,
        company: customer.companyName,
        ceilingEur,
        url: new URL('/customer/invoices', publicUrl).toString(),
      }),
    ],
    log,
  );
}

/** Checks every customer with a ceiling: the job's part of the hard-level notice and mail. */
export async function checkCeilings(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  now: Date,
  publicUrl: string,
): Promise<void> {
  for (const customer of await customersWithCeilings(db)) {
    await noteCeilingReached(db, mailer, log, customer, await ceilingsOf(db, customer, now), now, publicUrl);
  }
}
