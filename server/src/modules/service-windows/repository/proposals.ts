import type { Proposal } from '@tidewatch/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '../../../core/tenant';
import type { Database } from '../../../db/client';
import {
  type ServiceWindowProposalRow,
  serviceWindowConfigs,
  serviceWindowProposals,
  type WindowSettings,
} from '../../../db/schema';
import { settingsToBody } from '../settings';
import { type Db, groupNames, pageOf, peopleById } from './common';

export async function proposalItems(db: Database, rows: ServiceWindowProposalRow[]): Promise<Proposal[]> {
  const [person, group, configs] = await Promise.all([
    peopleById(
      db,
      rows.flatMap((row) => [row.proposedById, row.resolvedById]),
    ),
    groupNames(
      db,
      rows.map((row) => row.tagId),
    ),
    rows.length
      ? db
          .select()
          .from(serviceWindowConfigs)
          .where(
            inArray(
              serviceWindowConfigs.tagId,
              rows.map((row) => row.tagId),
            ),
          )
      : [],
  ]);
  return rows.map((row) => {
    const current = configs.find((config) => config.tagId === row.tagId);
    return {
      id: row.id,
      group: group(row.tagId) ?? { id: row.tagId, name: '' },
      settings: settingsToBody(row.settings),
      current: current ? settingsToBody(current.settings) : null,
      note: row.note,
      status: row.status,
      proposed_at: row.proposedAt.toISOString(),
      proposed_by: person(row.proposedById),
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      resolved_by: person(row.resolvedById),
      resolution_comment: row.resolutionComment,
    };
  });
}

export async function proposalItem(db: Database, row: ServiceWindowProposalRow): Promise<Proposal> {
  const [item] = await proposalItems(db, [row]);
  if (!item) throw new Error('proposal item');
  return item;
}

/** The tenant's proposals, newest first, optionally of one status. */
export function proposalPage(
  db: Database,
  tenant: Tenant,
  query: {
    status?: ServiceWindowProposalRow['status'] | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  return pageOf(db, serviceWindowProposals, {
    keys: { proposed: { expr: sql`${serviceWindowProposals.proposedAt}`, cast: 'timestamptz' } },
    sort: '-proposed',
    where: and(
      eq(serviceWindowProposals.customerId, tenant.customerId),
      query.status ? eq(serviceWindowProposals.status, query.status) : undefined,
    ),
    cursor: query.cursor,
    limit: query.limit,
  });
}

export async function insertProposal(
  db: Database,
  tenant: Tenant,
  proposal: {
    tagId: string;
    settings: WindowSettings;
    baseVersion: number;
    note: string;
    proposedAt: Date;
    proposedById: string;
  },
): Promise<ServiceWindowProposalRow> {
  const [row] = await db
    .insert(serviceWindowProposals)
    .values({ customerId: tenant.customerId, ...proposal })
    .returning();
  if (!row) throw new Error('proposal row');
  return row;
}

/** Answers the tenant's proposal if it is still pending; null if it is not (or not the tenant's). */
export async function answerPendingProposal(
  db: Db,
  tenant: Tenant,
  proposalId: string,
  answer: Pick<ServiceWindowProposalRow, 'status' | 'resolvedAt' | 'resolvedById' | 'resolutionComment'>,
): Promise<ServiceWindowProposalRow | null> {
  const [row] = await db
    .update(serviceWindowProposals)
    .set(answer)
    .where(
      and(
        eq(serviceWindowProposals.customerId, tenant.customerId),
        eq(serviceWindowProposals.id, proposalId),
        eq(serviceWindowProposals.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function proposalExists(db: Db, tenant: Tenant, proposalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceWindowProposals.id })
    .from(serviceWindowProposals)
    .where(
      and(
        eq(serviceWindowProposals.customerId, tenant.customerId),
        eq(serviceWindowProposals.id, proposalId),
      ),
    );
  return Boolean(row);
}
