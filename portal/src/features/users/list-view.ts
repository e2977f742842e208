import { USER_STATUSES } from '@tidewatch/contract/vocabulary';
import * as z from 'zod/mini';
import { cursorTrail, lenient, queryText } from '../../lib/search-params';
import type { UserListQuery } from './api/users';

/** The user lists in the URL: search, status and the cursors of the pages walked so far. */
export const UserListSearch = z.object({
  q: lenient(queryText),
  status: lenient(z.enum(USER_STATUSES)),
  cursors: lenient(cursorTrail),
});
export type UserListView = z.output<typeof UserListSearch>;

export const PAGE_SIZE = 25;

export function userQueryOf(customerId: string, view: UserListView): UserListQuery {
  const cursor = view.cursors?.at(-1);
  return {
    customer_id: customerId,
    limit: PAGE_SIZE,
    ...(view.q && { q: view.q }),
    ...(view.status && { status: view.status }),
    ...(cursor && { cursor }),
  };
}

/** A changed search or filter starts again from the first page. */
export const changeUserView = (view: UserListView, next: Partial<UserListView>): UserListView => ({
  ...view,
  ...next,
  cursors: undefined,
});
