import { monthBounds, type PlanId, startOfNextMonth, TRIAL_REMINDER_DAYS } from '@tidewatch/domain';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import {
  type CustomerRow,
  clusters,
  customers,
  type PendingPlanChangeRow,
  pendingPlanChanges,
  planPeriods,
  servers,
} from '../../db/schema';
import { boundedTotal } from '../../lib/bounded-total';
import { keyset } from '../../lib/keyset';
import { containing } from '../../lib/search';

export type { PendingPlanChangeRow };

/** A database or a transaction on it. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type PlanTargetKind = 'server' | 'cluster';
export interface PlanTarget {
  customerId: string;
  kind: PlanTargetKind;
  certname: string;
}

const tableOf = (kind: PlanTargetKind) => (kind === 'server' ? servers : clusters);

const isTarget = (table: typeof planPeriods | typeof pendingPlanChanges, target: PlanTarget) =>
  and(
    eq(table.customerId, target.customerId),
    eq(table.kind, target.kind),
    eq(table.certname, target.certname),
  );

export interface PlanTargetFilters {
  q?: string | undefined;
  certname?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * A page of the customer's servers and clusters still in service, with their plans, by certname
 * (a server and a cluster may share one, so the kind breaks ties); the total on the first page.
 */
export async function planTargetsPage(db: Db, tenant: Tenant, filters: PlanTargetFilters) {
  const branch = (kind: PlanTargetKind) => {
    const table = tableOf(kind);
    const name = kind === 'server' ? servers.hostname : clusters.name;
    return db
      .select({
        kind: sql<PlanTargetKind>`${kind}::text`.as('kind'),
        certname: table.certname,
        name: sql<string>`${name}`.as('name'),
        plan: table.plan,
      })
      .from(table)
      .where(
        and(
          eq(table.customerId, tenant.customerId),
          ne(table.status, 'decommissioned'),
          filters.certname ? eq(table.certname, filters.certname) : undefined,
          filters.q ? or(containing(table.certname, filters.q), containing(name, filters.q)) : undefined,
        ),
      );
  };
  const targets = unionAll(branch('server'), branch('cluster')).as('targets');
  const page = keyset({
    keys: {
      certname: { expr: sql`${targets.certname}`, cast: 'text' },
      id: { expr: sql`${targets.kind} || ':' || ${targets.certname}`, cast: 'text' },
    },
    unique: { name: 'id', column: sql`${targets.kind} || ':' || ${targets.certname}` },
    sort: 'certname',
    cursor: filters.cursor,
  });
  const rows = await db
    .select({
      kind: targets.kind,
      certname: targets.certname,
      name: targets.name,
      plan: targets.plan,
      key: page.keyValue,
    })
    .from(targets)
    .where(page.after)
    .orderBy(...page.orderBy)
    .limit(filters.limit + 1);
  const total = filters.cursor ? null : await boundedTotal(db, db.select({ one: sql`1` }).from(targets));
  return {
    rows: rows.slice(0, filters.limit).map(({ key: _key, ...target }) => target),
    nextCursor: page.nextCursor(rows, filters.limit, (row) => `${row.kind}:${row.certname}`),
    total,
  };
}

/** One server or cluster of the customer, while in service. */
export async function findPlanTarget(db: Db, target: PlanTarget) {
  const table = tableOf(target.kind);
  const [row] = await db
    .select({
      certname: table.certname,
      plan: table.plan,
      name: target.kind === 'server' ? servers.hostname : clusters.name,
    })
    .from(table)
    .where(
      and(
        eq(table.customerId, target.customerId),
        eq(table.certname, target.certname),
        ne(table.status, 'decommissioned'),
      ),
    );
  return row ?? null;
}

export async function pendingChangesOf(db: Db, tenant: Tenant) {
  return db.select().from(pendingPlanChanges).where(eq(pendingPlanChanges.customerId, tenant.customerId));
}

export async function findPendingChange(db: Db, target: PlanTarget) {
  const [row] = await db.select().from(pendingPlanChanges).where(isTarget(pendingPlanChanges, target));
  return row ?? null;
}

export async function deletePendingChange(db: Db, target: PlanTarget): Promise<void> {
  await db.delete(pendingPlanChanges).where(isTarget(pendingPlanChanges, target));
}

/** Schedules a downgrade or cancellation, replacing one already waiting. */
export async function schedulePlanChange(
  db: Db,
  change: PlanTarget & { plan: PlanId | null; effectiveAt: Date; requestedBy: string; requestedAt: Date },
) {
  const [row] = await db
    .insert(pendingPlanChanges)
    .values(change)
    .onConflictDoUpdate({
      target: [pendingPlanChanges.customerId, pendingPlanChanges.kind, pendingPlanChanges.certname],
      set: {
        plan: change.plan,
        effectiveAt: change.effectiveAt,
        requestedBy: change.requestedBy,
        requestedAt: change.requestedAt,
      },
    })
    .returning();
  if (!row) throw new Error('plan change was not stored');
  return row;
}

/**
 * From `at` on, the target is on `plan` (null: no plan): the running period ends (or one set to
 * end later, of a server decommissioned and back), the next begins and the target's plan follows.
 */
export async function applyPlan(
  db: Db,
  target: PlanTarget,
  plan: PlanId | null,
  at: Date,
  options: { trial?: boolean } = {},
): Promise<void> {
  await db
    .update(planPeriods)
    .set({ endsAt: at })
    .where(and(isTarget(planPeriods, target), or(isNull(planPeriods.endsAt), gt(planPeriods.endsAt, at))));
  if (plan) {
    await db.insert(planPeriods).values({ ...target, plan, startsAt: at, trial: options.trial ?? false });
  }
  const table = tableOf(target.kind);
  await db
    .update(table)
    .set({ plan })
    .where(and(eq(table.customerId, target.customerId), eq(table.certname, target.certname)));
}

/**
 * A decommissioned server's plan runs to the end of its paid month (nothing is refunded, as with a
 * cancellation) and then stops; a change waiting for a later date is dropped.
 */
export async function endPlanAtMonthEnd(db: Db, target: PlanTarget, at: Date): Promise<void> {
  await deletePendingChange(db, target);
  await db
    .update(planPeriods)
    .set({ endsAt: startOfNextMonth(at) })
    .where(and(isTarget(planPeriods, target), isNull(planPeriods.endsAt)));
}

/**
 * Opens a period for every server and cluster in service whose plan has none running (those
 * from before plan periods were kept, and the demo's), so the history covers every plan.
 */
export async function openMissingPlanPeriods(db: Db, at: Date): Promise<void> {
  for (const kind of ['server', 'cluster'] as const) {
    const table = tableOf(kind);
    await db.execute(sql`
      insert into ${planPeriods} (customer_id, kind, certname, plan, starts_at, trial)
      select ${table.customerId}, ${kind}, ${table.certname}, ${table.plan}, ${at},
        coalesce(${customers.trialPlan} = ${table.plan} and ${customers.trialEndsAt} > ${at}, false)
      from ${table} join ${customers} on ${customers.id} = ${table.customerId}
      where ${table.plan} is not null and ${table.status} <> 'decommissioned'
        and not exists (
          select 1 from ${planPeriods}
          where ${planPeriods.customerId} = ${table.customerId} and ${planPeriods.kind} = ${kind}
            and ${planPeriods.certname} = ${table.certname} and ${planPeriods.endsAt} is null
        )`);
  }
}

export interface PlanPeriod {
  plan: PlanId;
  /** When the plan began to apply (may be before the month). */
  from: Date;
  /** When it stopped; null while it still applies (may be after the month). */
  to: Date | null;
  /** A period of the sign-up trial: not billed. */
  trial: boolean;
}

export interface TargetPlanPeriods {
  kind: PlanTargetKind;
  certname: string;
  periods: PlanPeriod[];
}

/**
 * For a customer and a month (`YYYY-MM`, UTC), each server's and cluster's plan periods that
 * overlap it, oldest first, unclipped: `monthFraction(period, month)` from packages/domain gives
 * each one's share for proration.
 */
export async function planPeriodsForMonth(
  db: Db,
  customerId: string,
  month: string,
): Promise<TargetPlanPeriods[]> {
  const { start, end } = monthBounds(month);
  const rows = await db
    .select()
    .from(planPeriods)
    .where(
      and(
        eq(planPeriods.customerId, customerId),
        lt(planPeriods.startsAt, end),
        or(isNull(planPeriods.endsAt), gt(planPeriods.endsAt, start)),
      ),
    )
    .orderBy(asc(planPeriods.kind), asc(planPeriods.certname), asc(planPeriods.startsAt));
  const byTarget = new Map<string, TargetPlanPeriods>();
  for (const row of rows) {
    const key = `${row.kind}:${row.certname}`;
    const entry = byTarget.get(key) ?? { kind: row.kind, certname: row.certname, periods: [] };
    entry.periods.push({ plan: row.plan, from: row.startsAt, to: row.endsAt, trial: row.trial });
    byTarget.set(key, entry);
  }
  return [...byTarget.values()];
}

/** A customer's trial plan while the trial runs at `at`, else null. */
export async function runningTrialPlan(db: Pick<Database, 'select'>, customerId: string, at: Date) {
  const [row] = await db
    .select({ trialPlan: customers.trialPlan, trialEndsAt: customers.trialEndsAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.trialPlan && row.trialEndsAt && row.trialEndsAt > at ? row.trialPlan : null;
}

/** The waiting plan changes whose date has come. */
export async function duePlanChangeIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: pendingPlanChanges.id })
    .from(pendingPlanChanges)
    .where(lte(pendingPlanChanges.effectiveAt, now));
  return rows.map((row) => row.id);
}

/** Takes a waiting change off the list to apply it; null when someone else took it first. */
export async function claimPlanChange(db: Db, id: string): Promise<PendingPlanChangeRow | null> {
  const [change] = await db.delete(pendingPlanChanges).where(eq(pendingPlanChanges.id, id)).returning();
  return change ?? null;
}

export interface EndingTrial {
  to: string | null;
  companyName: string;
  language: 'en' | 'da';
  plan: PlanId;
  endsAt: Date;
  timezone: string;
  convertsTo: PlanId | null;
}

/**
 * Claims the trials ending within the reminder period that were not reminded yet, for their one
 * reminder mail: one conditional update, so replicas running this at once remind each once.
 */
export async function claimTrialReminders(db: Database, now: Date): Promise<EndingTrial[]> {
  const rows = await db
    .update(customers)
    .set({ trialRemindedAt: now })
    .where(
      and(
        isNotNull(customers.trialPlan),
        gt(customers.trialEndsAt, now),
        lte(customers.trialEndsAt, new Date(now.getTime() + TRIAL_REMINDER_DAYS * 86_400_000)),
        isNull(customers.trialRemindedAt),
      ),
    )
    .returning();
  return rows.flatMap((row) =>
    row.trialPlan && row.trialEndsAt
      ? [
          {
            to: row.billingEmail ?? row.attEmail,
            companyName: row.companyName,
            language: row.billingLanguage,
            plan: row.trialPlan,
            endsAt: row.trialEndsAt,
            timezone: row.timezone,
            convertsTo: row.convertsToPlan,
          },
        ]
      : [],
  );
}

/** The customers whose trial is over. */
export async function dueTrialCustomerIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(isNotNull(customers.trialPlan), lte(customers.trialEndsAt, now)));
  return rows.map((row) => row.id);
}

/** The customer's row, locked until the transaction ends. */
export async function lockCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row ?? null;
}

/** Ends the customer's trial, moving it to the plan chosen at sign-up if there is one. */
export async function endTrialOf(db: Db, id: string, convertedTo: PlanId | null): Promise<void> {
  await db
    .update(customers)
    .set({ trialPlan: null, ...(convertedTo && { plan: convertedTo }) })
    .where(eq(customers.id, id));
}

/** The customer's servers and clusters in a trial period still running. */
export async function runningTrialPeriods(db: Db, customerId: string) {
  return db
    .select({ kind: planPeriods.kind, certname: planPeriods.certname })
    .from(planPeriods)
    .where(
      and(eq(planPeriods.customerId, customerId), eq(planPeriods.trial, true), isNull(planPeriods.endsAt)),
    );
}
