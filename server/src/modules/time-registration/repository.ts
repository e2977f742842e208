import type { MonthState, TimeEntry } from '@tidewatch/contract';
import { monthRange, PLAN_IDS, type PlanId } from '@tidewatch/domain';
import { and, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clusters,
  customers,
  servers,
  type TimeEntryRow,
  type TimeMonthRow,
  timeEntries,
  timeMonths,
} from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database, or a transaction holding an employee's months. */
export type Queryable = Database | Tx;

export const inMonth = (month: string) => {
  const { from, until } = monthRange(month);
  return and(gte(timeEntries.date, from), lt(timeEntries.date, until));
};

export function entryBody(row: TimeEntryRow): TimeEntry {
  return {
    id: row.id,
    customer_id: row.customerId,
    date: row.date,
    start_minute: row.startMinute,
    minutes: row.minutes,
    product_id: row.productId,
    description: row.description,
    ticket_ref: row.ticketRef,
    kind: row.kind,
    billable: row.billable,
  };
}

export function monthStateBody(month: string, row: TimeMonthRow | undefined): MonthState {
  return {
    month,
    status: row?.status ?? 'open',
    comment: row?.comment ?? null,
    submitted_at: row?.submittedAt.toISOString() ?? null,
    decided_at: row?.decidedAt?.toISOString() ?? null,
    decided_by: row?.decidedBy ?? null,
  };
}

export async function findMonth(
  db: Queryable,
  employeeId: string,
  month: string,
): Promise<TimeMonthRow | undefined> {
  const [row] = await db
    .select()
    .from(timeMonths)
    .where(and(eq(timeMonths.employeeId, employeeId), eq(timeMonths.month, month)));
  return row;
}

export async function entriesOf(db: Queryable, employeeId: string, month: string): Promise<TimeEntryRow[]> {
  return db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.employeeId, employeeId), inMonth(month)))
    .orderBy(timeEntries.date, timeEntries.startMinute);
}

/**
 * Holds the employee's months until the transaction ends: changes to a month's entries and its
 * hand-in take turns, so no entry lands in a month handed in meanwhile (decision 43). Months are
 * taken in order, so two writers that each move an entry between months never deadlock.
 */
export async function holdMonths(tx: Tx, employeeId: string, months: readonly string[]): Promise<void> {
  for (const month of [...new Set(months)].sort()) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`time-month:${employeeId}:${month}`}, 0))`,
    );
  }
}

/** The employee's entry sharing a moment with [start, end), other than `exceptId`, with its customer. */
export async function overlappingEntry(
  db: Queryable,
  employeeId: string,
  interval: { start: Date; end: Date },
  exceptId?: string,
): Promise<(TimeEntryRow & { companyName: string; timezone: string }) | undefined> {
  const [row] = await db
    .select({ entry: timeEntries, companyName: customers.companyName, timezone: customers.timezone })
    .from(timeEntries)
    .innerJoin(customers, eq(customers.id, timeEntries.customerId))
    .where(
      and(
        eq(timeEntries.employeeId, employeeId),
        lt(timeEntries.startsAt, interval.end),
        sql`${timeEntries.endsAt} > ${interval.start}`,
        exceptId ? ne(timeEntries.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row && { ...row.entry, companyName: row.companyName, timezone: row.timezone };
}

const planRank = (plan: PlanId) => PLAN_IDS.indexOf(plan);

/**
 * The plan whose free consultation time a customer gets: the best plan among its managed servers
 * and clusters, else the plan of a running trial, else none (decision 0044).
 */
export async function customerPlans(
  db: Database,
  customerIds: readonly string[],
  now: Date,
): Promise<Map<string, PlanId | null>> {
  if (customerIds.length === 0) return new Map();
  const ids = [...customerIds];
  const [serverPlans, clusterPlans, trials] = await Promise.all([
    db
      .selectDistinct({ customerId: servers.customerId, plan: servers.plan })
      .from(servers)
      .where(
        and(inArray(servers.customerId, ids), isNotNull(servers.plan), ne(servers.status, 'decommissioned')),
      ),
    db
      .selectDistinct({ customerId: clusters.customerId, plan: clusters.plan })
      .from(clusters)
      .where(
        and(
          inArray(clusters.customerId, ids),
          isNotNull(clusters.plan),
          ne(clusters.status, 'decommissioned'),
        ),
      ),
    db
      .select({ customerId: customers.id, plan: customers.trialPlan, endsAt: customers.trialEndsAt })
      .from(customers)
      .where(inArray(customers.id, ids)),
  ]);
  const plans = new Map<string, PlanId | null>(ids.map((id) => [id, null]));
  for (const { customerId, plan } of [...serverPlans, ...clusterPlans]) {
    const known = plans.get(customerId);
    if (plan && (!known || planRank(plan) > planRank(known))) plans.set(customerId, plan);
  }
  for (const trial of trials) {
    if (!plans.get(trial.customerId) && trial.plan && trial.endsAt && trial.endsAt > now) {
      plans.set(trial.customerId, trial.plan);
    }
  }
  return plans;
}
