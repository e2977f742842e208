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
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CustomerRow,
  clusters,
  clusterTags,
  invoices,
  products,
  type StoredInvoiceLine,
  servers,
  serverTags,
  type TimeEntryRow,
  timeEntries,
  timeMonths,
} from '../../db/schema';
import { planPeriodsForMonth } from '../plans';
import { customerPlans, inMonth } from '../time-registration';

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
  const [targets, serverRows, clusterRows, serverTagRows, clusterTagRows] = await Promise.all([
    planPeriodsForMonth(db, customerId, month),
    db
      .select({ id: servers.id, certname: servers.certname })
      .from(servers)
      .where(eq(servers.customerId, customerId)),
    db
      .select({ id: clusters.id, certname: clusters.certname, nodes: clusters.nodeCount })
      .from(clusters)
      .where(eq(clusters.customerId, customerId)),
    db
      .select({ id: serverTags.serverId, tagId: serverTags.tagId })
      .from(serverTags)
      .innerJoin(servers, eq(servers.id, serverTags.serverId))
      .where(eq(servers.customerId, customerId)),
    db
      .select({ id: clusterTags.clusterId, tagId: clusterTags.tagId })
      .from(clusterTags)
      .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
      .where(eq(clusters.customerId, customerId)),
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

const taskColumns = { entry: timeEntries, level: products.level, rate: products.priceEur };

const taskOf = ({ entry, level, rate }: { entry: TimeEntryRow; level: number | null; rate: number }) => ({
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
  const rows = await db
    .select(taskColumns)
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .where(and(eq(timeEntries.customerId, customerId), eq(timeEntries.billable, true), inMonth(month)));
  return rows.map(taskOf);
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
  const unbilled = await db
    .select({ id: timeEntries.id, date: timeEntries.date })
    .from(timeEntries)
    .innerJoin(
      timeMonths,
      and(
        eq(timeMonths.employeeId, timeEntries.employeeId),
        eq(timeMonths.month, sql`to_char(${timeEntries.date}, 'YYYY-MM')`),
      ),
    )
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.billable, true),
        isNull(timeEntries.invoiceId),
        lt(timeEntries.date, monthRange(period).until),
        eq(timeMonths.status, 'approved'),
        lte(timeMonths.decidedAt, now),
      ),
    );
  const months = [...new Set(unbilled.map((entry) => monthOf(entry.date)))].sort();
  const [first] = months;
  if (first === undefined) return { lines: [], entryIds: [] };
  const entryIds = unbilled.map((entry) => entry.id);
  const [rows, invoiced, plan] = await Promise.all([
    db
      .select(taskColumns)
      .from(timeEntries)
      .innerJoin(products, eq(products.id, timeEntries.productId))
      .where(
        and(
          eq(timeEntries.customerId, customerId),
          gte(timeEntries.date, monthRange(first).from),
          or(isNotNull(timeEntries.invoiceId), inArray(timeEntries.id, entryIds)),
        ),
      ),
    db.select({ lines: invoices.lines }).from(invoices).where(eq(invoices.customerId, customerId)),
    freeTimePlan(db, customerId, now),
  ]);
  const invoicedLines = invoiced.flatMap((invoice) => invoice.lines);
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
