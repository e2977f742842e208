import type { PlanChangeResult, PlanItem } from '@tidewatch/contract';
import { REFUSALS } from '@tidewatch/contract';
import { type PlanId, planChangeEffectiveAt, planChangeKind } from '@tidewatch/domain';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import type { Database, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import {
  applyPlan,
  claimPlanChange,
  deletePendingChange,
  duePlanChangeIds,
  dueTrialCustomerIds,
  endTrialOf,
  findPendingChange,
  findPlanTarget,
  lockCustomer,
  type PendingPlanChangeRow,
  type PlanTarget,
  runningTrialPeriods,
  runningTrialPlan,
  schedulePlanChange,
} from './repository';

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
  let applied = 0;
  for (const id of await duePlanChangeIds(db, now)) {
    await db.transaction(async (tx) => {
      const change = await claimPlanChange(tx, id);
      if (!change) return;
      await applyPlan(tx, change, change.plan, change.effectiveAt);
      applied++;
    });
  }
  return applied;
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
  const ended: EndedTrial[] = [];
  for (const id of await dueTrialCustomerIds(db, now)) {
    await db.transaction(async (tx) => {
      const before = await lockCustomer(tx, id);
      if (!before?.trialPlan || !before.trialEndsAt) return;
      const endedAt = before.trialEndsAt;
      const convertedTo = before.convertsToPlan;
      await endTrialOf(tx, id, convertedTo);
      for (const period of await runningTrialPeriods(tx, id)) {
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
