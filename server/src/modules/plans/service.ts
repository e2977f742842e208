import type { PlanChangeResult, PlanItem } from '@tidewatch/contract';
import { REFUSALS } from '@tidewatch/contract';
import { type PlanId, planChangeEffectiveAt, planChangeKind, TRIAL_REMINDER_DAYS } from '@tidewatch/domain';
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import type { Database } from '../../db/client';
import { customers, type PendingPlanChangeRow, pendingPlanChanges, planPeriods } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import {
  applyPlan,
  deletePendingChange,
  findPendingChange,
  findPlanTarget,
  type PlanTarget,
  schedulePlanChange,
} from './repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const pendingOf = (row: Pick<PendingPlanChangeRow, 'plan' | 'effectiveAt'> | null) =>
  row && { plan: row.plan, effective_at: row.effectiveAt.toISOString() };

/**
 * A plan change asked for (decision 0053): an upgrade applies at once and drops any change
 * waiting; a downgrade or cancellation waits for the start of next month, replacing one already
 * waiting; asking for the plan in force withdraws what waits.
 */
export async function requestPlanChange(
  tx: Tx,
  target: PlanTarget,
  plan: PlanId | null,
  by: { userId: string; at: Date; trialPlan: PlanId | null },
): Promise<PlanChangeResult & { from: PlanId | null }> {
  const row = await findPlanTarget(tx, target);
  if (!row) throw notFound(REFUSALS.noSuchMachineOrCluster, { kind: target.kind, certname: target.certname });
  const kind = planChangeKind(row.plan, plan);
  const itemWith = (current: PlanId | null, pending: PlanItem['pending']): PlanItem => ({
    kind: target.kind,
    certname: row.certname,
    name: row.name,
    plan: current,
    pending,
  });
  if (kind === 'unchanged') {
    if (!(await findPendingChange(tx, target))) throw conflict(REFUSALS.planInForce);
    await deletePendingChange(tx, target);
    return {
      change: 'withdrawn',
      effective_at: by.at.toISOString(),
      item: itemWith(row.plan, null),
      from: row.plan,
    };
  }
  const effectiveAt = planChangeEffectiveAt(kind, by.at);
  if (kind === 'upgrade') {
    await deletePendingChange(tx, target);
    await applyPlan(tx, target, plan, by.at, { trial: plan === by.trialPlan });
    return {
      change: kind,
      effective_at: effectiveAt.toISOString(),
      item: itemWith(plan, null),
      from: row.plan,
    };
  }
  const pending = await schedulePlanChange(tx, {
    ...target,
    plan,
    effectiveAt,
    requestedBy: by.userId,
    requestedAt: by.at,
  });
  return {
    change: kind,
    effective_at: effectiveAt.toISOString(),
    item: itemWith(row.plan, pendingOf(pending)),
    from: row.plan,
  };
}

/** A plan change asked for by the caller, recorded in the customer's activity with the change. */
export async function changePlanFor(
  tx: Tx,
  request: FastifyRequest,
  target: PlanTarget,
  plan: PlanId | null,
): Promise<PlanChangeResult> {
  const auth = requireAuth(request);
  const at = request.server.now();
  const trialPlan = await runningTrialPlan(tx, target.customerId, at);
  const { from, ...result } = await requestPlanChange(tx, target, plan, {
    userId: auth.user.id,
    at,
    trialPlan,
  });
  await appendActivity(tx, request, auth, 'plan.change', target.customerId, {
    target: target.certname,
    from,
    to: plan,
  });
  return result;
}

/** A customer's trial plan while the trial runs at `at`, else null. */
export async function runningTrialPlan(db: Pick<Database, 'select'>, customerId: string, at: Date) {
  const [row] = await db
    .select({ trialPlan: customers.trialPlan, trialEndsAt: customers.trialEndsAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.trialPlan && row.trialEndsAt && row.trialEndsAt > at ? row.trialPlan : null;
}

/**
 * A server or cluster that joins (or comes back) on `plan` is billed from now, in a trial period
 * while the customer's trial runs on that plan; the job would otherwise open it only on its next run.
 */
export async function startPlan(db: Tx, target: PlanTarget, plan: PlanId | null, at: Date): Promise<void> {
  const trialPlan = plan ? await runningTrialPlan(db, target.customerId, at) : null;
  await applyPlan(db, target, plan, at, { trial: plan !== null && trialPlan === plan });
}

/**
 * Applies the downgrades and cancellations whose date has come, each at its own date. A change
 * is applied by whoever deletes its row, so replicas running this at once apply it once.
 */
export async function applyDuePlanChanges(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: pendingPlanChanges.id })
    .from(pendingPlanChanges)
    .where(lte(pendingPlanChanges.effectiveAt, now));
  let applied = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [change] = await tx.delete(pendingPlanChanges).where(eq(pendingPlanChanges.id, id)).returning();
      if (!change) return;
      await applyPlan(tx, change, change.plan, change.effectiveAt);
      applied++;
    });
  }
  return applied;
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

export interface EndedTrial {
  customerId: string;
  companyName: string;
  to: string | null;
  language: 'en' | 'da';
  plan: PlanId;
  convertedTo: PlanId | null;
  endedAt: Date;
}

/**
 * Ends the trials whose 30 days are over: servers and clusters on the trial plan go to the plan
 * chosen at sign-up (decision 0034), or, with none chosen, their support ends. The customer row
 * is claimed with one conditional update, so a trial ends once whoever runs this.
 */
export async function endDueTrials(db: Database, now: Date): Promise<EndedTrial[]> {
  const due = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(isNotNull(customers.trialPlan), lte(customers.trialEndsAt, now)));
  const ended: EndedTrial[] = [];
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!before?.trialPlan || !before.trialEndsAt) return;
      const endedAt = before.trialEndsAt;
      const convertedTo = before.convertsToPlan;
      await tx
        .update(customers)
        .set({ trialPlan: null, ...(convertedTo && { plan: convertedTo }) })
        .where(eq(customers.id, id));
      const trialPeriods = await tx
        .select({ kind: planPeriods.kind, certname: planPeriods.certname })
        .from(planPeriods)
        .where(and(eq(planPeriods.customerId, id), eq(planPeriods.trial, true), isNull(planPeriods.endsAt)));
      for (const period of trialPeriods) {
        await applyPlan(tx, { customerId: id, ...period }, convertedTo, endedAt);
      }
      ended.push({
        customerId: id,
        companyName: before.companyName,
        to: before.billingEmail ?? before.attEmail,
        language: before.billingLanguage,
        plan: before.trialPlan,
        convertedTo,
        endedAt,
      });
    });
  }
  return ended;
}
