import { describe, expect, it } from 'vitest';
import { roleFlags } from './roles';
import {
  canManageUsersOf,
  grantableRoles,
  leavesAManager,
  locksMasterOut,
  managingRole,
} from './user-management';

const manager = roleFlags(['customer_manager']);
const admin = roleFlags(['admin']);
const master = roleFlags(['admin', 'master']);

describe('grantableRoles', () => {
  it('lets managers and admins grant customer roles only, to a customer', () => {
    expect(grantableRoles(manager, false)).toEqual(['customer_manager']);
    expect(grantableRoles(admin, false)).toEqual(['customer_manager']);
    expect(grantableRoles(roleFlags([]), false)).toEqual([]);
  });

  it('keeps staff roles for staff, granted by the master only', () => {
    expect(canManageUsersOf(admin, true)).toBe(false);
    expect(grantableRoles(manager, true)).toEqual([]);
    expect(grantableRoles(master, true)).toContain('admin');
    expect(grantableRoles(master, true)).not.toContain('customer_manager');
  });
});

describe('leavesAManager', () => {
  const frank = { id: 'f', roles: ['customer_manager'], active: true, signedUp: true };
  const grace = { id: 'g', roles: [], active: true, signedUp: true };
  const invited = { id: 'i', roles: ['customer_manager'], active: true, signedUp: false };

  it('refuses to demote or deactivate the last manager who can act', () => {
    expect(leavesAManager([frank, grace, invited], { ...frank, roles: [] })).toBe(false);
    expect(leavesAManager([frank, grace], { ...frank, active: false })).toBe(false);
  });

  it('allows it when another manager remains', () => {
    expect(leavesAManager([frank, { ...grace, roles: ['customer_manager'] }], { ...frank, roles: [] })).toBe(
      true,
    );
    expect(leavesAManager([frank, grace], { ...grace, active: false })).toBe(true);
  });
});

describe('staff masters', () => {
  const astrid = { id: 'a', roles: ['admin', 'master'], active: true, signedUp: true };
  const bjorn = { id: 'b', roles: ['admin'], active: true, signedUp: true };

  it('keeps the last master who can act', () => {
    const role = managingRole(true);
    expect(role).toBe('master');
    expect(leavesAManager([astrid, bjorn], { ...astrid, roles: ['admin'] }, role)).toBe(false);
    expect(leavesAManager([astrid, bjorn], { ...astrid, active: false }, role)).toBe(false);
    expect(
      leavesAManager([astrid, { ...bjorn, roles: ['master'] }], { ...astrid, active: false }, role),
    ).toBe(true);
  });

  it('stops a master removing their own master role or deactivating themselves', () => {
    expect(locksMasterOut({ roles: ['admin'] })).toBe(true);
    expect(locksMasterOut({ active: false })).toBe(true);
    expect(locksMasterOut({ roles: ['admin', 'master', 'tam'] })).toBe(false);
    expect(locksMasterOut({ active: true })).toBe(false);
  });
});
