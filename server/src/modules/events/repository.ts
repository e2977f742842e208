import { and, asc, desc, eq, gt, inArray, isNull, max, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PortalEventRow, portalEvents } from '../../db/schema';

/** The events announced by these ids; one gone already (pruned) is left out. */
export function eventsByIds(db: Database, ids: number[]): Promise<PortalEventRow[]> {
  return db.select().from(portalEvents).where(inArray(portalEvents.id, ids));
}

/** Events after `afterId`, oldest first, at most `limit`: what streams missed while nobody listened. */
export function eventsAfter(db: Database, afterId: number, limit: number): Promise<PortalEventRow[]> {
  return db
    .select()
    .from(portalEvents)
    .where(gt(portalEvents.id, afterId))
    .orderBy(asc(portalEvents.id))
    .limit(limit);
}

/**
 * The newest `limit` events after `afterId` that might be a session's, oldest first: another
 * session's and, unless `customerId` is null (a caller who sees every customer), other customers'
 * are left out here; the stream's audience rule decides the rest.
 */
export async function recentEventsFor(
  db: Database,
  scope: { afterId: number; sessionId: string; customerId: string | null; limit: number },
): Promise<PortalEventRow[]> {
  const rows = await db
    .select()
    .from(portalEvents)
    .where(
      and(
        gt(portalEvents.id, scope.afterId),
        or(isNull(portalEvents.sessionId), eq(portalEvents.sessionId, scope.sessionId)),
        scope.customerId === null
          ? undefined
          : or(isNull(portalEvents.customerId), eq(portalEvents.customerId, scope.customerId)),
      ),
    )
    .orderBy(desc(portalEvents.id))
    .limit(scope.limit);
  return rows.reverse();
}

/** The newest event's id, 0 while there is none: where a new stream starts. */
export async function latestEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(portalEvents.id) }).from(portalEvents);
  return row?.id ?? 0;
}
