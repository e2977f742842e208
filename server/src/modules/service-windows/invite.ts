import { brand } from '@tidewatch/content';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

/** One window as a calendar invitation to one contact. */
export interface WindowInvite {
  method: 'REQUEST' | 'CANCEL';
  windowId: string;
  sequence: number;
  group: string;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  to: string;
  description: string;
  publicUrl: string;
  sentAt: Date;
}

/** The event's UID: the same as in the customer's calendar feed, so both name one window. */
export const windowUid = (windowId: string, publicUrl: string) =>
  `${windowId}@${new URL(publicUrl).hostname}`;

/**
 * An iTIP message (RFC 5546) for one window: a request (new, or a newer version of the same UID)
 * or its cancellation, with the time in the window's own zone and that zone's VTIMEZONE.
 */
export function windowInvite(invite: WindowInvite): string {
  const calendar = ical({
    prodId: { company: brand.product, product: 'service-windows' },
    method: invite.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
    timezone: { name: invite.timezone, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: windowUid(invite.windowId, invite.publicUrl),
    sequence: invite.sequence,
    start: invite.startsAt,
    end: invite.endsAt,
    timezone: invite.timezone,
    stamp: invite.sentAt,
    summary: `${brand.product} service window: ${invite.group}`,
    description: invite.description,
    url: `${invite.publicUrl}/customer/service-window/bookings`,
    status: invite.method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: brand.product, email: brand.contact.noReplyEmail },
    attendees: [
      {
        email: invite.to,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}
