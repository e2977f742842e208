import { REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../../core/access';
import { pageTotal } from '../../../lib/bounded-total';
import { conflict, fieldRefusal } from '../../../lib/http-error';
import { resolveExemption } from '../decisions';
import { advanceWindows } from '../events';
import { exemptionItem, exemptionItems, exemptionPage, insertExemption } from '../repository/exemptions';
import { coveredCertnames } from '../repository/windows';
import { type PortalHandlers, windowOr404 } from './handlers';

/** Customers ask to skip a window for some or all of its machines; staff approve or reject it. */
export function exemptionHandlers(
  app: FastifyInstance,
): PortalHandlers<'exemptions' | 'requestExemption' | 'resolveExemption'> {
  const { db } = app;

  return {
    async exemptions(request) {
      await advanceWindows(db, app.now());
      const page = await exemptionPage(db, tenantOf(request), request.query);
      return {
        data: await exemptionItems(db, page.rows),
        next_cursor: page.nextCursor,
        ...pageTotal(page.total),
      };
    },

    async requestExemption(request) {
      const tenant = tenantOf(request);
      const { window_id, certnames, reason } = request.body;
      const auth = requireAuth(request);
      const now = app.now();
      await advanceWindows(db, now, [window_id]);
      const window = await windowOr404(db, tenant, window_id);
      if (window.status !== 'scheduled') {
        throw conflict(REFUSALS.onlyUnstartedSkipped);
      }
      const covered = await coveredCertnames(db, window.id);
      const unknown = certnames.find((certname) => !covered.includes(certname));
      if (unknown) {
        throw fieldRefusal(400, 'certnames', REFUSALS.notWindowTarget, { certname: unknown });
      }
      const row = await insertExemption(db, tenant, {
        windowId: window.id,
        certnames: certnames.length ? [...new Set(certnames)] : covered,
        reason,
        requestedAt: now,
        requestedById: auth.user.id,
      });
      return exemptionItem(db, row);
    },

    async resolveExemption(request) {
      const { decision, comment } = request.body;
      const row = await resolveExemption(
        db,
        tenantOf(request),
        request.params.exemption_id,
        { decision, comment, byId: requireAuth(request).user.id },
        app.now(),
      );
      return exemptionItem(db, row);
    },
  };
}
