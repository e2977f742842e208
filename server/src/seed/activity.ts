import type { Database } from '../db/client';
import { auditLog, type UserRow } from '../db/schema';

const HOUR = 3_600_000;

/**
 * A few weeks of a customer's activity, oldest first (ids follow time, as the page reads them):
 * sign-ins, a staff member helping with a reason, a merge, a role change and a plan change.
 */
export async function seedActivity(
  tx: Pick<Database, 'insert'>,
  people: Pick<UserRow, 'id' | 'email'>[],
  now: Date,
): Promise<void> {
  const person = (email: string) => {
    const found = people.find((row) => row.email === email);
    if (!found) throw new Error(`no demo user ${email}`);
    return found;
  };
  const admin = person('admin@tidewatch.example');
  const manager = person('manager@acme.example');
  const user = person('user@acme.example');
  const globex = person('manager@globex.example');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const row = (
    hoursAgo: number,
    action: typeof auditLog.$inferInsert.action,
    actor: { id: string; email: string },
    subject: { id: string; email: string },
    customerId: string,
    extra: Partial<typeof auditLog.$inferInsert> = {},
  ) => ({
    at: at(hoursAgo),
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    actorStaff: actor.id === admin.id,
    subjectId: subject.id,
    subjectEmail: subject.email,
    subjectCustomerId: customerId,
    method: 'POST',
    path: '/api/demo',
    status: 200,
    ...extra,
  });
  const helping = { reason: 'Ticket 4711: the dashboard shows no servers' };
  await tx.insert(auditLog).values([
    row(24 * 20, 'sign_in', manager, manager, 'acmecorp'),
    row(24 * 20 - 1, 'user.change', manager, manager, 'acmecorp', {
      detail: { target: 'user@acme.example', from: 'customer_manager', to: 'user' },
    }),
    row(24 * 14, 'sign_in', globex, globex, 'globexco'),
    row(24 * 9, 'sign_in', user, user, 'acmecorp'),
    row(24 * 6, 'impersonation.start', admin, user, 'acmecorp', helping),
    row(24 * 6 - 0.5, 'impersonation.stop', admin, user, 'acmecorp', helping),
    row(24 * 4, 'sign_in', manager, manager, 'acmecorp'),
    row(24 * 4 - 0.2, 'change_request.merge', manager, manager, 'acmecorp', {
      detail: { target: '#1 Roles for web-01.acmecorp: nginx' },
    }),
    row(24 * 2, 'impersonation.start', admin, manager, 'acmecorp', {
      reason: 'Customer asked us to upgrade the database servers',
    }),
    row(24 * 2 - 0.1, 'plan.change', admin, manager, 'acmecorp', {
      reason: 'Customer asked us to upgrade the database servers',
      detail: { target: 'db-01.acmecorp', from: 'silver', to: 'gold' },
    }),
    row(24 * 2 - 0.2, 'impersonation.stop', admin, manager, 'acmecorp', {
      reason: 'Customer asked us to upgrade the database servers',
    }),
    row(3, 'sign_in', manager, manager, 'acmecorp'),
  ]);
}
