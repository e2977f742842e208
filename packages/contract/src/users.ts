import { z } from 'zod';
import { UserRecord } from './auth';
import { CustomerId, UserId } from './common';
import { defineRoute, requires, sessionAccess } from './route';

export const UserListItem = UserRecord.extend({ active: z.boolean() });
export type UserListItem = z.infer<typeof UserListItem>;

export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/users',
    access: requires('users.manage'),
    summary: "Users of the caller's customer; staff may name another customer",
    query: z.object({ customer_id: CustomerId.optional() }),
    tenant: { from: 'query', key: 'customer_id' },
    response: z.array(UserListItem),
  }),
  info: defineRoute({
    method: 'GET',
    path: '/user/{id}/info',
    access: sessionAccess,
    summary: "A user's display name",
    params: z.object({ id: UserId }),
    response: z.object({ name: z.string() }),
  }),
};
