import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { servers, users } from '../src/db/schema';
import { json, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();

type Page = {
  data: {
    id: string;
    action: string;
    actor: { staff: boolean; email: string | null };
    acting_as: string | null;
    reason: string | null;
    target: string | null;
    from: string | null;
    to: string | null;
  }[];
  next_cursor: string | null;
  total: number | null;
};
type Found = {
  data: { kind: string; name: string; detail: string | null }[];
  totals: Record<string, number>;
};

async function impersonate(admin: TestBrowser, email: string, reason: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const response = await admin.request('/api/auth/impersonate', {
    method: 'POST',
    body: { 'user-id': row?.id, reason },
  });
  expect(response.statusCode).toBe(200);
}

const setPlan = (browser: TestBrowser, certname: string, plan: string | null) =>
  browser.request(`/api/customer/acmecorp/servers/${certname}`, { method: 'PATCH', body: { plan } });

async function restorePlan(certname: string, plan: 'gold' | null) {
  await t.database.db.update(servers).set({ plan }).where(eq(servers.certname, certname));
}

describe('GET /api/customer/{id}/activity', () => {
  it("lists a customer's sign-ins and plan changes, newest first", async () => {
    const manager = await t.signedIn('manager@acme.example');
    const [before] = await t.database.db
      .select()
      .from(servers)
      .where(eq(servers.certname, 'web-01.acmecorp'));
    expect((await setPlan(manager, 'web-01.acmecorp', 'platinum')).statusCode).toBe(200);
    const page = json<Page>(await manager.request('/api/customer/acmecorp/activity'));
    expect(page.total).toBe(2);
    expect(page.data.map((event) => event.action)).toEqual(['plan.change', 'sign_in']);
    expect(page.data[0]).toMatchObject({
      actor: { staff: false, email: 'manager@acme.example' },
      target: 'web-01.acmecorp',
      from: before?.plan ?? null,
      to: 'platinum',
    });
    await restorePlan('web-01.acmecorp', (before?.plan as 'gold' | null) ?? null);
  });

  it('shows a staff impersonation with its reason, naming the staff member to staff only', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example', 'Ticket 4711: dashboard looks empty');
    const manager = await t.signedIn('manager@acme.example');
    const seen = json<Page>(await manager.request('/api/customer/acmecorp/activity?kind=impersonation'));
    expect(seen.data).toEqual([
      expect.objectContaining({
        action: 'impersonation.start',
        actor: { staff: true, email: null },
        acting_as: 'user@acme.example',
        reason: 'Ticket 4711: dashboard looks empty',
      }),
    ]);
    expect(JSON.stringify(seen)).not.toContain('admin@tidewatch.example');
    const staff = await t.signedIn('approver@tidewatch.example');
    const shown = json<Page>(await staff.request('/api/customer/acmecorp/activity?kind=impersonation'));
    expect(shown.data[0]?.actor).toEqual({ staff: true, email: 'admin@tidewatch.example' });
  });

  it('records a merge made while impersonating as staff acting as the customer', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'manager@acme.example', 'Merging on request');
    const opened = await admin.request('/api/customer/acmecorp/change-requests', {
      method: 'POST',
      body: {
        target: { kind: 'server', certname: 'mail-01.acmecorp' },
        roles: ['mail-relay', 'redis'],
        parameters: { 'mail-relay': { relay_host: 'smtp.example.net' } },
      },
    });
    expect(opened.statusCode).toBe(200);
    const number = json<{ number: number }>(opened).number;
    const merged = await admin.request(`/api/customer/acmecorp/change-requests/${number}/merge`, {
      method: 'POST',
    });
    expect(merged.statusCode).toBe(200);
    const manager = await t.signedIn('manager@acme.example');
    const page = json<Page>(await manager.request('/api/customer/acmecorp/activity?kind=configuration'));
    expect(page.data).toEqual([
      expect.objectContaining({
        action: 'change_request.merge',
        actor: { staff: true, email: null },
        acting_as: 'manager@acme.example',
        reason: 'Merging on request',
        target: expect.stringMatching(new RegExp(`^#${number} `)),
      }),
    ]);
  });

  it('pages with a cursor and filters by date range', async () => {
    for (let i = 0; i < 3; i++) await t.signedIn('manager@acme.example');
    const manager = await t.signedIn('manager@acme.example');
    const first = json<Page>(await manager.request('/api/customer/acmecorp/activity?limit=3'));
    expect(first.total).toBe(4);
    expect(first.data).toHaveLength(3);
    const second = json<Page>(
      await manager.request(`/api/customer/acmecorp/activity?limit=3&cursor=${first.next_cursor}`),
    );
    expect(second).toMatchObject({ next_cursor: null, total: null });
    expect(second.data).toHaveLength(1);
    expect(first.data.map((event) => event.id)).not.toContain(second.data[0]?.id);
    const now = t.clock.now().getTime();
    const later = new Date(now + 60_000).toISOString();
    const earlier = new Date(now - 60_000).toISOString();
    const none = json<Page>(await manager.request(`/api/customer/acmecorp/activity?since=${later}`));
    expect(none).toMatchObject({ data: [], total: 0 });
    const all = json<Page>(
      await manager.request(`/api/customer/acmecorp/activity?since=${earlier}&until=${later}`),
    );
    expect(all.total).toBe(4);
  });

  it("never shows another customer's events", async () => {
    await t.signedIn('manager@globex.example');
    const manager = await t.signedIn('manager@acme.example');
    const own = json<Page>(await manager.request('/api/customer/acmecorp/activity'));
    expect(JSON.stringify(own)).not.toContain('globex');
    const other = await manager.request('/api/customer/globexco/activity');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('globex.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    const staff = json<Page>(await admin.request('/api/customer/globexco/activity'));
    expect(staff.data.map((event) => event.actor.email)).toEqual(['manager@globex.example']);
  });

  it('is for managers and staff: other users get 403, strangers 401', async () => {
    const user = await t.signedIn('user@acme.example');
    expect((await user.request('/api/customer/acmecorp/activity')).statusCode).toBe(403);
    expect((await t.browser().request('/api/customer/acmecorp/activity')).statusCode).toBe(401);
  });

  it('answers 400 with field errors for a forged cursor, a bad kind or a bad time', async () => {
    const manager = await t.signedIn('manager@acme.example');
    for (const query of [
      'cursor=abc',
      'cursor=0',
      'cursor=99999999999999999999',
      'kind=all',
      'since=yesterday',
    ]) {
      const response = await manager.request(`/api/customer/acmecorp/activity?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json<{ fieldErrors: object }>(response).fieldErrors, query).toBeDefined();
    }
  });
});

describe('GET /api/search', () => {
  it("finds a customer's servers, clusters, tags and teams as its users type", async () => {
    const user = await t.signedIn('user@acme.example');
    const found = json<Found>(await user.request('/api/search?q=web'));
    expect(found.data.filter((item) => item.kind === 'server').map((item) => item.name)).toContain(
      'web-01.acmecorp',
    );
    expect(found.data.every((item) => item.kind !== 'customer')).toBe(true);
    const tagged = json<Found>(await user.request('/api/search?q=staging'));
    expect(tagged.data).toContainEqual(expect.objectContaining({ kind: 'tag', name: 'staging' }));
  });

  it('says how many of a kind match in all when it shows only the first few', async () => {
    const user = await t.signedIn('user@acme.example');
    const found = json<Found>(await user.request('/api/search?q=acmecorp'));
    expect(found.data.filter((item) => item.kind === 'server')).toHaveLength(5);
    const servers = json<number>(await user.request('/api/count/server/acmecorp'));
    expect(servers).toBeGreaterThan(5);
    expect(found.totals.server).toBe(servers);
  });

  it("never finds another customer's things, and answers 404 for another customer's id", async () => {
    const user = await t.signedIn('user@acme.example');
    const found = json<Found>(await user.request('/api/search?q=globex'));
    expect(found.data).toEqual([]);
    const other = await user.request('/api/search?q=web&customer_id=globexco');
    expect(other.statusCode).toBe(404);
  });

  it('finds customers for staff, and the chosen customer’s servers', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const customers = json<Found>(await admin.request('/api/search?q=acme'));
    expect(customers.data).toEqual([{ kind: 'customer', name: 'acmecorp', detail: 'Acme Corp' }]);
    const chosen = json<Found>(await admin.request('/api/search?q=web-01&customer_id=acmecorp'));
    expect(chosen.data).toContainEqual(expect.objectContaining({ kind: 'server', name: 'web-01.acmecorp' }));
  });

  it('takes % and _ as themselves, and answers 400 for an empty or huge query', async () => {
    const user = await t.signedIn('user@acme.example');
    expect(json<Found>(await user.request('/api/search?q=%25')).data).toEqual([]);
    for (const q of ['', 'x'.repeat(101)]) {
      expect((await user.request(`/api/search?q=${q}`)).statusCode, q).toBe(400);
    }
    expect((await t.browser().request('/api/search?q=web')).statusCode).toBe(401);
  });
});
