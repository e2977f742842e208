import { describe, expect, it } from 'vitest';
import { can } from './capabilities';
import { effectiveRoles, roleFlags } from './roles';

const flagsOf = (...roles: Parameters<typeof roleFlags>[0]) => roleFlags(roles);

describe('roleFlags', () => {
  it('derives admin-or-customer-manager from either role', () => {
    expect(flagsOf('admin').isAdminOrCustomerManager).toBe(true);
    expect(flagsOf('customer_manager').isAdminOrCustomerManager).toBe(true);
    expect(flagsOf('finance').isAdminOrCustomerManager).toBe(false);
  });

  it('calls an admin regular only when not master, approver or time_reg_reader', () => {
    expect(flagsOf('admin').isRegularAdmin).toBe(true);
    expect(flagsOf('admin', 'tam').isRegularAdmin).toBe(true);
    expect(flagsOf('admin', 'master').isRegularAdmin).toBe(false);
    expect(flagsOf('admin', 'approver').isRegularAdmin).toBe(false);
    expect(flagsOf('admin', 'time_reg_reader').isRegularAdmin).toBe(false);
    expect(flagsOf('approver').isRegularAdmin).toBe(false);
  });
});

describe('effectiveRoles', () => {
  it('keeps staff roles for staff and drops them for customer users', () => {
    expect(effectiveRoles(['admin', 'tam'], true)).toEqual(['admin', 'tam']);
    expect(effectiveRoles(['admin', 'customer_manager'], false)).toEqual(['customer_manager']);
  });

  it('ignores names that are not roles', () => {
    expect(effectiveRoles(['admin', 'superuser'], true)).toEqual(['admin']);
  });
});

describe('capabilities (spec section 6)', () => {
  it('lets admins and customer managers manage users', () => {
    expect(can(flagsOf('admin'), 'users.manage')).toBe(true);
    expect(can(flagsOf('customer_manager'), 'users.manage')).toBe(true);
    expect(can(flagsOf(), 'users.manage')).toBe(false);
    expect(can(flagsOf('finance'), 'users.manage')).toBe(false);
  });

  it('shows invoices to admin, customer_manager and finance only', () => {
    for (const role of ['admin', 'customer_manager', 'finance'] as const) {
      expect(can(flagsOf(role), 'invoices.read')).toBe(true);
    }
    for (const role of ['approver', 'tam', 'security_officer', 'time_reg_reader'] as const) {
      expect(can(flagsOf(role), 'invoices.read')).toBe(false);
    }
  });

  it('reserves time registration, impersonation, the map and booking for admins', () => {
    for (const capability of [
      'timeRegistration.use',
      'impersonate',
      'employeeMap.view',
      'employeeMap.manage',
      'customers.create',
      'serviceWindow.book',
    ] as const) {
      expect(can(flagsOf('admin'), capability)).toBe(true);
      expect(can(flagsOf('approver'), capability)).toBe(false);
      expect(can(flagsOf('customer_manager'), capability)).toBe(false);
    }
  });

  it('opens the employee overview to admins who are approver, time_reg_reader or tam', () => {
    expect(can(flagsOf('admin'), 'employeeOverview.view')).toBe(false);
    expect(can(flagsOf('admin', 'approver'), 'employeeOverview.view')).toBe(true);
    expect(can(flagsOf('admin', 'time_reg_reader'), 'employeeOverview.view')).toBe(true);
    expect(can(flagsOf('admin', 'tam'), 'employeeOverview.view')).toBe(true);
    expect(can(flagsOf('tam'), 'employeeOverview.view')).toBe(false);
    expect(can(flagsOf('admin', 'approver'), 'timeRegistration.approve')).toBe(true);
    expect(can(flagsOf('admin', 'time_reg_reader'), 'timeRegistration.approve')).toBe(false);
    expect(can(flagsOf('admin', 'tam'), 'timeRegistration.approve')).toBe(false);
    expect(can(flagsOf('approver'), 'timeRegistration.approve')).toBe(false);
  });

  it('offers Update Configuration to non-admins instead of Book', () => {
    expect(can(flagsOf('customer_manager'), 'serviceWindow.updateConfiguration')).toBe(true);
    expect(can(flagsOf('admin'), 'serviceWindow.updateConfiguration')).toBe(false);
  });
});
