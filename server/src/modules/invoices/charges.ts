import { brand, consultationRates, plans } from '@tidewatch/content';
import {
  type BilledMachine,
  billConsultation,
  type ConsultationBill,
  type ConsultationTask,
  consultationLines,
  monthOf,
  monthRange,
  type PlanId,
  type PlanPeriod,
  subscriptionLines,
} from '@tidewatch/domain';
import type { Database } from '../../db/client';
import { planPeriodsForMonth } from '../plans';
import { customerPlans } from '../time-registration';
import {
  billableTasksOfMonth,
  billedOrBillingTasksSince,
  invoicedLinesOf,
  machinesWithTags,
  type StoredInvoiceLine,
  type TaskRow,
  unbilledApprovedEntries,
} from './repository/charges';
import type { CustomerRow } from './repository/documents';

/** A server or cluster with its plan periods over a month and its tags (ceilings per group). */
export interface MachineOfMonth extends BilledMachine {
  tagIds: string[];
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Each server's and cluster's billed plan periods within a month, from the plan history (trial
 * periods are not billed). A change during a day bills the new plan from that day.
 */
export async function machinesOf(db: Database, customerId: string, month: string): Promise<MachineOfMonth[]> {
  const { until } = monthRange(month);
  const [targets, { serverRows, clusterRows, serverTagRows, clusterTagRows }] = await Promise.all([
    planPeriodsForMonth(db, customerId, month),
    machinesWithTags(db, customerId),
  ]);
  const tagsOf = (rows: { id: string; tagId: string }[], id: string) =>
    rows.filter((row) => row.id === id).map((row) => row.tagId);
  return targets.flatMap((target): MachineOfMonth[] => {
    const periods = target.periods
      .filter((period) => !period.trial)
      .map((period) => ({
        plan: period.plan,
        from: dayOf(period.from),
        until: period.to ? dayOf(period.to) : until,
      }));
    if (target.kind === 'server') {
      const row = serverRows.find((server) => server.certname === target.certname);
      return row ? [{ kind: 'server', units: 1, periods, tagIds: tagsOf(serverTagRows, row.id) }] : [];
    }
    const row = clusterRows.find((cluster) => cluster.certname === target.certname);
    return row ? [{ kind: 'node', units: row.nodes, periods, tagIds: tagsOf(clusterTagRows, row.id) }] : [];
  });
}

/** The machines' periods cut off before `until` (YYYY-MM-DD): what has been used so far. */
export const usedBefore = (machines: readonly MachineOfMonth[], until: string): MachineOfMonth[] =>
  machines.map((machine) => ({
    ...machine,
    periods: machine.periods
      .filter((period) => period.from < until)
      .map((period): PlanPeriod => ({ ...period, until: period.until < until ? period.until : until })),
  }));

export const subscriptionOf = (month: string, machines: readonly BilledMachine[]) =>
  subscriptionLines(month, machines, plans.plans, plans.volumeDiscounts);

const taskOf = ({ entry, level, rate }: TaskRow) => ({
  date: entry.date,
  startMinute: entry.startMinute,
  minutes: entry.minutes,
  level: level ?? 1,
  hourlyRateEur: rate,
});

/** A customer's billable consultation tasks of a month so far, approved or not: the month-to-date spend. */
export async function consultationTasks(
  db: Database,
  customerId: string,
  month: string,
): Promise<ConsultationTask[]> {
  return (await billableTasksOfMonth(db, customerId, month)).map(taskOf);
}

/** The plan whose free consultation time the customer gets (decision 0044). */
export const freeTimePlan = async (db: Database, customerId: string, now: Date): Promise<PlanId | null> =>
  (await customerPlans(db, [customerId], now)).get(customerId) ?? null;

export const consultationBill = (tasks: readonly ConsultationTask[], plan: PlanId | null): ConsultationBill =>
  billConsultation(tasks, {
    plan,
    nonSubscriberSurchargePercent: consultationRates.nonSubscriberSurchargePercent,
  });

/** An invoice's lines and the time entries it bills. */
export interface InvoiceContent {
  lines: StoredInvoiceLine[];
  entryIds: string[];
}

/**
 * The consultation an invoice for `period` bills: every billable entry of that month or before
 * whose month was approved by `now` and that no invoice has billed. Each month's lines are its
 * whole bill less what earlier invoices charged for it, so a month approved late is billed in full
 * on the next invoice, in lines naming the month (decision 0054).
 */
async function consultationToInvoice(
  db: Database,
  customerId: string,
  period: string,
  now: Date,
): Promise<InvoiceContent> {
  const unbilled = await unbilledApprovedEntries(db, customerId, monthRange(period).until, now);
  const months = [...new Set(unbilled.map((entry) => monthOf(entry.date)))].sort();
  const [first] = months;
  if (first === undefined) return { lines: [], entryIds: [] };
  const entryIds = unbilled.map((entry) => entry.id);
  const [rows, invoicedLines, plan] = await Promise.all([
    billedOrBillingTasksSince(db, customerId, monthRange(first).from, entryIds),
    invoicedLinesOf(db, customerId),
    freeTimePlan(db, customerId, now),
  ]);
  const lines = months.flatMap((month) => {
    const tasks = rows.filter((row) => monthOf(row.entry.date) === month).map(taskOf);
    const before = invoicedLines.flatMap((line) =>
      line.kind === 'consultation' && line.month === month ? [line] : [],
    );
    return consultationLines(consultationBill(tasks, plan), before).map((line) => ({
      kind: 'consultation' as const,
      month,
      ...line,
    }));
  });
  return { lines, entryIds };
}

/** A customer's invoice for a billed month: the month's subscription and the consultation still to bill. */
export async function invoiceContent(
  db: Database,
  customer: CustomerRow,
  period: string,
  now: Date,
): Promise<InvoiceContent> {
  const [machines, consultation] = await Promise.all([
    machinesOf(db, customer.id, period),
    consultationToInvoice(db, customer.id, period, now),
  ]);
  return {
    lines: [
      ...subscriptionOf(period, machines).map((line) => ({ kind: 'subscription' as const, ...line })),
      ...consultation.lines,
    ],
    entryIds: consultation.entryIds,
  };
}

export const HOME_COUNTRY = brand.company.country;
