import { contract, FIELD_REFUSALS, REFUSALS } from '@tidewatch/contract';
import { zonedInstant } from '@tidewatch/domain';
import { and, desc, eq, gt, inArray, lt, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/access';
import { implement } from '../../core/route';
import {
  calendarFeeds,
  clusters,
  servers,
  serviceWindowConfigVersions,
  serviceWindowExemptions,
  serviceWindowProposals,
  serviceWindows,
  serviceWindowTargets,
} from '../../db/schema';
import { conflict, fieldRefusal, HttpError, notFound } from '../../lib/http-error';
import { keyset } from '../../lib/keyset';
import { hashSecret, newSecret } from '../agent';
import {
  configurationsOf,
  exemptionItems,
  findGroup,
  peopleById,
  proposalItems,
  staffQueue,
  windowItems,
} from './repository';
import {
  advanceWindows,
  applyConfiguration,
  groupMembers,
  type Member,
  settingsFromBody,
  settingsToBody,
} from './service';

const byStart = { start: { expr: sql`${serviceWindows.startsAt}`, cast: 'timestamptz' as const } };
const byProposed = {
  proposed: { expr: sql`${serviceWindowProposals.proposedAt}`, cast: 'timestamptz' as const },
};
const byRequested = {
  requested: { expr: sql`${serviceWindowExemptions.requestedAt}`, cast: 'timestamptz' as const },
};
/** Ids compared as text, so a forged cursor is a 400 and never a failed uuid cast. */
const idText = (column: SQLWrapper) => sql`${column}::text`;

export async function serviceWindowRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const { db } = app;

  async function group(customerId: string, tagId: string) {
    const row = await findGroup(db, customerId, tagId);
    if (!row) throw notFound(REFUSALS.noSuchUpdateGroup);
    return row;
  }

  async function configuration(customerId: string, tagId: string) {
    const [item] = await configurationsOf(db, customerId, tagId);
    if (!item) throw notFound(REFUSALS.noSuchUpdateGroup);
    return item;
  }

  async function windowOf(customerId: string, windowId: string) {
    const [row] = await db
      .select()
      .from(serviceWindows)
      .where(and(eq(serviceWindows.customerId, customerId), eq(serviceWindows.id, windowId)));
    if (!row) throw notFound(REFUSALS.noSuchServiceWindow);
    return row;
  }

  /** The customer's servers and clusters by certname; 400 naming the first unknown one. */
  async function targetsByCertname(customerId: string, certnames: string[]): Promise<Member[]> {
    if (certnames.length === 0) return [];
    const [serverRows, clusterRows] = await Promise.all([
      db
        .select({ id: servers.id, certname: servers.certname })
        .from(servers)
        .where(and(eq(servers.customerId, customerId), inArray(servers.certname, certnames))),
      db
        .select({ id: clusters.id, certname: clusters.certname })
        .from(clusters)
        .where(and(eq(clusters.customerId, customerId), inArray(clusters.certname, certnames))),
    ]);
    return certnames.map((certname) => {
      const server = serverRows.find((row) => row.certname === certname);
      const cluster = clusterRows.find((row) => row.certname === certname);
      if (!server && !cluster) {
        throw fieldRefusal(400, 'certnames', REFUSALS.noSuchMachineNamed, { certname });
      }
      return { serverId: server?.id ?? null, clusterId: cluster?.id ?? null, certname };
    });
  }

  implement(app, contract.serviceWindows, {
    async queue() {
      // Exemptions of windows that have begun are settled first, as on the Exemptions page.
      await advanceWindows(db, app.now());
      return staffQueue(db);
    },

    async configurations(request) {
      return { data: await configurationsOf(db, request.params.customer_id) };
    },

    async versions(request) {
      const tag = await group(request.params.customer_id, request.params.tag_id);
      const rows = await db
        .select()
        .from(serviceWindowConfigVersions)
        .where(eq(serviceWindowConfigVersions.tagId, tag.id))
        .orderBy(desc(serviceWindowConfigVersions.version));
      const person = await peopleById(
        db,
        rows.map((row) => row.changedById),
      );
      return {
        data: rows.map((row) => ({
          version: row.version,
          settings: settingsToBody(row.settings),
          changed_at: row.changedAt.toISOString(),
          changed_by: person(row.changedById),
          proposal_id: row.proposalId,
        })),
      };
    },

    async configure(request) {
      const { customer_id, tag_id } = request.params;
      const tag = await group(customer_id, tag_id);
      const auth = requireAuth(request);
      await db.transaction((tx) =>
        applyConfiguration(
          tx,
          {
            tagId: tag.id,
            customerId: customer_id,
            settings: settingsFromBody(request.body),
            byId: auth.user.id,
          },
          app.now(),
        ),
      );
      return configuration(customer_id, tag.id);
    },

    async proposals(request) {
      const { customer_id } = request.params;
      const { status, cursor, limit } = request.query;
      const paging = keyset({
        keys: { ...byProposed, id: { expr: idText(serviceWindowProposals.id), cast: 'text' } },
        unique: { name: 'id', column: idText(serviceWindowProposals.id) },
        sort: '-proposed',
        cursor,
      });
      const where = and(
        eq(serviceWindowProposals.customerId, customer_id),
        status ? eq(serviceWindowProposals.status, status) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ proposal: serviceWindowProposals, key: paging.keyValue })
          .from(serviceWindowProposals)
          .where(and(where, paging.after))
          .orderBy(...paging.orderBy)
          .limit(limit + 1),
        cursor ? [] : db.select({ n: sql<number>`count(*)::int` }).from(serviceWindowProposals).where(where),
      ]);
      return {
        data: await proposalItems(
          db,
          rows.slice(0, limit).map((row) => row.proposal),
        ),
        next_cursor: paging.nextCursor(rows, limit, (row) => row.proposal.id),
        total: cursor ? null : (counted?.n ?? 0),
      };
    },

    async propose(request) {
      const { customer_id } = request.params;
      const tag = await group(customer_id, request.body.tag_id);
      const auth = requireAuth(request);
      const [current] = await configurationsOf(db, customer_id, tag.id);
      const [row] = await db
        .insert(serviceWindowProposals)
        .values({
          customerId: customer_id,
          tagId: tag.id,
          settings: settingsFromBody(request.body.settings),
          baseVersion: current?.version ?? 0,
          note: request.body.note,
          proposedAt: app.now(),
          proposedById: auth.user.id,
        })
        .returning();
      if (!row) throw new Error('proposal row');
      const [item] = await proposalItems(db, [row]);
      if (!item) throw new Error('proposal item');
      return item;
    },

    async resolveProposal(request) {
      const { customer_id, proposal_id } = request.params;
      const { decision, comment } = request.body;
      const auth = requireAuth(request);
      const now = app.now();
      const resolved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(serviceWindowProposals)
          .set({
            status: decision === 'accept' ? 'accepted' : 'rejected',
            resolvedAt: now,
            resolvedById: auth.user.id,
            resolutionComment: comment,
          })
          .where(
            and(
              eq(serviceWindowProposals.customerId, customer_id),
              eq(serviceWindowProposals.id, proposal_id),
              eq(serviceWindowProposals.status, 'pending'),
            ),
          )
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: serviceWindowProposals.id })
            .from(serviceWindowProposals)
            .where(
              and(
                eq(serviceWindowProposals.customerId, customer_id),
                eq(serviceWindowProposals.id, proposal_id),
              ),
            );
          throw exists ? conflict(REFUSALS.proposalAnswered) : notFound(REFUSALS.noSuchProposal);
        }
        if (decision === 'accept') {
          await applyConfiguration(
            tx,
            {
              tagId: row.tagId,
              customerId: customer_id,
              settings: row.settings,
              byId: auth.user.id,
              proposalId: row.id,
            },
            now,
          );
        }
        return row;
      });
      const [item] = await proposalItems(db, [resolved]);
      if (!item) throw new Error('proposal item');
      return item;
    },

    async windows(request) {
      const { customer_id } = request.params;
      const { tag_id, status, from, until, sort, cursor, limit } = request.query;
      await advanceWindows(db, app.now());
      const paging = keyset({
        keys: { ...byStart, id: { expr: idText(serviceWindows.id), cast: 'text' } },
        unique: { name: 'id', column: idText(serviceWindows.id) },
        sort,
        cursor,
      });
      const where = and(
        eq(serviceWindows.customerId, customer_id),
        tag_id ? eq(serviceWindows.tagId, tag_id) : undefined,
        status ? eq(serviceWindows.status, status) : undefined,
        from ? gt(serviceWindows.endsAt, new Date(from)) : undefined,
        until ? lt(serviceWindows.startsAt, new Date(until)) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ window: serviceWindows, key: paging.keyValue })
          .from(serviceWindows)
          .where(and(where, paging.after))
          .orderBy(...paging.orderBy)
          .limit(limit + 1),
        cursor ? [] : db.select({ n: sql<number>`count(*)::int` }).from(serviceWindows).where(where),
      ]);
      return {
        data: await windowItems(
          db,
          rows.slice(0, limit).map((row) => row.window),
        ),
        next_cursor: paging.nextCursor(rows, limit, (row) => row.window.id),
        total: cursor ? null : (counted?.n ?? 0),
      };
    },

    async book(request) {
      const { customer_id } = request.params;
      const body = request.body;
      const auth = requireAuth(request);
      const tag = body.tag_id ? await group(customer_id, body.tag_id) : null;
      const chosen = await targetsByCertname(customer_id, body.certnames);
      const members = tag ? await groupMembers(db, tag.id, 'both') : [];
      const outside =
        tag && chosen.find((target) => !members.some((member) => member.certname === target.certname));
      if (outside) {
        throw fieldRefusal(400, 'certnames', REFUSALS.notInGroup, {
          certname: outside.certname,
          group: tag.name,
        });
      }
      const targets = chosen.length ? chosen : members;
      const [date = '', time = ''] = body.starts_at_local.split('T');
      const startsAt = zonedInstant(date, time, body.timezone);
      const now = app.now();
      if (startsAt <= now) {
        throw new HttpError(400, FIELD_REFUSALS.startPassed, {
          starts_at_local: [FIELD_REFUSALS.startPassed],
        });
      }
      const window = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(serviceWindows)
          .values({
            customerId: customer_id,
            tagId: tag?.id ?? null,
            type: 'adhoc',
            startsAt,
            endsAt: new Date(startsAt.getTime() + body.duration_minutes * 60_000),
            timezone: body.timezone,
            rebootAllowed: body.reboot_allowed,
            note: body.note,
            createdAt: now,
            createdById: auth.user.id,
          })
          .returning();
        if (!row) throw new Error('window row');
        if (targets.length) {
          await tx
            .insert(serviceWindowTargets)
            .values(targets.map((target) => ({ windowId: row.id, ...target })));
        }
        return row;
      });
      await advanceWindows(db, now, [window.id]);
      const [item] = await windowItems(db, [await windowOf(customer_id, window.id)]);
      if (!item) throw new Error('window item');
      return item;
    },

    async exemptions(request) {
      const { customer_id } = request.params;
      const { status, cursor, limit } = request.query;
      await advanceWindows(db, app.now());
      const paging = keyset({
        keys: { ...byRequested, id: { expr: idText(serviceWindowExemptions.id), cast: 'text' } },
        unique: { name: 'id', column: idText(serviceWindowExemptions.id) },
        sort: '-requested',
        cursor,
      });
      const where = and(
        eq(serviceWindowExemptions.customerId, customer_id),
        status ? eq(serviceWindowExemptions.status, status) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ exemption: serviceWindowExemptions, key: paging.keyValue })
          .from(serviceWindowExemptions)
          .where(and(where, paging.after))
          .orderBy(...paging.orderBy)
          .limit(limit + 1),
        cursor ? [] : db.select({ n: sql<number>`count(*)::int` }).from(serviceWindowExemptions).where(where),
      ]);
      return {
        data: await exemptionItems(
          db,
          rows.slice(0, limit).map((row) => row.exemption),
        ),
        next_cursor: paging.nextCursor(rows, limit, (row) => row.exemption.id),
        total: cursor ? null : (counted?.n ?? 0),
      };
    },

    async requestExemption(request) {
      const { customer_id } = request.params;
      const { window_id, certnames, reason } = request.body;
      const auth = requireAuth(request);
      const now = app.now();
      await advanceWindows(db, now, [window_id]);
      const window = await windowOf(customer_id, window_id);
      if (window.status !== 'scheduled') {
        throw conflict(REFUSALS.onlyUnstartedSkipped);
      }
      const targets = await db
        .select({ certname: serviceWindowTargets.certname })
        .from(serviceWindowTargets)
        .where(and(eq(serviceWindowTargets.windowId, window.id), eq(serviceWindowTargets.exempted, false)));
      const unknown = certnames.find((certname) => !targets.some((target) => target.certname === certname));
      if (unknown) {
        throw fieldRefusal(400, 'certnames', REFUSALS.notWindowTarget, { certname: unknown });
      }
      const [row] = await db
        .insert(serviceWindowExemptions)
        .values({
          customerId: customer_id,
          windowId: window.id,
          certnames: certnames.length ? [...new Set(certnames)] : targets.map((target) => target.certname),
          reason,
          requestedAt: now,
          requestedById: auth.user.id,
        })
        .returning();
      if (!row) throw new Error('exemption row');
      const [item] = await exemptionItems(db, [row]);
      if (!item) throw new Error('exemption item');
      return item;
    },

    async resolveExemption(request) {
      const { customer_id, exemption_id } = request.params;
      const { decision, comment } = request.body;
      const auth = requireAuth(request);
      const now = app.now();
      const resolved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(serviceWindowExemptions)
          .set({
            status: decision === 'accept' ? 'approved' : 'rejected',
            resolvedAt: now,
            resolvedById: auth.user.id,
            resolutionComment: comment,
          })
          .where(
            and(
              eq(serviceWindowExemptions.customerId, customer_id),
              eq(serviceWindowExemptions.id, exemption_id),
              eq(serviceWindowExemptions.status, 'requested'),
            ),
          )
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: serviceWindowExemptions.id })
            .from(serviceWindowExemptions)
            .where(
              and(
                eq(serviceWindowExemptions.customerId, customer_id),
                eq(serviceWindowExemptions.id, exemption_id),
              ),
            );
          throw exists ? conflict(REFUSALS.exemptionAnswered) : notFound(REFUSALS.noSuchExemption);
        }
        if (decision === 'accept') {
          await tx
            .update(serviceWindowTargets)
            .set({ exempted: true })
            .where(
              and(
                eq(serviceWindowTargets.windowId, row.windowId),
                inArray(serviceWindowTargets.certname, row.certnames),
              ),
            );
        }
        return row;
      });
      await advanceWindows(db, now, [resolved.windowId]);
      const [item] = await exemptionItems(db, [resolved]);
      if (!item) throw new Error('exemption item');
      return item;
    },

    async calendarFeed(request) {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.customerId, request.params.customer_id));
      return { active: Boolean(row), created_at: row?.createdAt.toISOString() ?? null };
    },

    async createCalendarFeed(request) {
      const { customer_id } = request.params;
      const token = newSecret('twcal');
      const now = app.now();
      const values = {
        tokenHash: hashSecret(token),
        createdAt: now,
        createdById: requireAuth(request).user.id,
      };
      await db
        .insert(calendarFeeds)
        .values({ customerId: customer_id, ...values })
        .onConflictDoUpdate({ target: calendarFeeds.customerId, set: values });
      return {
        url: `${options.publicUrl}/api/service-window/calendar/${token}/windows.ics`,
        created_at: now.toISOString(),
      };
    },

    async revokeCalendarFeed(request) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.customerId, request.params.customer_id));
    },
  });
}
