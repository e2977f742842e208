import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { customers, passkeys, recoveryCodes, users } from '../../db/schema';

/** What a user has to prove who they are beyond the password. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/**
 * The columns of {@link SecondFactors} for a statement that reads `users`. The outer user is named
 * in full: drizzle writes a lone table's columns unqualified, which the subquery would take as its own.
 */
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;
const secondFactorColumns = {
  totp: sql<boolean>`${users.totpEnabledAt} is not null`.mapWith(Boolean),
  passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${outerUserId})`.mapWith(
    Number,
  ),
  recoveryCodesLeft:
    sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes.userId} = ${outerUserId} and ${recoveryCodes.usedAt} is null)`.mapWith(
      Number,
    ),
};

/** Each user's second factors, by user id; users that do not exist are left out. */
export async function secondFactorsOf(db: Database, userIds: string[]): Promise<Map<string, SecondFactors>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...secondFactorColumns })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map(({ id, ...factors }) => [id, factors]));
}

export async function customerRequiresTwoFactor(db: Pick<Database, 'select'>, customerId: string) {
  const [row] = await db
    .select({ requireTwoFactor: customers.requireTwoFactor })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.requireTwoFactor ?? false;
}

/** Turns the customer's requirement on or off; false when it already was, so nothing changed. */
export async function setCustomerRequiresTwoFactor(
  db: Pick<Database, 'update'>,
  tenant: Tenant,
  required: boolean,
): Promise<boolean> {
  const changed = await db
    .update(customers)
    .set({ requireTwoFactor: required })
    .where(and(eq(customers.id, tenant.customerId), ne(customers.requireTwoFactor, required)))
    .returning({ id: customers.id });
  return changed.length > 0;
}

/** The customer's active users with their second factors and whether they sign in through the company's provider. */
export async function signInSecurityOf(db: Pick<Database, 'select'>, tenant: Tenant) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      sso: sql<boolean>`${users.ssoSubject} is not null`.mapWith(Boolean),
      ...secondFactorColumns,
    })
    .from(users)
    .where(and(eq(users.customerId, tenant.customerId), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.email));
}
