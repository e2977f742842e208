import { can } from './capabilities';
import { CUSTOMER_ROLES, ROLES, type Role, type RoleFlags } from './roles';

/**
 * Whether the caller may invite, change or deactivate users of a customer: managers and staff
 * admins for a customer's users (the tenant check names which customer), and only holders of
 * `staff.manage` for staff, the admin pseudo-customer's users (decision 0055).
 */
export function canManageUsersOf(flags: RoleFlags, staffCustomer: boolean): boolean {
  return staffCustomer ? can(flags, 'staff.manage') : can(flags, 'users.manage');
}

/** The roles the caller may give a user of that customer: customer roles only, staff roles only to staff. */
export function grantableRoles(flags: RoleFlags, staffCustomer: boolean): readonly Role[] {
  if (!canManageUsersOf(flags, staffCustomer)) return [];
  return staffCustomer ? ROLES.filter((role) => !CUSTOMER_ROLES.includes(role)) : CUSTOMER_ROLES;
}

/** A user as far as the last-manager rule is concerned. */
export interface ManagerCandidate {
  id: string;
  roles: readonly string[];
  active: boolean;
  /** Invited users who have not set a password cannot manage anything yet. */
  signedUp: boolean;
}

/** The role whose holders manage a customer's users: `master` for staff, `customer_manager` for customers. */
export const managingRole = (staffCustomer: boolean): Role => (staffCustomer ? 'master' : 'customer_manager');

/**
 * Whether a customer (or the staff) still has a manager who can act after `change` replaces one
 * user's row: nobody is ever left without someone to manage its users.
 */
export function leavesAManager(
  users: readonly ManagerCandidate[],
  change: ManagerCandidate,
  role: Role = 'customer_manager',
): boolean {
  return users
    .map((user) => (user.id === change.id ? change : user))
    .some((user) => user.active && user.signedUp && user.roles.includes(role));
}

/**
 * Whether a master's change to their own user would lock them out of managing staff: a master
 * never removes their own master role or deactivates themselves; another master does that.
 */
export function locksMasterOut(change: { roles?: readonly string[]; active?: boolean }): boolean {
  return change.active === false || (change.roles !== undefined && !change.roles.includes('master'));
}
