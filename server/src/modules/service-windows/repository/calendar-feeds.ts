import { and, asc, eq, gt } from 'drizzle-orm';
import { checkedTenant, type Tenant } from '../../../core/tenant';
import type { Database } from '../../../db/client';
import { calendarFeeds, serviceWindows, tags } from '../../../db/schema';

/** When the tenant's feed address was made, or null when it has none. */
export async function calendarFeedCreatedAt(db: Database, tenant: Tenant): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.customerId, tenant.customerId));
  return row?.createdAt ?? null;
}

/** Gives the tenant a feed address by its token's hash, replacing the one it had. */
export async function saveCalendarFeed(
  db: Database,
  tenant: Tenant,
  feed: { tokenHash: string; createdAt: Date; createdById: string },
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ customerId: tenant.customerId, ...feed })
    .onConflictDoUpdate({ target: calendarFeeds.customerId, set: feed });
}

export async function deleteCalendarFeed(db: Database, tenant: Tenant): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.customerId, tenant.customerId));
}

/** The customer whose feed address has this token's hash: knowing the secret address is the access check. */
export async function tenantOfCalendarFeed(db: Database, tokenHash: string): Promise<Tenant | null> {
  const [feed] = await db
    .select({ customerId: calendarFeeds.customerId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return feed ? checkedTenant(feed.customerId) : null;
}

/** The tenant's windows that end after `since`, by start, with their group's name. */
export function feedWindows(db: Database, tenant: Tenant, since: Date) {
  return db
    .select({ window: serviceWindows, group: tags.name })
    .from(serviceWindows)
    .leftJoin(tags, eq(tags.id, serviceWindows.tagId))
    .where(and(eq(serviceWindows.customerId, tenant.customerId), gt(serviceWindows.endsAt, since)))
    .orderBy(asc(serviceWindows.startsAt));
}
