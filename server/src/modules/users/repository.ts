import type { UserStatus } from '@tidewatch/contract';
import { and, arrayContains, asc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import {
  apiTokens,
  type CustomerRow,
  customers,
  passwordResetTokens,
  sessions,
  type UserRow,
  users,
} from '../../db/schema';
import { type BoundedTotal, boundedTotal } from '../../lib/bounded-total';
import { keyset } from '../../lib/keyset';
import { containing } from '../../lib/search';

export type { UserRow };

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

/** A user, but only if they belong to the tenant (no tenant: staff who may reach every customer's users). */
export async function findUserOfCustomer(
  db: Database,
  id: string,
  tenant: Tenant | null,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), tenant ? eq(users.customerId, tenant.customerId) : undefined))
    .limit(1);
  return row ?? null;
}

const STATUS_CONDITIONS: Record<UserStatus, SQL | undefined> = {
  active: and(eq(users.active, true), isNotNull(users.passwordHash)),
  invited: and(eq(users.active, true), isNull(users.passwordHash)),
  deactivated: eq(users.active, false),
};

/** A user with when they were last seen and, while invited, when their link stops working. */
export interface ListedUser {
  user: UserRow;
  lastSeen: Date | null;
  invitationExpires: Date | null;
}

// Written with qualified names: drizzle leaves columns unqualified in a one-table select, which
// would make the subqueries compare their own columns. Mapped as the timestamp columns are.
const lastSeenOf = sql<Date | null>`greatest(
  (select max(s.last_seen_at) from sessions s where s.user_id = "users"."id"),
  (select max(a.at) from audit_log a where a.actor_id = "users"."id" and a.action = 'sign_in')
)`.mapWith(users.createdAt);
const invitationExpiresOf = sql<Date | null>`(select max(t.expires_at) from password_reset_tokens t
  where t.user_id = "users"."id" and t.used_at is null)`.mapWith(users.createdAt);

/** One user with the list's extra columns (after a change, to answer with the row as the list shows it). */
export async function listedUser(db: Pick<Database, 'select'>, id: string): Promise<ListedUser> {
  const [row] = await db
    .select({ user: users, lastSeen: lastSeenOf, invitationExpires: invitationExpiresOf })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/** The tenant's users by name, searched by name or address and filtered by status, in keyset pages. */
export async function listUsersPage(
  db: Database,
  tenant: Tenant,
  filters: {
    q?: string | undefined;
    status?: UserStatus | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: ListedUser[]; nextCursor: string | null; total: BoundedTotal | null }> {
  const page = keyset({
    keys: {
      name: { expr: sql`lower(${users.name})`, cast: 'text' },
      id: { expr: sql`${users.id}`, cast: 'text' },
    },
    unique: { name: 'id', column: users.id, uuid: true },
    sort: 'name',
    cursor: filters.cursor,
  });
  const matching = and(
    eq(users.customerId, tenant.customerId),
    filters.q
      ? sql`(${containing(users.name, filters.q)} or ${containing(users.email, filters.q)})`
      : undefined,
    filters.status ? STATUS_CONDITIONS[filters.status] : undefined,
  );
  const rows = await db
    .select({ user: users, lastSeen: lastSeenOf, invitationExpires: invitationExpiresOf, key: page.keyValue })
    .from(users)
    .where(and(matching, page.after))
    .orderBy(...page.orderBy)
    .limit(filters.limit + 1);
  const total = filters.cursor
    ? null
    : await boundedTotal(db, db.select({ one: sql`1` }).from(users).where(matching));
  return {
    rows: rows.slice(0, filters.limit),
    nextCursor: page.nextCursor(rows, filters.limit, (row) => row.user.id),
    total,
  };
}

/** The customer's users, locked until the transaction ends, for the last-manager rule. */
export async function lockUsersOfCustomer(db: Pick<Database, 'select'>, customerId: string) {
  return db
    .select({ id: users.id, roles: users.roles, active: users.active, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.id))
    .for('update');
}

/** Changes a user's own fields; null when there is no such user. */
export async function updateUser(
  db: Pick<Database, 'update'>,
  id: string,
  change: Partial<Omit<UserRow, 'id' | 'customerId' | 'createdAt'>>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Ends the user's sessions (staff impersonating them included), all or all but `keptSessionId`. */
export async function endSessionsOf(
  db: Pick<Database, 'delete'>,
  userId: string,
  keptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keptSessionId ? ne(sessions.id, keptSessionId) : undefined));
}

/** A deactivated user's API tokens die with the account, on every replica at once (decision 0098). */
export async function revokeTokensMadeBy(
  db: Pick<Database, 'update'>,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)));
}

/** Makes the user's mailed set-password links that are still unused stop working. */
export async function expireLinksOf(db: Pick<Database, 'update'>, userId: string, at: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** A new set-password link of the user, valid until `expiresAt`. */
export async function insertLink(
  db: Pick<Database, 'insert'>,
  link: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(link);
}

/** A new user of the tenant, invited: no password until their link is used. */
export async function insertInvitedUser(
  db: Pick<Database, 'insert'>,
  tenant: Tenant,
  user: Pick<UserRow, 'email' | 'name' | 'language' | 'roles'>,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, customerId: tenant.customerId })
    .returning();
  if (!row) throw new Error('user was not stored');
  return row;
}

/** The tenant's billing contacts, changed; null when there is no such customer. */
export async function updateBillingContacts(
  db: Pick<Database, 'update'>,
  tenant: Tenant,
  contacts: Pick<CustomerRow, 'attName' | 'attEmail' | 'billingEmailCc'>,
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set(contacts)
    .where(eq(customers.id, tenant.customerId))
    .returning();
  return row ?? null;
}

/** A customer's active user managers, who hear what needs a manager (a failing webhook, an expiring token). */
export async function managersOf(db: Database, customerId: string) {
  return db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        eq(users.active, true),
        arrayContains(users.roles, ['customer_manager']),
      ),
    );
}
