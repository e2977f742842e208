import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../../core/access';
import { pageTotal } from '../../../lib/bounded-total';
import { resolveProposal } from '../decisions';
import { configurationsOf } from '../repository/configurations';
import { insertProposal, proposalItem, proposalItems, proposalPage } from '../repository/proposals';
import { settingsFromBody } from '../settings';
import { groupOr404, type PortalHandlers } from './handlers';

/** Customers propose a group's next configuration; staff accept or reject it. */
export function proposalHandlers(
  app: FastifyInstance,
): PortalHandlers<'proposals' | 'propose' | 'resolveProposal'> {
  const { db } = app;

  return {
    async proposals(request) {
      const page = await proposalPage(db, tenantOf(request), request.query);
      return {
        data: await proposalItems(db, page.rows),
        next_cursor: page.nextCursor,
        ...pageTotal(page.total),
      };
    },

    async propose(request) {
      const tenant = tenantOf(request);
      const tag = await groupOr404(db, tenant, request.body.tag_id);
      const auth = requireAuth(request);
      const [current] = await configurationsOf(db, tenant, tag.id);
      const row = await insertProposal(db, tenant, {
        tagId: tag.id,
        settings: settingsFromBody(request.body.settings),
        baseVersion: current?.version ?? 0,
        note: request.body.note,
        proposedAt: app.now(),
        proposedById: auth.user.id,
      });
      return proposalItem(db, row);
    },

    async resolveProposal(request) {
      const { decision, comment } = request.body;
      const row = await resolveProposal(
        db,
        tenantOf(request),
        request.params.proposal_id,
        { decision, comment, byId: requireAuth(request).user.id },
        app.now(),
      );
      return proposalItem(db, row);
    },
  };
}
