/** Every role a user can hold (spec section 6). Consulting levels are business data, not roles. */
export const ROLES = [
  'admin',
  'master',
  'approver',
  'customer_manager',
  'security_officer',
  'time_reg_reader',
  'tam',
  'finance',
] as const;
export type Role = (typeof ROLES)[number];

/** The only role a user of a customer (not staff) may hold; every other role is a staff role. */
export const CUSTOMER_ROLES: readonly Role[] = ['customer_manager'];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Roles that take effect for a user: staff roles count only for staff (users of the admin
 * pseudo-customer), so a stray role on a customer's user never grants staff powers.
 */
export function effectiveRoles(roles: readonly string[], isStaff: boolean): Role[] {
  return roles.filter(isRole).filter((role) => isStaff || CUSTOMER_ROLES.includes(role));
}

/** The derived flags of spec section 3 ("User (client state)"). */
export interface RoleFlags {
  isMaster: boolean;
  isApprover: boolean;
  isAdmin: boolean;
  isCustomerManager: boolean;
  isAdminOrCustomerManager: boolean;
  isSecurityOfficer: boolean;
  isTimeRegReader: boolean;
  isTam: boolean;
  isFinance: boolean;
  /** An admin who is not master, approver or time_reg_reader (spec section 6). */
  isRegularAdmin: boolean;
}

export function roleFlags(roles: readonly Role[]): RoleFlags {
  const has = (role: Role) => roles.includes(role);
  const isAdmin = has('admin');
  const isMaster = has('master');
  const isApprover = has('approver');
  const isTimeRegReader = has('time_reg_reader');
  const isCustomerManager = has('customer_manager');
  return {
    isMaster,
    isApprover,
    isAdmin,
    isCustomerManager,
    isAdminOrCustomerManager: isAdmin || isCustomerManager,
    isSecurityOfficer: has('security_officer'),
    isTimeRegReader,
    isTam: has('tam'),
    isFinance: has('finance'),
    isRegularAdmin: isAdmin && !isMaster && !isApprover && !isTimeRegReader,
  };
}
