import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../../core/access';
import { hashSecret, newSecret } from '../../agent';
import { calendarFeedCreatedAt, deleteCalendarFeed, saveCalendarFeed } from '../repository/calendar-feeds';
import type { PortalHandlers } from './handlers';

/** The customer's secret calendar address: made, replaced and revoked. */
export function calendarFeedHandlers(
  app: FastifyInstance,
  publicUrl: string,
): PortalHandlers<'calendarFeed' | 'createCalendarFeed' | 'revokeCalendarFeed'> {
  const { db } = app;
  return {
    async calendarFeed(request) {
      const createdAt = await calendarFeedCreatedAt(db, tenantOf(request));
      return { active: Boolean(createdAt), created_at: createdAt?.toISOString() ?? null };
    },

    async createCalendarFeed(request) {
      const token = newSecret('twcal');
      const now = app.now();
      await saveCalendarFeed(db, tenantOf(request), {
        tokenHash: hashSecret(token),
        createdAt: now,
        createdById: requireAuth(request).user.id,
      });
      return {
        url: `${publicUrl}/api/service-window/calendar/${token}/windows.ics`,
        created_at: now.toISOString(),
      };
    },

    async revokeCalendarFeed(request) {
      await deleteCalendarFeed(db, tenantOf(request));
    },
  };
}
