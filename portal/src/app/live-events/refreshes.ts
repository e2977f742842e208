import type { QueryKey } from '@tanstack/react-query';
import type { PortalEventData, PortalEventName } from '@tidewatch/contract';
import { inboxKeys } from '../../features/chat-inbox/api/inbox';
import { clusterKeys } from '../../features/clusters/api/clusters';
import { serverKeys } from '../../features/servers/api/servers';
import { serviceWindowKeys } from '../../features/service-windows/api/service-windows';
import { timeKeys } from '../../features/time-registration/api/time-registration';
import { countKeys } from '../../lib/counts';

/** The events that change what a page shows; `session.ended` ends the page's session instead. */
export type RefreshingEventName = Exclude<PortalEventName, 'session.ended'>;

/** What shows each event's change, by the features' own query keys (the badges aside). */
const SHOWN_BY: { [Name in RefreshingEventName]: (data: PortalEventData<Name>) => QueryKey[] } = {
  'counts.changed': () => [],
  'server.changed': ({ customer_id, kind, id }) =>
    kind === 'server'
      ? [
          serverKeys.detail(customer_id, id),
          serverKeys.lists(customer_id),
          serverKeys.os(customer_id),
          serverKeys.fleetPages(),
        ]
      : [clusterKeys.detail(customer_id, id), clusterKeys.lists(customer_id)],
  'chat.message': ({ conversation_id }) => [inboxKeys.lists(), inboxKeys.conversation(conversation_id)],
  'approval.changed': ({ user_id, month }) => [
    timeKeys.employees(month),
    timeKeys.employeeMonth(user_id, month),
    timeKeys.summary(month),
  ],
  'booking.changed': ({ customer_id }) => [
    serviceWindowKeys.customer(customer_id),
    serviceWindowKeys.queue(),
  ],
};

export const REFRESHING_EVENT_NAMES = Object.keys(SHOWN_BY) as RefreshingEventName[];

/** The queries an event makes stale: what shows its change, and the sidebar's badges, which any change may move. */
export function keysRefreshedBy<Name extends RefreshingEventName>(
  name: Name,
  data: PortalEventData<Name>,
): QueryKey[] {
  return [countKeys.all, ...SHOWN_BY[name](data)];
}

/** Everything live events keep fresh, asked for again after the stream was closed for a while. */
export const LIVE_KEYS: QueryKey[] = [
  countKeys.all,
  serverKeys.all,
  clusterKeys.all,
  inboxKeys.all,
  timeKeys.all,
  serviceWindowKeys.all,
];
