import { EXACT_TOTAL_LIMIT } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

describe('GET /api/count/{kind}/{customerId}', () => {
  it("counts a customer's own users, the invited but not the deactivated", async () => {
    const browser = await t.signedIn('manager@acme.example');
    const response = await browser.request('/api/count/user/acmecorp');
    expect(response.statusCode).toBe(200);
    expect(json<number>(response)).toBe(3);
  });

  it("counts a customer's tags and, among them, its teams", async () => {
    const browser = await t.signedIn('user@acme.example');
    expect(json<number>(await browser.request('/api/count/tag/acmecorp'))).toBe(8);
    expect(json<number>(await browser.request('/api/count/team/acmecorp'))).toBe(3);
  });

  it("counts a customer's servers and clusters, leaving decommissioned ones out", async () => {
    const browser = await t.signedIn('user@acme.example');
    expect(json<number>(await browser.request('/api/count/server/acmecorp'))).toBe(39);
    expect(json<number>(await browser.request('/api/count/cluster/acmecorp'))).toBe(3);
    expect((await browser.request('/api/count/server/globexco')).statusCode).toBe(404);
  });

  it("counts a customer's open windows, pending exemptions and pending proposals", async () => {
    const browser = await t.signedIn('user@acme.example');
    const service = ['open_service_window', 'service_window_exemption', 'service_window_update_config'];
    for (const kind of service) {
      expect(json<number>(await browser.request(`/api/count/${kind}/acmecorp`)), kind).toBe(1);
    }
  });

  it("answers 404 for another customer's counts", async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/count/user/globexco')).statusCode).toBe(404);
  });

  it('answers 400 for an unknown kind or for pending approval, and 401 signed out', async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/count/spaceships/acmecorp')).statusCode).toBe(400);
    expect((await browser.request('/api/count/pending_approval/acmecorp')).statusCode).toBe(400);
    expect((await t.browser().request('/api/count/user/acmecorp')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/count/{kind} and /api/approver/count/{kind}', () => {
  it('count across every customer for admins', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect(json<number>(await admin.request('/api/admin/count/user'))).toBe(11);
    expect(json<number>(await admin.request('/api/admin/count/team'))).toBe(4);
    expect(json<number>(await admin.request('/api/admin/count/server'))).toBe(45);
    expect(json<number>(await admin.request('/api/admin/count/pending_approval'))).toBe(1);
  });

  it('serve approvers on their own prefix', async () => {
    const approver = await t.signedIn('approver@tidewatch.example');
    expect((await approver.request('/api/approver/count/pending_approval')).statusCode).toBe(200);
  });

  it('refuse callers without the role', async () => {
    const manager = await t.signedIn('manager@acme.example');
    expect((await manager.request('/api/admin/count/user')).statusCode).toBe(403);
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request('/api/approver/count/user')).statusCode).toBe(403);
    const finance = await t.signedIn('finance@tidewatch.example');
    expect((await finance.request('/api/admin/count/user')).statusCode).toBe(403);
  });
});

describe('a count above the exact limit', () => {
  it("is the database's estimate to two digits, for the customer and across customers", async () => {
    const many = EXACT_TOTAL_LIMIT + 2_000;
    const { db } = t.database;
    await db.execute(sql`insert into customers (id, company_name) values ('manyco', 'Many Servers ApS')`);
    await db.execute(sql`
      insert into servers (customer_id, certname, hostname)
      select 'manyco', 'node-' || n || '.manyco', 'node-' || n from generate_series(1, ${many}) as n`);
    await db.execute(sql`analyze servers`);
    try {
      const admin = await t.signedIn('admin@tidewatch.example');
      for (const path of ['/api/count/server/manyco', '/api/admin/count/server']) {
        const counted = json<number>(await admin.request(path));
        expect(counted, path).toBeGreaterThan(EXACT_TOTAL_LIMIT);
        expect(Number(counted.toPrecision(2)), path).toBe(counted);
        expect(Math.abs(counted - many) / many, path).toBeLessThan(0.2);
      }
    } finally {
      await db.execute(sql`delete from servers where customer_id = 'manyco'`);
      await db.execute(sql`delete from customers where id = 'manyco'`);
    }
  });
});
