import { WINDOW_STATUSES } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { cursorTrail, isoDay, lenient } from '../../lib/search-params';

export const BOOKING_PERIODS = ['upcoming', 'past', 'all'] as const;
export type BookingPeriod = (typeof BOOKING_PERIODS)[number];

/** The bookings page in the URL, so a filtered list or a week can be shared and survives a reload. */
export const BookingsSearch = z.object({
  group: lenient(z.guid()),
  status: lenient(z.enum(WINDOW_STATUSES)),
  /** Upcoming when absent: what people open the page for. */
  period: lenient(z.enum(BOOKING_PERIODS)),
  view: lenient(z.enum(['list', 'week'])),
  /** The Monday the week view shows; this week when absent. */
  week: lenient(isoDay),
  cursors: lenient(cursorTrail),
});
export type BookingsView = z.output<typeof BookingsSearch>;

/** Midnight today in the viewer's zone: upcoming is what ends after it, past what started before it. */
function startOfToday() {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today.toISOString();
}

/** The list's time bound and order for a period: upcoming soonest first, past latest first. */
export function periodQuery(period: BookingPeriod = 'upcoming') {
  if (period === 'upcoming') return { from: startOfToday(), sort: 'start' as const };
  if (period === 'past') return { until: startOfToday(), sort: '-start' as const };
  return { sort: 'start' as const };
}

/** The page of the bookings list the view shows, as the API takes it. */
export const bookingsQueryOf = (view: BookingsView) => ({
  tagId: view.group,
  status: view.status,
  ...periodQuery(view.period),
  cursor: view.cursors?.at(-1),
});
