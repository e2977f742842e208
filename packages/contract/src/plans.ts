import { z } from 'zod';
import { CustomerId, IsoDateTime, text } from './common';
import { Certname, Cursor, PageLimit, Plan, pageOf } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';

/** Plans and their changes: on the finance API (decision 0053). */

export const PlanTargetKind = z.enum(['server', 'cluster']);
export type PlanTargetKind = z.infer<typeof PlanTargetKind>;

/** A plan change waiting for its date: a downgrade, or a cancellation (`plan: null`). */
export const PendingPlanChange = z.object({ plan: Plan.nullable(), effective_at: IsoDateTime });

export const PlanItem = z.object({
  kind: PlanTargetKind,
  certname: Certname,
  /** The server's hostname or the cluster's name. */
  name: z.string(),
  /** The plan in force; null: unmanaged, or support has ended. */
  plan: Plan.nullable(),
  pending: PendingPlanChange.nullable(),
});
export type PlanItem = z.infer<typeof PlanItem>;

/** A page of plans by certname, with the trial. */
export const PlanSummary = pageOf(PlanItem).extend({
  /** The sign-up trial, while it runs. */
  trial: z.object({ plan: Plan, ends: IsoDateTime, converts_to: Plan.nullable() }).nullable(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

export const PlanChangeBody = z.object({
  kind: PlanTargetKind,
  certname: Certname,
  /** The plan wanted; null cancels support at the end of the period. */
  plan: Plan.nullable(),
});

export const PlanChangeKind = z.enum(['upgrade', 'downgrade', 'cancellation', 'withdrawn']);
export const PlanChangeResult = z.object({
  change: PlanChangeKind,
  /** When the change applies: now for an upgrade, the start of next month otherwise. */
  effective_at: IsoDateTime,
  item: PlanItem,
});
export type PlanChangeResult = z.infer<typeof PlanChangeResult>;

export const PlanListQuery = z.object({
  /** Part of a certname or of a hostname or cluster name. */
  q: text().trim().max(100).optional(),
  /** One server or cluster exactly. */
  certname: Certname.optional(),
  cursor: Cursor.optional(),
  limit: PageLimit,
});

const customerParams = z.object({ customer_id: CustomerId });

export const planRoutes = {
  planSummary: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/plans',
    mount: 'finance',
    access: sessionAccess,
    summary: "A page of servers' and clusters' plans with the changes waiting for their date, and the trial",
    params: customerParams,
    query: PlanListQuery,
    response: PlanSummary,
    tenant: { from: 'params', key: 'customer_id' },
  }),
  changePlan: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/plans',
    mount: 'finance',
    access: requires('plans.change'),
    summary:
      'Change a server’s or cluster’s plan: an upgrade at once, a downgrade or cancellation at the start of next month',
    params: customerParams,
    body: PlanChangeBody,
    response: PlanChangeResult,
    tenant: { from: 'params', key: 'customer_id' },
  }),
};
