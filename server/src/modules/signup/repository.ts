import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type customers, pendingSignUps } from '../../db/schema';
import { type FirstUser, insertCustomerWithManager } from '../customers';

export type NewPendingSignUp = Omit<typeof pendingSignUps.$inferInsert, 'usedAt'>;
export type PendingSignUp = typeof pendingSignUps.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

/** A link is usable once, before it expires. */
const usable = (id: string, now: Date) =>
  and(eq(pendingSignUps.id, id), isNull(pendingSignUps.usedAt), gt(pendingSignUps.expiresAt, now));

export async function savePendingSignUp(db: Database, signUp: NewPendingSignUp) {
  await db.insert(pendingSignUps).values(signUp);
}

export async function findUsableSignUp(db: Database, id: string, now: Date): Promise<PendingSignUp | null> {
  const [row] = await db.select().from(pendingSignUps).where(usable(id, now));
  return row ?? null;
}

/**
 * Claims the link and creates the customer with its first user, all or nothing; false when the link
 * was used or expired meanwhile. Claiming and checking are one statement, so a link works exactly once.
 */
export async function claimSignUp(
  db: Database,
  id: string,
  now: Date,
  account: { customer: NewCustomer; user: FirstUser },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(pendingSignUps)
      .set({ usedAt: now })
      .where(usable(id, now))
      .returning({ id: pendingSignUps.id });
    if (!claimed) return false;
    await insertCustomerWithManager(tx, account.customer, account.user);
    return true;
  });
}
