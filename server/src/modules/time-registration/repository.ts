import type { MonthState, TimeEntry } from '@tidewatch/contract';
import { monthRange, PLAN_IDS, type PlanId } from '@tidewatch/domain';
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  type CustomerRow,
  clusters,
  customers,
  type ProductRow,
  products,
  servers,
  type TimeEntryRow,
  type TimeMonthRow,
  timeEntries,
  timeMonths,
  users,
} from '../../db/schema';

export type { CustomerRow, TimeEntryRow };

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

export async function findProduct(db: Queryable, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** One of the employee's own entries. */
export async function findOwnEntry(db: Queryable, employeeId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.id, entryId), eq(timeEntries.employeeId, employeeId)));
  return row ?? null;
}

type EntryValues = Omit<typeof timeEntries.$inferInsert, 'id'>;

/** Stores a new entry, or changes `existingId`; null when that entry is gone. */
export async function saveEntry(
  db: Queryable,
  values: EntryValues,
  existingId?: string,
): Promise<TimeEntryRow | null> {
  const [row] = existingId
    ? await db.update(timeEntries).set(values).where(eq(timeEntries.id, existingId)).returning()
    : await db.insert(timeEntries).values(values).returning();
  return row ?? null;
}

export async function deleteEntry(db: Queryable, entryId: string): Promise<void> {
  await db.delete(timeEntries).where(eq(timeEntries.id, entryId));
}

/** Staff who register time: the admins of the admin pseudo-customer. */
const isEmployee = sql`'admin' = any(${users.roles})`;

export async function findEmployee(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isEmployee));
  return row ?? null;
}

/** Everyone who registers time, by name. */
export async function listEmployees(db: Queryable) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(isEmployee)
    .orderBy(asc(users.name));
}

/** The month's state and its minutes (all, billable) and entry count for each of these employees. */
export async function monthsOfEmployees(db: Queryable, month: string, employeeIds: string[]) {
  const [months, totals] = await Promise.all([
    db
      .select()
      .from(timeMonths)
      .where(and(eq(timeMonths.month, month), inArray(timeMonths.employeeId, employeeIds))),
    db
      .select({
        employeeId: timeEntries.employeeId,
        minutes: sql<number>`sum(${timeEntries.minutes})::int`,
        billable: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)::int`,
        entries: sql<number>`count(*)::int`,
      })
      .from(timeEntries)
      .where(and(inMonth(month), inArray(timeEntries.employeeId, employeeIds)))
      .groupBy(timeEntries.employeeId),
  ]);
  return { months, totals };
}

/** Hands the employee's month in, or again after a rejection. */
export async function submitMonth(db: Queryable, employeeId: string, month: string, at: Date) {
  const values = {
    status: 'submitted' as const,
    comment: null,
    submittedAt: at,
    decidedAt: null,
    decidedBy: null,
  };
  const [stored] = await db
    .insert(timeMonths)
    .values({ employeeId, month, ...values })
    .onConflictDoUpdate({ target: [timeMonths.employeeId, timeMonths.month], set: values })
    .returning();
  return stored;
}

/** Approves or rejects a month handed in; null when it is not (or no longer) handed in. */
export async function decideMonth(
  db: Queryable,
  employeeId: string,
  month: string,
  decision: Pick<TimeMonthRow, 'status' | 'comment' | 'decidedAt' | 'decidedBy'>,
): Promise<TimeMonthRow | null> {
  const [row] = await db
    .update(timeMonths)
    .set(decision)
    .where(
      and(
        eq(timeMonths.employeeId, employeeId),
        eq(timeMonths.month, month),
        eq(timeMonths.status, 'submitted'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The month's billable entries of every employee, with their product's level and rate, the customer and the month's state. */
export async function billableEntriesOfMonth(db: Queryable, month: string) {
  return db
    .select({
      entry: timeEntries,
      level: products.level,
      rate: products.priceEur,
      status: timeMonths.status,
      companyName: customers.companyName,
      timezone: customers.timezone,
    })
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .innerJoin(customers, eq(customers.id, timeEntries.customerId))
    .leftJoin(timeMonths, and(eq(timeMonths.employeeId, timeEntries.employeeId), eq(timeMonths.month, month)))
    .where(and(inMonth(month), eq(timeEntries.billable, true)))
    .orderBy(asc(customers.companyName));
}
