import type { Exemption } from '@tidewatch/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '../../../core/tenant';
import type { Database } from '../../../db/client';
import {
  type ServiceWindowExemptionRow,
  serviceWindowExemptions,
  serviceWindows,
  serviceWindowTargets,
} from '../../../db/schema';
import { type Db, pageOf, peopleById } from './common';
import { windowItems } from './windows';

export async function exemptionItems(db: Database, rows: ServiceWindowExemptionRow[]): Promise<Exemption[]> {
  const windowRows = rows.length
    ? await db
        .select()
        .from(serviceWindows)
        .where(
          inArray(
            serviceWindows.id,
            rows.map((row) => row.windowId),
          ),
        )
    : [];
  const [windows, person, targets] = await Promise.all([
    windowItems(db, windowRows),
    peopleById(
      db,
      rows.flatMap((row) => [row.requestedById, row.resolvedById]),
    ),
    windowRows.length
      ? db
          .select({ windowId: serviceWindowTargets.windowId, n: count() })
          .from(serviceWindowTargets)
          .where(
            inArray(
              serviceWindowTargets.windowId,
              windowRows.map((row) => row.id),
            ),
          )
          .groupBy(serviceWindowTargets.windowId)
      : [],
  ]);
  return rows.flatMap((row) => {
    const window = windows.find((candidate) => candidate.id === row.windowId);
    if (!window) return [];
    const targetCount = targets.find((entry) => entry.windowId === row.windowId)?.n ?? 0;
    return [
      {
        id: row.id,
        window: {
          id: window.id,
          starts_at: window.starts_at,
          ends_at: window.ends_at,
          timezone: window.timezone,
          status: window.status,
          group: window.group,
        },
        certnames: row.certnames,
        all_targets: row.certnames.length >= targetCount,
        reason: row.reason,
        status: row.status,
        requested_at: row.requestedAt.toISOString(),
        requested_by: person(row.requestedById),
        resolved_at: row.resolvedAt?.toISOString() ?? null,
        resolved_by: person(row.resolvedById),
        resolution_comment: row.resolutionComment,
      },
    ];
  });
}

export async function exemptionItem(db: Database, row: ServiceWindowExemptionRow): Promise<Exemption> {
  const [item] = await exemptionItems(db, [row]);
  if (!item) throw new Error('exemption item');
  return item;
}

/** The tenant's requests to skip a window, newest first, optionally of one status. */
export function exemptionPage(
  db: Database,
  tenant: Tenant,
  query: {
    status?: ServiceWindowExemptionRow['status'] | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  return pageOf(db, serviceWindowExemptions, {
    keys: { requested: { expr: sql`${serviceWindowExemptions.requestedAt}`, cast: 'timestamptz' } },
    sort: '-requested',
    where: and(
      eq(serviceWindowExemptions.customerId, tenant.customerId),
      query.status ? eq(serviceWindowExemptions.status, query.status) : undefined,
    ),
    cursor: query.cursor,
    limit: query.limit,
  });
}

export async function insertExemption(
  db: Database,
  tenant: Tenant,
  exemption: Pick<
    ServiceWindowExemptionRow,
    'windowId' | 'certnames' | 'reason' | 'requestedAt' | 'requestedById'
  >,
): Promise<ServiceWindowExemptionRow> {
  const [row] = await db
    .insert(serviceWindowExemptions)
    .values({ customerId: tenant.customerId, ...exemption })
    .returning();
  if (!row) throw new Error('exemption row');
  return row;
}

/** Answers the tenant's request if it still waits; null if it does not (or is not the tenant's). */
export async function answerRequestedExemption(
  db: Db,
  tenant: Tenant,
  exemptionId: string,
  answer: Pick<ServiceWindowExemptionRow, 'status' | 'resolvedAt' | 'resolvedById' | 'resolutionComment'>,
): Promise<ServiceWindowExemptionRow | null> {
  const [row] = await db
    .update(serviceWindowExemptions)
    .set(answer)
    .where(
      and(
        eq(serviceWindowExemptions.customerId, tenant.customerId),
        eq(serviceWindowExemptions.id, exemptionId),
        eq(serviceWindowExemptions.status, 'requested'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function exemptionExists(db: Db, tenant: Tenant, exemptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceWindowExemptions.id })
    .from(serviceWindowExemptions)
    .where(
      and(
        eq(serviceWindowExemptions.customerId, tenant.customerId),
        eq(serviceWindowExemptions.id, exemptionId),
      ),
    );
  return Boolean(row);
}

/** Takes an approved request's machines out of its window. */
export async function exemptTargets(db: Db, exemption: ServiceWindowExemptionRow): Promise<void> {
  await db
    .update(serviceWindowTargets)
    .set({ exempted: true })
    .where(
      and(
        eq(serviceWindowTargets.windowId, exemption.windowId),
        inArray(serviceWindowTargets.certname, exemption.certnames),
      ),
    );
  // Fewer machines is a new version of the window: its invitations are updated.
  await db
    .update(serviceWindows)
    .set({ sequence: sql`${serviceWindows.sequence} + 1` })
    .where(eq(serviceWindows.id, exemption.windowId));
}
