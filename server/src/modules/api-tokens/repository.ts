import { and, count, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ApiTokenRow, apiTokens, customers, users } from '../../db/schema';

export type ListedApiToken = ApiTokenRow & { createdByEmail: string | null };

/** The customer's tokens that are not revoked (expired ones stay listed, marked), newest first. */
export async function tokensOf(db: Database, customerId: string): Promise<ListedApiToken[]> {
  const rows = await db
    .select({ token: apiTokens, createdByEmail: users.email })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.customerId, customerId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(({ token, createdByEmail }) => ({ ...token, createdByEmail }));
}

/**
 * Stores a token unless the customer holds `max` live ones already. Run it in a transaction: the
 * customer's row is locked first, so parallel creations count one after another.
 */
export async function insertToken(
  tx: Pick<Database, 'select' | 'insert'>,
  values: typeof apiTokens.$inferInsert,
  max: number,
  at: Date,
): Promise<ApiTokenRow | 'too many'> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, values.customerId))
    .for('update');
  const [live] = await tx
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.customerId, values.customerId),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, at),
      ),
    );
  if ((live?.n ?? 0) >= max) return 'too many';
  const [row] = await tx.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('token was not stored');
  return row;
}

/** Revokes one of the customer's tokens; null when it has no such live token. */
export async function revokeToken(
  db: Pick<Database, 'update'>,
  customerId: string,
  id: string,
  at: Date,
): Promise<ApiTokenRow | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.customerId, customerId), isNull(apiTokens.revokedAt)))
    .returning();
  return row ?? null;
}

/**
 * Claims the live tokens that expire within `withinMs` and whose managers were not told yet: each
 * is claimed once, by one replica, whichever runs first.
 */
export async function claimExpiringTokens(db: Database, at: Date, withinMs: number) {
  return db
    .update(apiTokens)
    .set({ expiryMailedAt: at })
    .where(
      and(
        isNull(apiTokens.revokedAt),
        isNull(apiTokens.expiryMailedAt),
        gt(apiTokens.expiresAt, at),
        lte(apiTokens.expiresAt, new Date(at.getTime() + withinMs)),
      ),
    )
    .returning();
}

export async function customerOf(db: Database, customerId: string) {
  const [row] = await db
    .select({ company: customers.companyName, timezone: customers.timezone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? { company: customerId, timezone: 'UTC' };
}
