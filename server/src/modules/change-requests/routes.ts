import { type ChangeRequestDetail, type ChangeRequestSummary, contract, REFUSALS } from '@tidewatch/contract';
import { type Configuration, configurationDiff } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { conflict, fieldRefusal, HttpError, notFound } from '../../lib/http-error';
import { createSecretBox } from '../../lib/secret-box';
import { proposeConfiguration, yamlOf } from '../configuration';
import { findServer } from '../servers';
import { findTagByName } from '../tags';
import { queueWebhookEvent } from '../webhooks';
import {
  applyChangeRequest,
  type ChangeRequestRow,
  findChangeRequest,
  insertChangeRequest,
  listChangeRequests,
  markResolved,
  targetConfiguration,
} from './repository';

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

/** The live configuration of a change request's target, read in or out of a transaction. */
async function currentOf(
  db: Parameters<typeof targetConfiguration>[0],
  row: Pick<ChangeRequestRow, 'serverId' | 'tagId'>,
): Promise<Configuration> {
  const current = await targetConfiguration(db, row);
  if (!current) throw notFound(REFUSALS.changeRequestTargetGone);
  return current;
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

  async function load(tenant: Tenant, number: number): Promise<ChangeRequestRow> {
    const row = await findChangeRequest(db, tenant, number);
    if (!row) throw notFound(REFUSALS.noSuchChangeRequest);
    return row;
  }

  async function resolve(tenant: Tenant, number: number, userName: string, userId: string, merge: boolean) {
    const row = await load(tenant, number);
    if (row.status !== 'open') throw conflict(REFUSALS.changeRequestDecided, { status: row.status });
    const now = app.now();
    await db.transaction(async (tx) => {
      if (merge) {
        const current = await currentOf(tx, row);
        if (yamlOf(current) !== row.baseYaml) {
          throw conflict(REFUSALS.configurationChanged);
        }
        await applyChangeRequest(tx, row);
      }
      await markResolved(tx, row, { status: merge ? 'merged' : 'closed', userId, userName, at: now });
      if (merge) {
        await queueWebhookEvent(
          tx,
          tenant.customerId,
          'change_request.merged',
          {
            customer_id: tenant.customerId,
            number: row.number,
            title: row.title,
            target: { kind: row.serverId ? 'server' : 'tag', name: row.targetName },
            roles: row.roles,
            merged_by: userName,
          },
          now,
        );
      }
    });
    return toDetail(db, await load(tenant, number));
  }

  implement(app, contract.changeRequests, {
    async list(request) {
      const rows = await listChangeRequests(db, tenantOf(request), request.query.status);
      return { data: rows.map(toSummary) };
    },

    async detail(request) {
      return toDetail(db, await load(tenantOf(request), request.params.number));
    },

    async open(request) {
      const auth = requireAuth(request);
      const tenant = tenantOf(request);
      const { target, roles, parameters, title } = request.body;
      let targetRow: { serverId: string | null; tagId: string | null; name: string; current: Configuration };
      if (target.kind === 'server') {
        const server = await findServer(db, tenant, target.certname);
        if (!server || server.status === 'decommissioned')
          throw new HttpError(
            400,
            REFUSALS.noSuchServerNamed,
            { 'target.certname': [REFUSALS.noSuchServer] },
            undefined,
            { certname: target.certname },
          );
        targetRow = { serverId: server.id, tagId: null, name: server.certname, current: server };
      } else {
        const tag = await findTagByName(db, tenant, target.tag);
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
      const row = await insertChangeRequest(db, tenant, {
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
      });
      return toDetail(db, row);
    },

    async merge(request) {
      const auth = requireAuth(request);
      const tenant = tenantOf(request);
      const merged = await resolve(tenant, request.params.number, auth.user.name, auth.user.id, true);
      await appendActivity(app.db, request, auth, 'change_request.merge', tenant.customerId, {
        target: `#${merged.number} ${merged.title}`,
      });
      return merged;
    },

    async close(request) {
      const auth = requireAuth(request);
      return resolve(tenantOf(request), request.params.number, auth.user.name, auth.user.id, false);
    },
  });
}
