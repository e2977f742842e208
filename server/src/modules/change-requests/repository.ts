import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import { type ChangeRequestRow, changeRequests, type StoredParameters, servers, tags } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';

export type { ChangeRequestRow };

export async function findChangeRequest(
  db: Database,
  tenant: Tenant,
  number: number,
): Promise<ChangeRequestRow | null> {
  const [row] = await db
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.customerId, tenant.customerId), eq(changeRequests.number, number)))
    .limit(1);
  return row ?? null;
}

/** A customer's change requests, newest first, of one status or all. */
export async function listChangeRequests(
  db: Database,
  tenant: Tenant,
  status: ChangeRequestRow['status'] | undefined,
): Promise<ChangeRequestRow[]> {
  return db
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.customerId, tenant.customerId), status && eq(changeRequests.status, status)))
    .orderBy(desc(changeRequests.number));
}

type Target = Pick<ChangeRequestRow, 'serverId' | 'tagId'>;

/** The server or tag a change request targets, as its table and id. */
function targetOf(row: Target) {
  const table = row.serverId ? servers : tags;
  const id = row.serverId ?? row.tagId;
  if (!id) throw new Error('a change request without a target');
  return { table, id };
}

/** The live roles and parameters of a change request's target; null once the target is gone. */
export async function targetConfiguration(
  db: Database | Tx,
  row: Target,
): Promise<{ roles: string[]; parameters: StoredParameters } | null> {
  const { table, id } = targetOf(row);
  const [target] = await db
    .select({ roles: table.roles, parameters: table.parameters })
    .from(table)
    .where(eq(table.id, id));
  return target ? { roles: target.roles, parameters: target.parameters as StoredParameters } : null;
}

/** Gives the target the roles and parameters the change request proposes. */
export async function applyChangeRequest(tx: Tx, row: ChangeRequestRow): Promise<void> {
  const { table, id } = targetOf(row);
  await tx.update(table).set({ roles: row.roles, parameters: row.parameters }).where(eq(table.id, id));
}

export async function markResolved(
  tx: Tx,
  row: ChangeRequestRow,
  resolution: { status: 'merged' | 'closed'; userId: string; userName: string; at: Date },
): Promise<void> {
  await tx
    .update(changeRequests)
    .set({
      status: resolution.status,
      resolvedById: resolution.userId,
      resolvedByName: resolution.userName,
      resolvedAt: resolution.at,
    })
    .where(eq(changeRequests.id, row.id));
}

/** What a new change request holds; its number is the customer's next. */
export type NewChangeRequest = Omit<
  typeof changeRequests.$inferInsert,
  'id' | 'customerId' | 'number' | 'status' | 'resolvedById' | 'resolvedByName' | 'resolvedAt'
>;

/** Opens a change request under the customer's next number; two opened at once race for one, and the loser takes the next. */
export async function insertChangeRequest(
  db: Database,
  tenant: Tenant,
  values: NewChangeRequest,
): Promise<ChangeRequestRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(changeRequests)
        .values({
          ...values,
          customerId: tenant.customerId,
          number: sql`(select coalesce(max(${changeRequests.number}), 0) + 1 from ${changeRequests} where ${changeRequests.customerId} = ${tenant.customerId})`,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 3) throw error;
    }
  }
}
