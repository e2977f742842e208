import { startOfNextMonth } from '@tidewatch/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { servers, users } from '../db/schema';
import { openMissingPlanPeriods, schedulePlanChange } from '../modules/plans';

/**
 * Plan history since the start of the month a year ago, so the demo's year of invoices has whole
 * periods to prorate,
 * and one downgrade waiting for next month (a Gold server of Acme going to Silver).
 */
export async function seedPlans(tx: Tx, now: Date): Promise<void> {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1));
  await openMissingPlanPeriods(tx, lastMonth);
  const [gold] = await tx
    .select({ certname: servers.certname })
    .from(servers)
    .where(and(eq(servers.customerId, 'acmecorp'), eq(servers.plan, 'gold')))
    .orderBy(asc(servers.certname))
    .limit(1);
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'manager@acme.example'));
  if (!gold || !manager) throw new Error('the demo needs a Gold server and a manager at Acme');
  await schedulePlanChange(tx, {
    customerId: 'acmecorp',
    kind: 'server',
    certname: gold.certname,
    plan: 'silver',
    effectiveAt: startOfNextMonth(now),
    requestedBy: manager.id,
    requestedAt: now,
  });
}
