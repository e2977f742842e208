import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { type CustomerRow, customers, type SessionRow, sessions, type UserRow, users } from '../db/schema';

/** What the cookie holds: 256 random bits. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a session carries of its customer: the name, the sign-up trial the portal recalls, its two-factor rule. */
export type SessionCustomer = Pick<
  CustomerRow,
  'id' | 'companyName' | 'trialPlan' | 'trialEndsAt' | 'convertsToPlan' | 'requireTwoFactor'
>;

/** The columns of {@link SessionCustomer}, for the statements that load a caller. */
export const sessionCustomerColumns = {
  id: customers.id,
  companyName: customers.companyName,
  trialPlan: customers.trialPlan,
  trialEndsAt: customers.trialEndsAt,
  convertsToPlan: customers.convertsToPlan,
  requireTwoFactor: customers.requireTwoFactor,
};

export interface LoadedSession {
  session: SessionRow;
  user: UserRow;
  customer: SessionCustomer;
  impersonator: UserRow | null;
}

const impersonators = alias(users, 'impersonators');

/**
 * The session with its user, customer and impersonator in one prepared statement, planned once
 * per connection: every signed-in request runs it.
 */
export function prepareFindSession(db: Database): (id: string) => Promise<LoadedSession | null> {
  const query = db
    .select({
      session: sessions,
      user: users,
      customer: sessionCustomerColumns,
      impersonator: impersonators,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_session');
  return async (id) => {
    const [row] = await query.execute({ id });
    return row ?? null;
  };
}

export async function insertSession(
  db: Database,
  values: Omit<SessionRow, 'id' | 'publicId'> & { token: string },
): Promise<SessionRow> {
  const { token, ...row } = values;
  const [inserted] = await db
    .insert(sessions)
    .values({ ...row, id: sessionIdOf(token) })
    .returning();
  if (!inserted) throw new Error('session was not stored');
  return inserted;
}

export async function touchSession(db: Database, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Removes a user's sessions that have run out, so they don't pile up. */
export async function deleteExpiredSessionsOf(
  db: Database,
  userId: string,
  now: Date,
  idleCutoff: Date,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff))),
    );
}
