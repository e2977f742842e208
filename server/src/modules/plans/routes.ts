import { contract, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import { findCustomer } from '../../core/tenant';
import { pageTotal } from '../../lib/bounded-total';
import { notFound } from '../../lib/http-error';
import { pendingChangesOf, planTargetsPage } from './repository';
import { changePlanFor, pendingOf } from './service';

/** The finance API's plan routes: what each server and cluster is on, and changing it. */
export async function planRoutes(app: FastifyInstance) {
  const { db } = app;

  implement(app, contract.plans, {
    async planSummary(request) {
      const tenant = tenantOf(request);
      const customer = await findCustomer(db, tenant.customerId);
      if (!customer) throw notFound(REFUSALS.noSuchCustomer);
      const [targets, pending] = await Promise.all([
        planTargetsPage(db, tenant, request.query),
        pendingChangesOf(db, tenant),
      ]);
      const pendingByTarget = new Map(pending.map((row) => [`${row.kind}:${row.certname}`, row]));
      const { trialPlan, trialEndsAt } = customer;
      return {
        trial:
          trialPlan && trialEndsAt && trialEndsAt > app.now()
            ? { plan: trialPlan, ends: trialEndsAt.toISOString(), converts_to: customer.convertsToPlan }
            : null,
        data: targets.rows.map((target) => ({
          ...target,
          pending: pendingOf(pendingByTarget.get(`${target.kind}:${target.certname}`) ?? null),
        })),
        next_cursor: targets.nextCursor,
        ...pageTotal(targets.total),
      };
    },

    async changePlan(request) {
      const { kind, certname, plan } = request.body;
      return db.transaction((tx) =>
        changePlanFor(tx, request, { customerId: tenantOf(request).customerId, kind, certname }, plan),
      );
    },
  });
}
