import { type ChangeRequestDetail, type ChangeRequestSummary, contract, REFUSALS } from '@tidewatch/contract';
import { type Configuration, configurationDiff } from '@tidewatch/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
import { type ChangeRequestRow, changeRequests, type StoredParameters, servers, tags } from '../../db/schema';
import { conflict, fieldRefusal, HttpError, notFound } from '../../lib/http-error';
import { createSecretBox } from '../../lib/secret-box';
import { proposeConfiguration, yamlOf } from '../configuration';
import { findTagByName } from '../tags';

function toSummary(row: ChangeRequestRow): ChangeRequestSummary {
  return {
    number: row.number,
    title: row.title,
    target: { kind: row.serverId ? 'server' : 'tag', name: row.targetName },
    status: row.status,
    roles: row.roles,
    author: row.authorName,
    opened_by_impersonator: row.openedByImpersonatorName,
    created: row.createdAt.toISOString(),
    resolved_by: row.resolvedByName,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** The live configuration of a change request's target. */
async function currentOf(
  db: Database,
  row: Pick<ChangeRequestRow, 'serverId' | 'tagId'>,
): Promise<Configuration> {
  const table = row.serverId ? servers : tags;
  const id = row.serverId ?? row.tagId;
  if (!id) throw new Error('a change request without a target');
  const [target] = await db
    .select({ roles: table.roles, parameters: table.parameters })
    .from(table)
    .where(eq(table.id, id));
  if (!target) throw notFound(REFUSALS.changeRequestTargetGone);
  return { roles: target.roles, parameters: target.parameters as StoredParameters };
}

async function toDetail(db: Database, row: ChangeRequestRow): Promise<ChangeRequestDetail> {
  const outdated = row.status === 'open' && yamlOf(await currentOf(db, row)) !== row.baseYaml;
  return {
    ...toSummary(row),
    base_yaml: row.baseYaml,
    proposed_yaml: row.proposedYaml,
    diff: configurationDiff(row.baseYaml, row.proposedYaml, `${row.targetName}.yaml`),
    outdated,
  };
}

export async function changeRequestRoutes(app: FastifyInstance, options: { secret: string }) {
  const { db } = app;
  const box = createSecretBox(options.secret, 'role-parameters');

  async function load(customerId: string, number: number): Promise<ChangeRequestRow> {
    const [row] = await db
      .select()
      .from(changeRequests)
      .where(and(eq(changeRequests.customerId, customerId), eq(changeRequests.number, number)))
      .limit(1);
    if (!row) throw notFound(REFUSALS.noSuchChangeRequest);
    return row;
  }

  async function resolve(
    customerId: string,
    number: number,
    userName: string,
    userId: string,
    merge: boolean,
  ) {
    const row = await load(customerId, number);
    if (row.status !== 'open') throw conflict(REFUSALS.changeRequestDecided, { status: row.status });
    const now = app.now();
    await db.transaction(async (tx) => {
      if (merge) {
        const current = await currentOf(tx as unknown as Database, row);
        if (yamlOf(current) !== row.baseYaml) {
          throw conflict(REFUSALS.configurationChanged);
        }
        const table = row.serverId ? servers : tags;
        await tx
          .update(table)
          .set({ roles: row.roles, parameters: row.parameters })
          .where(eq(table.id, (row.serverId ?? row.tagId) as string));
      }
      await tx
        .update(changeRequests)
        .set({
          status: merge ? 'merged' : 'closed',
          resolvedById: userId,
          resolvedByName: userName,
          resolvedAt: now,
        })
        .where(eq(changeRequests.id, row.id));
    });
    return toDetail(db, await load(customerId, number));
  }

  implement(app, contract.changeRequests, {
    async list(request) {
      const { customer_id } = request.params;
      const { status } = request.query;
      const rows = await db
        .select()
        .from(changeRequests)
        .where(and(eq(changeRequests.customerId, customer_id), status && eq(changeRequests.status, status)))
        .orderBy(desc(changeRequests.number));
      return { data: rows.map(toSummary) };
    },

    async detail(request) {
      return toDetail(db, await load(request.params.customer_id, request.params.number));
    },

    async open(request) {
      const auth = requireAuth(request);
      const { customer_id } = request.params;
      const { target, roles, parameters, title } = request.body;
      let targetRow: { serverId: string | null; tagId: string | null; name: string; current: Configuration };
      if (target.kind === 'server') {
        const [server] = await db
          .select()
          .from(servers)
          .where(
            and(
              eq(servers.customerId, customer_id),
              eq(servers.certname, target.certname),
              ne(servers.status, 'decommissioned'),
            ),
          );
        if (!server)
          throw new HttpError(
            400,
            REFUSALS.noSuchServerNamed,
            { 'target.certname': [REFUSALS.noSuchServer] },
            undefined,
            { certname: target.certname },
          );
        targetRow = { serverId: server.id, tagId: null, name: server.certname, current: server };
      } else {
        const tag = await findTagByName(db, tenantOf(request), target.tag);
        if (!tag) throw fieldRefusal(400, 'target.tag', REFUSALS.noTagNamed, { name: target.tag });
        targetRow = { serverId: null, tagId: tag.id, name: tag.name, current: tag };
      }
      const current: Configuration = {
        roles: targetRow.current.roles,
        parameters: targetRow.current.parameters,
      };
      const proposed = proposeConfiguration(current, roles, parameters, box);
      // Compared as reviewed: every parameter of the chosen roles, in catalogue order.
      if (yamlOf(proposed) === yamlOf(current)) {
        throw new HttpError(400, REFUSALS.nothingToChange, {
          roles: [REFUSALS.nothingToChange],
        });
      }
      const values = {
        customerId: customer_id,
        title: title || `Roles for ${targetRow.name}: ${roles.join(' + ') || 'none'}`,
        serverId: targetRow.serverId,
        tagId: targetRow.tagId,
        targetName: targetRow.name,
        roles: proposed.roles,
        parameters: proposed.parameters,
        baseYaml: yamlOf(current),
        proposedYaml: yamlOf(proposed),
        authorId: auth.user.id,
        authorName: auth.user.name,
        openedByImpersonatorId: auth.impersonator?.id ?? null,
        openedByImpersonatorName: auth.impersonator?.name ?? null,
        createdAt: app.now(),
      };
      // Numbers are per customer; two opened at once race for one, and the loser takes the next.
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db
            .insert(changeRequests)
            .values({
              ...values,
              number: sql`(select coalesce(max(${changeRequests.number}), 0) + 1 from ${changeRequests} where ${changeRequests.customerId} = ${customer_id})`,
            })
            .returning();
          if (!row) throw new Error('insert returned no row');
          return toDetail(db, row);
        } catch (error) {
          const code =
            (error as { code?: string; cause?: { code?: string } }).code ??
            (error as { cause?: { code?: string } }).cause?.code;
          if (code !== '23505' || attempt === 3) throw error;
        }
      }
    },

    async merge(request) {
      const auth = requireAuth(request);
      const { customer_id, number } = request.params;
      const merged = await resolve(customer_id, number, auth.user.name, auth.user.id, true);
      await appendActivity(app.db, request, auth, 'change_request.merge', customer_id, {
        target: `#${merged.number} ${merged.title}`,
      });
      return merged;
    },

    async close(request) {
      const auth = requireAuth(request);
      return resolve(request.params.customer_id, request.params.number, auth.user.name, auth.user.id, false);
    },
  });
}
