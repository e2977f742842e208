import { REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../../core/access';
import { notFound } from '../../../lib/http-error';
import { peopleById } from '../repository/common';
import { configurationsOf, versionsOf } from '../repository/configurations';
import { configureGroup } from '../service';
import { settingsFromBody, settingsToBody } from '../settings';
import { groupOr404, type PortalHandlers } from './handlers';

/** Update groups' window configurations and their history. */
export function configurationHandlers(
  app: FastifyInstance,
): PortalHandlers<'configurations' | 'versions' | 'configure'> {
  const { db } = app;
  return {
    async configurations(request) {
      return { data: await configurationsOf(db, tenantOf(request)) };
    },

    async versions(request) {
      const tag = await groupOr404(db, tenantOf(request), request.params.tag_id);
      const rows = await versionsOf(db, tag.id);
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
      const tenant = tenantOf(request);
      const tag = await groupOr404(db, tenant, request.params.tag_id);
      const input = {
        tagId: tag.id,
        customerId: tenant.customerId,
        settings: settingsFromBody(request.body),
        byId: requireAuth(request).user.id,
      };
      await configureGroup(db, input, app.now());
      const [item] = await configurationsOf(db, tenant, tag.id);
      if (!item) throw notFound(REFUSALS.noSuchUpdateGroup);
      return item;
    },
  };
}
