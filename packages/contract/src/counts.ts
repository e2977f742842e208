import { z } from 'zod';
import { CustomerId } from './common';
import { defineRoute, requires, sessionAccess } from './route';
import { STAFF_COUNT_KINDS } from './vocabulary';

/** The kinds of count the sidebar badges show (spec section 7). */
export const COUNT_KINDS = [
  'server',
  'cluster',
  'tag',
  'user',
  'team',
  'open_service_window',
  'service_window_exemption',
  'pending_approval',
  'service_window_update_config',
  'unanswered_chat',
  'service_window_queue',
] as const;
export const CountKind = z.enum(COUNT_KINDS);
export type CountKind = z.infer<typeof CountKind>;

/** Time registration and the site chat are staff work: customers have neither. */
export const CustomerCountKind = CountKind.exclude(STAFF_COUNT_KINDS);

/**
 * A count is a bare number; -1 means "not applicable" and hides the badge. Above
 * `EXACT_TOTAL_LIMIT` it is the database's estimate, to two significant digits.
 */
export const Count = z.number().int().min(-1);

export const countRoutes = {
  customer: defineRoute({
    method: 'GET',
    path: '/count/{kind}/{customerId}',
    access: sessionAccess,
    summary: "How many of a kind one customer has (a customer's own badges)",
    params: z.object({ kind: CustomerCountKind, customerId: CustomerId }),
    tenant: { from: 'params', key: 'customerId' },
    response: Count,
  }),
  admin: defineRoute({
    method: 'GET',
    path: '/admin/count/{kind}',
    access: requires('counts.admin'),
    summary: 'How many of a kind across every customer (admin badges)',
    params: z.object({ kind: CountKind }),
    response: Count,
  }),
  approver: defineRoute({
    method: 'GET',
    path: '/approver/count/{kind}',
    access: requires('counts.approver'),
    summary: 'Counts for approvers: pending approval means awaiting the caller, not their own entries',
    params: z.object({ kind: CountKind }),
    response: Count,
  }),
};
