import { brand, consultationRates, plans } from '@tidewatch/content';
import {
  type BilledMachine,
  billConsultation,
  type ConsultationBill,
  type ConsultationTask,
  consultationLines,
  monthRange,
  type PlanId,
  type PlanPeriod,
  subscriptionLines,
} from '@tidewatch/domain';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CustomerRow,
  clusters,
  clusterTags,
  products,
  type StoredInvoiceLine,
  servers,
  serverTags,
  timeEntries,
  timeMonths,
} from '../../db/schema';
import { planPeriodsForMonth } from '../plans/repository';
import { customerPlans } from '../time-registration/repository';

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

/**
 * A customer's billable consultation tasks of a month: only those in approved months for an
 * invoice, every one so far for the month-to-date spend.
 */
export async function consultationTasks(
  db: Database,
  customerId: string,
  month: string,
  options: { approvedOnly: boolean },
): Promise<ConsultationTask[]> {
  const { from, until } = monthRange(month);
  const rows = await db
    .select({ entry: timeEntries, level: products.level, rate: products.priceEur })
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .leftJoin(timeMonths, and(eq(timeMonths.employeeId, timeEntries.employeeId), eq(timeMonths.month, month)))
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.billable, true),
        gte(timeEntries.date, from),
        lt(timeEntries.date, until),
        options.approvedOnly ? eq(timeMonths.status, 'approved') : undefined,
      ),
    );
  return rows.map(({ entry, level, rate }) => ({
    date: entry.date,
    startMinute: entry.startMinute,
    minutes: entry.minutes,
    level: level ?? 1,
    hourlyRateEur: rate,
  }));
}

/** The plan whose free consultation time the customer gets (decision 0044). */
export const freeTimePlan = async (db: Database, customerId: string, now: Date): Promise<PlanId | null> =>
  (await customerPlans(db, [customerId], now)).get(customerId) ?? null;

export const consultationBill = (tasks: readonly ConsultationTask[], plan: PlanId | null): ConsultationBill =>
  billConsultation(tasks, {
    plan,
    nonSubscriberSurchargePercent: consultationRates.nonSubscriberSurchargePercent,
  });

/** The lines of a customer's invoice for a billed month. */
export async function invoiceLines(
  db: Database,
  customer: CustomerRow,
  month: string,
  now: Date,
): Promise<StoredInvoiceLine[]> {
  const [machines, tasks] = await Promise.all([
    machinesOf(db, customer.id, month),
    consultationTasks(db, customer.id, month, { approvedOnly: true }),
  ]);
  const bill = consultationBill(tasks, await freeTimePlan(db, customer.id, now));
  return [
    ...subscriptionOf(month, machines).map((line) => ({ kind: 'subscription' as const, ...line })),
    ...consultationLines(bill).map((line) => ({ kind: 'consultation' as const, ...line })),
  ];
}

export const HOME_COUNTRY = brand.company.country;
