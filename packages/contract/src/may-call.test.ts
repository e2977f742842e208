import { type Role, roleFlags } from '@tidewatch/domain';
import { describe, expect, it } from 'vitest';
import { mayCall } from './route';
import { routeTable } from './route-table.gen';

const caller = (roles: Role[], customerId = 'tidewatchmon') => ({ ...roleFlags(roles), customerId });
const offered = [
  routeTable.serviceWindows.propose,
  routeTable.serviceWindows.requestExemption,
  routeTable.changeRequests.open,
];

describe('mayCall, which decides the actions the portal offers', () => {
  it("offers finance none of the writes to another customer's windows and configuration", () => {
    for (const route of offered) expect(mayCall(route, caller(['finance']), 'acmecorp')).toBe(false);
  });

  it('offers a customer its own writes and staff admins every customer’s', () => {
    expect(mayCall(routeTable.serviceWindows.requestExemption, caller([], 'acmecorp'), 'acmecorp')).toBe(
      true,
    );
    expect(mayCall(routeTable.changeRequests.open, caller(['admin']), 'acmecorp')).toBe(true);
    expect(mayCall(routeTable.serviceWindows.requestExemption, caller([], 'acmecorp'), 'globexco')).toBe(
      false,
    );
  });

  it('keeps the queue to those who answer proposals', () => {
    expect(mayCall(routeTable.serviceWindows.queue, caller(['admin']))).toBe(true);
    expect(mayCall(routeTable.serviceWindows.queue, caller(['finance']))).toBe(false);
    expect(mayCall(routeTable.serviceWindows.queue, caller(['security_officer']))).toBe(false);
  });
});
