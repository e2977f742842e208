import type { PortalEventName } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { canAccessCustomer } from '../../core/access';
import type { AuthContext } from '../../core/session';
import type { PortalEventRow } from '../../db/schema';

/** An event as the streams hand it on: its row, its data read once, and its frame written once. */
export interface PortalEvent {
  id: number;
  name: PortalEventName;
  customerId: string | null;
  sessionId: string | null;
  data: Record<string, unknown>;
  /** The Server-Sent Events frame every stream that may see it is sent. */
  frame: string;
}

export function toPortalEvent(row: PortalEventRow): PortalEvent {
  return {
    id: row.id,
    name: row.name,
    customerId: row.customerId,
    sessionId: row.sessionId,
    data: JSON.parse(row.data) as Record<string, unknown>,
    frame: `id: ${row.id}\nevent: ${row.name}\ndata: ${row.data}\n\n`,
  };
}

/**
 * Staff work has no customer: who hears of it is who may open the page that shows it (the chat
 * inbox; the employee overview and its approvals, and the employee whose month it is).
 */
const STAFF_AUDIENCE: Partial<
  Record<PortalEventName, (auth: AuthContext, data: PortalEvent['data']) => boolean>
> = {
  'chat.message': (auth) => can(auth.flags, 'chat.answer'),
  'approval.changed': (auth, data) =>
    can(auth.flags, 'counts.approver') ||
    can(auth.flags, 'employeeOverview.view') ||
    data.user_id === auth.user.id,
};

/**
 * Whether a stream signed in as `auth` may hear of an event: the same tenant rule as the routes
 * the event makes it refresh. An impersonating admin hears what the impersonated user would.
 */
export function mayReceive(auth: AuthContext, event: PortalEvent): boolean {
  if (event.sessionId !== null) return event.sessionId === auth.sessionId;
  if (event.customerId !== null) return canAccessCustomer(auth, event.customerId);
  return STAFF_AUDIENCE[event.name]?.(auth, event.data) ?? false;
}
