import { contract, REFUSALS } from '@tidewatch/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { customers } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { pendingChangesOf, planTargetsPage } from './repository';
import { changePlanFor, pendingOf } from './service';

/** The finance API's plan routes: what each server and cluster is on, and changing it. */
export async function planRoutes(app: FastifyInstance) {
  const { db } = app;

  implement(app, contract.plans, {
    async planSummary(request) {
      const customerId = request.params.customer_id;
      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
      if (!customer) throw notFound(REFUSALS.noSuchCustomer);
      const [targets, pending] = await Promise.all([
        planTargetsPage(db, customerId, request.query),
        pendingChangesOf(db, customerId),
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
        total: targets.total,
      };
    },

    async changePlan(request) {
      const { kind, certname, plan } = request.body;
      return db.transaction((tx) =>
        changePlanFor(tx, request, { customerId: request.params.customer_id, kind, certname }, plan),
      );
    },
  });
}
