import { roleFlags } from '@tidewatch/domain';
import { describe, expect, it } from 'vitest';
import { type NavItem, visibleNavItems } from './nav-items';

const paths = (items: NavItem[]): string[] =>
  items.flatMap((item) => [item.to, ...paths(item.children ?? [])]);

describe('the sidebar items', () => {
  it('offer Book to admins and Update Configuration to everyone else', () => {
    const admin = paths(visibleNavItems(roleFlags(['admin'])));
    const manager = paths(visibleNavItems(roleFlags(['customer_manager'])));
    expect(admin).toContain('/admin/service-window/book');
    expect(admin).not.toContain('/customer/service-window/configuration');
    expect(manager).toContain('/customer/service-window/configuration');
    expect(manager).not.toContain('/admin/service-window/book');
  });

  it('show staff pages only to their roles', () => {
    const user = paths(visibleNavItems(roleFlags([])));
    for (const staffPath of [
      '/customer/users',
      '/admin/hours/register',
      '/admin/impersonate',
      '/admin/fleet',
      '/customer/invoices',
      '/admin/map',
      '/customer/activity',
      '/customer/webhooks',
      '/customer/api-tokens',
      '/customer/reports',
    ]) {
      expect(user).not.toContain(staffPath);
    }
    expect(paths(visibleNavItems(roleFlags(['finance'])))).toContain('/customer/invoices');
    expect(paths(visibleNavItems(roleFlags(['customer_manager'])))).toContain('/customer/activity');
    expect(paths(visibleNavItems(roleFlags(['customer_manager'])))).toContain('/customer/webhooks');
    expect(paths(visibleNavItems(roleFlags(['admin'])))).toContain('/customer/webhooks');
    expect(paths(visibleNavItems(roleFlags(['finance'])))).not.toContain('/customer/webhooks');
    expect(paths(visibleNavItems(roleFlags(['customer_manager'])))).toContain('/customer/api-tokens');
    expect(paths(visibleNavItems(roleFlags(['admin'])))).toContain('/customer/api-tokens');
    expect(paths(visibleNavItems(roleFlags(['finance'])))).not.toContain('/customer/api-tokens');
    expect(paths(visibleNavItems(roleFlags(['admin'])))).toContain('/admin/fleet');
    for (const reader of ['customer_manager', 'finance', 'admin'] as const) {
      expect(paths(visibleNavItems(roleFlags([reader])))).toContain('/customer/reports');
    }
    expect(paths(visibleNavItems(roleFlags(['admin'])))).not.toContain('/admin/hours/employee-overview');
    expect(paths(visibleNavItems(roleFlags(['admin', 'time_reg_reader'])))).toContain(
      '/admin/hours/employee-overview',
    );
  });
});
