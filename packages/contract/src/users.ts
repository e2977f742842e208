import { z } from 'zod';
import { UserRecord } from './auth';
import { CustomerId, Email, IsoDateTime, Language, RoleName, requiredText, text, UserId } from './common';
import { Cursor, PageLimit, pageOf } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { SignUpBilling } from './signup';
import { USER_STATUSES } from './vocabulary';

export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const UserListItem = UserRecord.extend({
  active: z.boolean(),
  status: UserStatus,
  /** The latest sign-in or request, whichever is later; null if never seen. */
  last_seen: IsoDateTime.nullable(),
  /** When an invited user's link stops working (null when not invited or no link is live). */
  invitation_expires: IsoDateTime.nullable(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserFilters = z.object({
  customer_id: CustomerId.optional(),
  /** Part of a name or address. */
  q: text().trim().max(100).optional(),
  status: UserStatus.optional(),
});

/** Roles given at once: at most every role there is, each once. */
const RoleList = z
  .array(RoleName)
  .max(8)
  .refine((roles) => new Set(roles).size === roles.length, { error: /*i18n*/ 'Each role once' });

export const Invitation = z.object({
  // One line: the name greets the invitee in the mail, where line breaks would let it say more.
  name: requiredText(/*i18n*/ "Enter the person's name")
    .max(200)
    .regex(/^\P{Cc}*$/u, { error: /*i18n*/ 'Write the name on one line' }),
  email: Email,
  language: Language,
  roles: RoleList,
});
export type Invitation = z.infer<typeof Invitation>;

export const RoleChange = z.object({ roles: RoleList });

/** Who invoices are addressed to and copied to (the customer record's fields). */
export const BillingContacts = z.object({
  att_name: requiredText(/*i18n*/ 'Enter the name invoices are addressed to').max(200),
  att_email: Email,
  billing_email_cc: SignUpBilling.shape.billing_email_cc,
});
export type BillingContacts = z.input<typeof BillingContacts>;

const tenantQuery = { from: 'query', key: 'customer_id' } as const;
const userParams = z.object({ id: UserId });

export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/users',
    access: requires('users.manage'),
    tokenScope: 'users:read',
    summary: "Users of the caller's customer, searched and paged; staff may name another customer",
    query: UserFilters.extend({ cursor: Cursor.optional(), limit: PageLimit }),
    tenant: tenantQuery,
    response: pageOf(UserListItem),
  }),
  info: defineRoute({
    method: 'GET',
    path: '/user/{id}/info',
    access: sessionAccess,
    tokenScope: 'users:read',
    summary: "A user's display name",
    params: userParams,
    response: z.object({ name: z.string() }),
  }),
  invite: defineRoute({
    method: 'POST',
    creates: true,
    path: '/users',
    access: requires('users.manage'),
    summary: 'Invites a person by mail to set a password and join the customer',
    query: z.object({ customer_id: CustomerId.optional() }),
    tenant: tenantQuery,
    body: Invitation,
    response: UserListItem,
  }),
  changeRoles: defineRoute({
    method: 'PUT',
    path: '/users/{id}/roles',
    access: requires('users.manage'),
    summary: "Replaces a user's roles with ones the caller may grant",
    params: userParams,
    body: RoleChange,
    response: UserListItem,
  }),
  deactivate: defineRoute({
    method: 'POST',
    path: '/users/{id}/deactivate',
    access: requires('users.manage'),
    summary: 'Stops a user signing in and ends their sessions on every replica',
    params: userParams,
    response: UserListItem,
  }),
  reactivate: defineRoute({
    method: 'POST',
    path: '/users/{id}/reactivate',
    access: requires('users.manage'),
    summary: 'Lets a deactivated user sign in again',
    params: userParams,
    response: UserListItem,
  }),
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/users/{id}/invitation',
    access: requires('users.manage'),
    summary: 'Mails an invited user a new link; the old one stops working',
    params: userParams,
    response: UserListItem,
  }),
  billingContacts: defineRoute({
    method: 'PUT',
    path: '/customer/{customer_id}/billing-contacts',
    access: requires('users.manage'),
    summary: 'Who invoices are addressed and copied to',
    params: z.object({ customer_id: CustomerId }),
    tenant: { from: 'params', key: 'customer_id' },
    body: BillingContacts,
    response: z.object({
      att_name: z.string(),
      att_email: z.string(),
      billing_email_cc: z.string().nullable(),
    }),
  }),
};

/**
 * Staff (the admin pseudo-customer's users), managed by masters only: the same list, invitation
 * and changes as `/users`, without naming a customer (decision 0067).
 */
export const staffRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/staff',
    access: requires('staff.manage'),
    summary: 'Staff users, searched and paged',
    query: UserFilters.omit({ customer_id: true }).extend({ cursor: Cursor.optional(), limit: PageLimit }),
    response: pageOf(UserListItem),
  }),
  invite: defineRoute({
    method: 'POST',
    creates: true,
    path: '/staff',
    access: requires('staff.manage'),
    summary: 'Invites a colleague by mail, with staff roles, to set a password and sign in',
    body: Invitation,
    response: UserListItem,
  }),
  changeRoles: defineRoute({
    method: 'PUT',
    path: '/staff/{id}/roles',
    access: requires('staff.manage'),
    summary: "Replaces a staff user's roles; a master keeps their own master role",
    params: userParams,
    body: RoleChange,
    response: UserListItem,
  }),
  deactivate: defineRoute({
    method: 'POST',
    path: '/staff/{id}/deactivate',
    access: requires('staff.manage'),
    summary: 'Stops a staff user signing in and ends their sessions; never oneself or the last master',
    params: userParams,
    response: UserListItem,
  }),
  reactivate: defineRoute({
    method: 'POST',
    path: '/staff/{id}/reactivate',
    access: requires('staff.manage'),
    summary: 'Lets a deactivated staff user sign in again',
    params: userParams,
    response: UserListItem,
  }),
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/staff/{id}/invitation',
    access: requires('staff.manage'),
    summary: 'Mails an invited staff user a new link; the old one stops working',
    params: userParams,
    response: UserListItem,
  }),
};
