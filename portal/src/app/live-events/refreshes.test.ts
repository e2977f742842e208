import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { PortalEventData } from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';
import { conversationQueryOptions, inboxListQueryOptions } from '../../features/chat-inbox/api/inbox';
import { clusterDetailQueryOptions, clusterListQueryOptions } from '../../features/clusters/api/clusters';
import {
  osSummaryQueryOptions,
  serverDetailQueryOptions,
  serverListQueryOptions,
} from '../../features/servers/api/servers';
import {
  proposalsQueryOptions,
  staffQueueQueryOptions,
  windowsQueryOptions,
} from '../../features/service-windows/api/service-windows';
import {
  employeeMonthQueryOptions,
  employeesQueryOptions,
  ownMonthQueryOptions,
  summaryQueryOptions,
} from '../../features/time-registration/api/time-registration';
import { countKeys } from '../../lib/counts';
import { sessionKeys } from '../../lib/session';
import { keysRefreshedBy, LIVE_KEYS, REFRESHING_EVENT_NAMES, type RefreshingEventName } from './refreshes';

const ACME = 'acme';
const GLOBEX = 'globex';
const MAY = '2026-05';
const APPROVER = '7d9f6c1e-0a4b-4c1d-9a51-3f1e2b6c8d01';
const CONVERSATION = 'c1a8e5d2-4b6f-4e39-8d2a-5f0c9b7e1a11';

/** The queries a tab may hold, by the options the features' pages use, named for the assertions. */
const CACHED: Record<string, QueryKey> = {
  badge: countKeys.one({ prefix: 'customer', customerId: ACME }, 'server'),
  'staff badge': countKeys.one({ prefix: 'admin', customerId: null }, 'unanswered_chat'),
  session: sessionKeys.current,
  'acme servers': serverListQueryOptions(ACME, { limit: 25 }).queryKey,
  'acme web-1': serverDetailQueryOptions(ACME, 'web-1.acme.example').queryKey,
  'acme web-2': serverDetailQueryOptions(ACME, 'web-2.acme.example').queryKey,
  'acme os': osSummaryQueryOptions(ACME).queryKey,
  fleet: serverListQueryOptions(null, { limit: 25, status: 'stale' }).queryKey,
  'globex servers': serverListQueryOptions(GLOBEX, { limit: 25 }).queryKey,
  'acme clusters': clusterListQueryOptions(ACME, { limit: 25 }).queryKey,
  'acme k8s-1': clusterDetailQueryOptions(ACME, 'k8s-1.acme.example').queryKey,
  'globex clusters': clusterListQueryOptions(GLOBEX, { limit: 25 }).queryKey,
  'open inbox': inboxListQueryOptions({ status: 'open', limit: 25 }).queryKey,
  'closed inbox': inboxListQueryOptions({ status: 'closed', limit: 25 }).queryKey,
  conversation: conversationQueryOptions(CONVERSATION).queryKey,
  'other conversation': conversationQueryOptions('0b5f2c7e-9d3a-4f61-8e2b-7a4c1d9e6f22').queryKey,
  'employees in May': employeesQueryOptions(MAY).queryKey,
  'employees in April': employeesQueryOptions('2026-04').queryKey,
  "approver's May": employeeMonthQueryOptions(APPROVER, MAY).queryKey,
  'summary of May': summaryQueryOptions(MAY).queryKey,
  'own May': ownMonthQueryOptions(MAY).queryKey,
  'acme windows': windowsQueryOptions(ACME, {}).queryKey,
  'acme proposals': proposalsQueryOptions(ACME, 'pending').queryKey,
  'globex windows': windowsQueryOptions(GLOBEX, {}).queryKey,
  'staff queue': staffQueueQueryOptions().queryKey,
};

/** Which of the cached queries the keys make stale. */
function staleAfter(keys: QueryKey[]): string[] {
  const queryClient = new QueryClient();
  for (const queryKey of Object.values(CACHED)) queryClient.setQueryData(queryKey, {});
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  return Object.entries(CACHED)
    .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

const EXAMPLES: { [Name in RefreshingEventName]: PortalEventData<Name>[] } = {
  'counts.changed': [{ customer_id: ACME }, { customer_id: null }],
  'server.changed': [
    { customer_id: ACME, kind: 'server', id: 'web-1.acme.example' },
    { customer_id: ACME, kind: 'cluster', id: 'k8s-1.acme.example' },
  ],
  'chat.message': [{ conversation_id: CONVERSATION }],
  'approval.changed': [{ user_id: APPROVER, month: MAY }],
  'booking.changed': [{ customer_id: ACME, window_id: null }],
};

describe('what a live event refreshes', () => {
  it('a changed count: the badges, and nothing else', () => {
    expect(staleAfter(keysRefreshedBy('counts.changed', { customer_id: ACME }))).toEqual([
      'badge',
      'staff badge',
    ]);
  });

  it("a changed server: its page, its customer's lists and OS summary, the fleet, and the badges", () => {
    const keys = keysRefreshedBy('server.changed', {
      customer_id: ACME,
      kind: 'server',
      id: 'web-1.acme.example',
    });
    expect(staleAfter(keys)).toEqual(
      ['acme os', 'acme servers', 'acme web-1', 'badge', 'fleet', 'staff badge'].sort(),
    );
  });

  it("a changed cluster: its page, its customer's cluster lists, and the badges", () => {
    const keys = keysRefreshedBy('server.changed', {
      customer_id: ACME,
      kind: 'cluster',
      id: 'k8s-1.acme.example',
    });
    expect(staleAfter(keys)).toEqual(['acme clusters', 'acme k8s-1', 'badge', 'staff badge']);
  });

  it('a chat message: the inbox lists, that conversation, and the badges', () => {
    const keys = keysRefreshedBy('chat.message', { conversation_id: CONVERSATION });
    expect(staleAfter(keys)).toEqual(['badge', 'closed inbox', 'conversation', 'open inbox', 'staff badge']);
  });

  it("an approval: that month's employee lists, that person's month, the month's summary, and the badges", () => {
    const keys = keysRefreshedBy('approval.changed', { user_id: APPROVER, month: MAY });
    expect(staleAfter(keys)).toEqual(
      ["approver's May", 'badge', 'employees in May', 'staff badge', 'summary of May'].sort(),
    );
  });

  it("a booking: the customer's service windows, proposals and exemptions, the staff queue, and the badges", () => {
    const keys = keysRefreshedBy('booking.changed', { customer_id: ACME, window_id: null });
    expect(staleAfter(keys)).toEqual([
      'acme proposals',
      'acme windows',
      'badge',
      'staff badge',
      'staff queue',
    ]);
  });

  it('never the session, and after a long break everything an event could have refreshed', () => {
    expect(REFRESHING_EVENT_NAMES.sort()).toEqual(Object.keys(EXAMPLES).sort());
    const live = staleAfter(LIVE_KEYS);
    expect(live).not.toContain('session');
    for (const name of REFRESHING_EVENT_NAMES) {
      for (const data of EXAMPLES[name] as PortalEventData<typeof name>[]) {
        const refreshed = staleAfter(keysRefreshedBy(name, data));
        expect(refreshed).not.toContain('session');
        expect(live).toEqual(expect.arrayContaining(refreshed));
      }
    }
  });
});
