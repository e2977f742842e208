import type { FastifyInstance } from 'fastify';
import { advanceWindows } from '../events';
import { staffQueue } from '../repository/staff-queue';
import type { PortalHandlers } from './handlers';

/** What waits for staff across every customer. */
export function staffQueueHandlers(app: FastifyInstance): PortalHandlers<'queue'> {
  return {
    async queue() {
      // Exemptions of windows that have begun are settled first, as on the Exemptions page.
      await advanceWindows(app.db, app.now());
      return staffQueue(app.db);
    },
  };
}
