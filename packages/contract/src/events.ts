import { z } from 'zod';
import { CustomerId, UserId } from './common';
import { defineRoute, sessionAccess } from './route';

/**
 * What the portal hears while it is open (decision 0103): each event names what changed by id, and
 * the portal refreshes exactly what shows it. Nothing in an event is more than an id, so an event
 * can never tell a subscriber more than the routes it refreshes would.
 */
export const PORTAL_EVENTS = {
  /** A sidebar badge may have changed: a user, tag or team of the customer (null: staff work) came or went. */
  'counts.changed': z.object({ customer_id: CustomerId.nullable() }),
  /** A server's or cluster's row changed: its status, its plan, its tags, or it came or went. */
  'server.changed': z.object({
    customer_id: CustomerId,
    kind: z.enum(['server', 'cluster']),
    /** Its certname: the portal's addresses and query keys name a server or cluster by it. */
    id: z.string(),
  }),
  /** A visitor or staff wrote in the site chat, or a conversation opened or closed (staff only). */
  'chat.message': z.object({ conversation_id: z.uuid() }),
  /** A staff member's month was handed in, approved or rejected (staff only). */
  'approval.changed': z.object({ user_id: UserId, month: z.string() }),
  /** A service window, its booking, a proposal or an exemption of the customer changed. */
  'booking.changed': z.object({ customer_id: CustomerId, window_id: z.string().nullable() }),
  /** This tab's session ended elsewhere (signed out, revoked, the person deactivated): sign in again. */
  'session.ended': z.object({}),
} as const;

export type PortalEventName = keyof typeof PORTAL_EVENTS;
export type PortalEventData<N extends PortalEventName> = z.infer<(typeof PORTAL_EVENTS)[N]>;
export const PORTAL_EVENT_NAMES = Object.keys(PORTAL_EVENTS) as PortalEventName[];

/** How often the stream sends a comment line, so that proxies and browsers keep it open. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;
/** How long a browser waits before it opens a dropped stream again (the stream's `retry:`). */
export const EVENT_STREAM_RETRY_MS = 3_000;

export const eventRoutes = {
  /**
   * Server-Sent Events (text/event-stream) for the signed-in tab: `event:` is one of
   * PORTAL_EVENTS, `data:` its JSON, `id:` what `Last-Event-ID` names on reconnecting to catch up.
   */
  stream: defineRoute({
    method: 'GET',
    path: '/events',
    access: sessionAccess,
    summary: 'The signed-in tab’s live events, as Server-Sent Events (text/event-stream)',
    download: true,
  }),
};
