import type { RoleFlags } from './roles';

/**
 * Who may do what: the one table the server enforces and the portal reads to show or hide
 * menu items. Rows follow spec section 6; the rows it does not name are ours
 * (docs/decisions/0003-roles-and-capabilities.md).
 */
export const CAPABILITIES = {
  /** /customer/users, /customer/user-management, GET /users. */
  'users.manage': (f) => f.isAdminOrCustomerManager,
  'invoices.read': (f) => f.isAdmin || f.isCustomerManager || f.isFinance,
  /** Mark invoices issued or paid (staff: any customer's, through customers.readAll). */
  'invoices.manage': (f) => f.isAdmin || f.isFinance,
  /** Set expense ceilings and pre-approve work beyond them (decision 0054). */
  'expenseCeilings.manage': (f) => f.isAdminOrCustomerManager,
  /** /admin/hours/register, register-old, overview. */
  'timeRegistration.use': (f) => f.isAdmin,
  impersonate: (f) => f.isAdmin,
  'employeeMap.view': (f) => f.isAdmin,
  /** Set where a staff member works, for the employee map. */
  'employeeMap.manage': (f) => f.isAdmin,
  /** /admin/create-customer: a new customer and its first user. */
  'customers.create': (f) => f.isAdmin,
  'serviceWindow.book': (f) => f.isAdmin,
  'employeeOverview.view': (f) => f.isAdmin && (f.isApprover || f.isTimeRegReader || f.isTam),
  /** Approve or reject a submitted month; time_reg_reader and tam only read (decision 0043). */
  'timeRegistration.approve': (f) => f.isAdmin && f.isApprover,
  /** The sidebar's "Update Configuration" item, shown instead of Book. */
  'serviceWindow.updateConfiguration': (f) => !f.isAdmin,
  /** Set update groups' windows directly, answer proposals and exemptions. */
  'serviceWindow.manage': (f) => f.isAdmin,
  /** /admin/chat: answer and close the site's chat conversations. */
  'chat.answer': (f) => f.isAdmin,
  'counts.admin': (f) => f.isAdmin,
  'counts.approver': (f) => f.isApprover,
  /** Read any customer's records, not only one's own. */
  'customers.readAll': (f) => f.isAdmin || f.isFinance,
  /** Change any customer's records, not only one's own (reading them is not enough). */
  'customers.manageAll': (f) => f.isAdmin,
  /** Servers' tags and plans, tags, contacts, feature switches, install tokens, adding clusters. */
  'infrastructure.manage': (f) => f.isAdminOrCustomerManager,
  /** /admin/fleet: every customer's servers in one list. */
  'fleet.view': (f) => f.isAdmin,
  /** Merge or close change requests (anyone of the customer may open one). */
  'changeRequests.resolve': (f) => f.isAdminOrCustomerManager,
  /** /customer/activity: the customer's audit trail (staff: any customer's, through customers.readAll). */
  'activity.read': (f) => f.isAdminOrCustomerManager || f.isFinance,
  /** Upgrade, downgrade or cancel a server's or cluster's plan (decision 0053). */
  'plans.change': (f) => f.isAdminOrCustomerManager,
  /** /customer/api-tokens: list and revoke a customer's tokens; making one is the manager's own (decision 0098). */
  'apiTokens.manage': (f) => f.isAdminOrCustomerManager,
  /** /customer/reports: the monthly service report, which its managers are also mailed (decision 0104). */
  'serviceReports.read': (f) => f.isAdminOrCustomerManager || f.isFinance,
  /** Grant and revoke staff roles; `master` is the staff owner role. */
  'staff.manage': (f) => f.isMaster,
} as const satisfies Record<string, (flags: RoleFlags) => boolean>;

export type Capability = keyof typeof CAPABILITIES;

export function can(flags: RoleFlags, capability: Capability): boolean {
  return CAPABILITIES[capability](flags);
}

/** Whose records a caller reaches: its own customer's, and any customer's with `customers.readAll`. */
export function canSeeCustomer(flags: RoleFlags, ownCustomerId: string, customerId: string): boolean {
  return ownCustomerId === customerId || can(flags, 'customers.readAll');
}

/** Changing another customer's records takes `customers.manageAll` (reading them is not enough). */
export function canChangeCustomer(flags: RoleFlags, ownCustomerId: string, customerId: string): boolean {
  return ownCustomerId === customerId || can(flags, 'customers.manageAll');
}
