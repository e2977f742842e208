import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** A user, but only if they belong to `customerId` (the tenant filter for non-staff callers). */
export async function findUserOfCustomer(
  db: Database,
  id: string,
  customerId: string | null,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(customerId ? and(eq(users.id, id), eq(users.customerId, customerId)) : eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function listUsersOfCustomer(db: Database, customerId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.name), asc(users.email));
}
