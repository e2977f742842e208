import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import {
  clusters,
  customers,
  invoices,
  serverPingDays,
  servers,
  serviceReportMailings,
  serviceWindows,
  serviceWindowTargets,
  tags,
} from '../../db/schema';

/** The customers whose managers get the monthly report. */
export function activeCustomers(db: Database) {
  return db.select().from(customers).where(eq(customers.active, true));
}

/** A period of instants, `to` not included. */
export interface Span {
  from: Date;
  to: Date;
}

/**
 * The customer's servers added before the period ended and not decommissioned before it began (one
 * decommissioned before there was a decommission time counts as never under management).
 */
export function serversOf(db: Database, tenant: Tenant, span: Span) {
  return db
    .select()
    .from(servers)
    .where(
      and(
        eq(servers.customerId, tenant.customerId),
        lt(servers.createdAt, span.to),
        or(
          sql`${servers.status} <> 'decommissioned'`,
          and(isNotNull(servers.decommissionedAt), gte(servers.decommissionedAt, span.from)),
        ),
      ),
    )
    .orderBy(asc(servers.certname));
}

/** The customer's clusters, the same way as `serversOf`. */
export function clustersOf(db: Database, tenant: Tenant, span: Span) {
  return db
    .select()
    .from(clusters)
    .where(
      and(
        eq(clusters.customerId, tenant.customerId),
        lt(clusters.createdAt, span.to),
        or(
          sql`${clusters.status} <> 'decommissioned'`,
          and(isNotNull(clusters.decommissionedAt), gte(clusters.decommissionedAt, span.from)),
        ),
      ),
    )
    .orderBy(asc(clusters.certname));
}

/** Each server's counted pings by UTC day within the dates, and the first day each was ever counted. */
export async function pingDaysOf(db: Database, serverIds: string[], from: string, until: string) {
  if (!serverIds.length) return { days: [], firstDays: new Map<string, string>() };
  const [days, firsts] = await Promise.all([
    db
      .select({ serverId: serverPingDays.serverId, day: serverPingDays.day, pings: serverPingDays.pings })
      .from(serverPingDays)
      .where(
        and(
          inArray(serverPingDays.serverId, serverIds),
          gte(serverPingDays.day, from),
          lt(serverPingDays.day, until),
        ),
      ),
    db
      .select({ serverId: serverPingDays.serverId, day: sql<string>`min(${serverPingDays.day})::text` })
      .from(serverPingDays)
      .where(inArray(serverPingDays.serverId, serverIds))
      .groupBy(serverPingDays.serverId),
  ]);
  return { days, firstDays: new Map(firsts.map((row) => [row.serverId, row.day])) };
}

/** The customer's update groups' windows that ended in the period, with their group's name and machines. */
export async function windowsEndedIn(db: Database, tenant: Tenant, span: Span) {
  return db
    .select({
      id: serviceWindows.id,
      tagName: sql<string>`coalesce(${tags.name}, '')`,
      startsAt: serviceWindows.startsAt,
      servers: sql<number>`(select count(*)::int from ${serviceWindowTargets} t where t.window_id = ${serviceWindows.id})`,
    })
    .from(serviceWindows)
    .leftJoin(tags, eq(tags.id, serviceWindows.tagId))
    .where(
      and(
        eq(serviceWindows.customerId, tenant.customerId),
        inArray(serviceWindows.status, ['closed', 'expired']),
        gte(serviceWindows.endsAt, span.from),
        lt(serviceWindows.endsAt, span.to),
      ),
    )
    .orderBy(asc(serviceWindows.startsAt));
}

/** The customer's invoices of the billed months that count as spend: issued, paid, not credited. */
export function spendingInvoicesOf(db: Database, tenant: Tenant, months: string[]) {
  return db
    .select({ period: invoices.period, subtotalCents: invoices.subtotalCents })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerId, tenant.customerId),
        inArray(invoices.period, months),
        inArray(invoices.status, ['issued', 'paid']),
      ),
    );
}

/**
 * Claims the customer's report of the month for mailing: true for the one caller that inserted the
 * row, so replicas mail it once (decision 0104).
 */
export async function claimMailing(
  db: Database,
  customerId: string,
  month: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(serviceReportMailings)
    .values({ customerId, month, mailedAt: now })
    .onConflictDoNothing()
    .returning({ month: serviceReportMailings.month });
  return claimed.length > 0;
}
