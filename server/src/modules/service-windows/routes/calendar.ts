import { brand } from '@tidewatch/content';
import { REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import ical from 'ical-generator';
import { notFound } from '../../../lib/http-error';
import { hashSecret } from '../../agent';
import { advanceWindows } from '../events';
import { feedWindows, tenantOfCalendarFeed } from '../repository/calendar-feeds';
import type { PublicHandlers } from './handlers';

/** How far back the calendar feed reaches: the last month's windows stay visible. */
const FEED_PAST_DAYS = 31;

/** The customer's windows as an iCalendar feed at its secret address. */
export function calendarHandlers(app: FastifyInstance, publicUrl: string): PublicHandlers<'calendar'> {
  const { db } = app;
  return {
    async calendar(request, reply) {
      const tenant = await tenantOfCalendarFeed(db, hashSecret(request.params.token));
      if (!tenant) throw notFound(REFUSALS.unknownCalendarFeed);
      const now = app.now();
      await advanceWindows(db, now);
      const rows = await feedWindows(db, tenant, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000));
      const calendar = ical({
        name: `${brand.product} service windows`,
        prodId: { company: brand.product, product: 'service-windows' },
      });
      for (const { window, group } of rows) {
        calendar.createEvent({
          id: `${window.id}@${new URL(publicUrl).hostname}`,
          start: window.startsAt,
          end: window.endsAt,
          stamp: window.createdAt,
          summary: `Service window${group ? `: ${group}` : ''}${window.type === 'adhoc' ? ' (ad hoc)' : ''}`,
          description: [
            `Time zone: ${window.timezone}`,
            `Status: ${window.status}`,
            `Reboot allowed: ${window.rebootAllowed ? 'yes' : 'no'}`,
            window.note,
          ]
            .filter(Boolean)
            .join('\n'),
          url: `${publicUrl}/customer/service-window/bookings`,
        });
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(calendar.toString());
    },
  };
}
