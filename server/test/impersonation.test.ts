import { asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_POLICY } from '../src/core/session-policy';
import { auditLog, users } from '../src/db/schema';
import { json, TestBrowser, useTestApp } from './helpers';

const t = useTestApp();

async function userId(email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return row.id;
}

/** The impersonation rows: signing in is in the log too. */
const auditRows = () =>
  t.database.db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, 'impersonation.%'))
    .orderBy(asc(auditLog.id));

async function impersonate(
  browser: TestBrowser,
  email: string,
  reason = 'Ticket 4711: dashboard looks empty',
) {
  return browser.request('/api/auth/impersonate', {
    method: 'POST',
    body: { 'user-id': await userId(email), reason },
  });
}

describe('POST /api/auth/impersonate', () => {
  it('lets an admin act as a customer user, on a new session id', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const before = admin.sessionCookie;
    const response = await impersonate(admin, 'user@acme.example');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ 'customer/id': 'acmecorp' });
    expect(admin.sessionCookie).not.toBe(before);

    const session = json(await admin.request('/api/auth'));
    expect(session['customer/id']).toBe('acmecorp');
    expect(session.user).toMatchObject({ 'user/email': 'user@acme.example', 'user/roles': [] });
    expect(session.impersonation).toMatchObject({
      impersonator: { 'user/email': 'admin@tidewatch.example' },
      reason: 'Ticket 4711: dashboard looks empty',
    });

    const replay = new TestBrowser(t.app);
    replay.cookies.set('tw_session', before ?? '');
    expect((await replay.request('/api/auth')).statusCode).toBe(401);
  });

  it('sees only what the impersonated user may see', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example');
    const details = json<{ data: { id: string }[] }>(await admin.request('/api/customer_details'));
    expect(details.data.map((customer) => customer.id)).toEqual(['acmecorp']);
    expect((await admin.request('/api/customer/globexco/billing')).statusCode).toBe(404);
    expect((await admin.request('/api/users')).statusCode).toBe(403);
  });

  it('records the start in the audit log with both people, the reason and the address', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'manager@globex.example', 'Customer asked for help with invoices');
    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: 'impersonation.start',
      actorEmail: 'admin@tidewatch.example',
      subjectEmail: 'manager@globex.example',
      subjectCustomerId: 'globexco',
      reason: 'Customer asked for help with invoices',
      method: 'POST',
      path: '/api/auth/impersonate',
      ip: '127.0.0.1',
    });
    expect(row?.at).toEqual(t.clock.now());
  });

  it('audits every write made while impersonating', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example');
    await admin.request('/api/auth', { method: 'DELETE' });
    const rows = await auditRows();
    expect(rows.map((row) => row.action)).toEqual([
      'impersonation.start',
      'impersonation.write',
      'impersonation.outcome',
    ]);
    expect(rows[1]).toMatchObject({
      actorEmail: 'admin@tidewatch.example',
      subjectEmail: 'user@acme.example',
      method: 'DELETE',
      path: '/api/auth',
      status: null,
    });
  });

  it('records the answer to each write, so a refused attempt is told from a change', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example');
    const changed = await admin.request('/api/user/me', { method: 'PATCH', body: { name: 'Renamed' } });
    expect(changed.statusCode).toBe(200);
    const refused = await admin.request('/api/user/me/password', {
      method: 'POST',
      body: { current_password: 'whatever1', new_password: 'something-long-enough' },
    });
    expect(refused.statusCode).toBe(403);
    const rows = (await auditRows()).filter((row) => row.action !== 'impersonation.start');
    expect(rows.map((row) => [row.action, row.method, row.path, row.status])).toEqual([
      ['impersonation.write', 'PATCH', '/api/user/me', null],
      ['impersonation.outcome', 'PATCH', '/api/user/me', 200],
      ['impersonation.write', 'POST', '/api/user/me/password', null],
      ['impersonation.outcome', 'POST', '/api/user/me/password', 403],
    ]);
    expect(rows[0]?.requestId).toBe(rows[1]?.requestId);
    expect(rows[2]?.requestId).toBe(rows[3]?.requestId);
    expect(rows[1]).toMatchObject({
      actorEmail: 'admin@tidewatch.example',
      subjectEmail: 'user@acme.example',
    });
    await t.database.db
      .update(users)
      .set({ name: 'Grace Hopper' })
      .where(eq(users.email, 'user@acme.example'));
  });

  it('refuses callers who are not admins', async () => {
    for (const email of ['finance@tidewatch.example', 'security@tidewatch.example', 'manager@acme.example']) {
      const browser = await t.signedIn(email);
      const response = await impersonate(browser, 'user@acme.example');
      expect(response.statusCode, email).toBe(403);
    }
    expect(await auditRows()).toEqual([]);
  });

  it('refuses signed-out callers', async () => {
    expect((await impersonate(t.browser(), 'user@acme.example')).statusCode).toBe(401);
  });

  it('never targets staff', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const response = await impersonate(admin, 'tam@tidewatch.example');
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe('Staff accounts cannot be impersonated');
  });

  it('answers 404 for an unknown user and 400 for a malformed request', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const unknown = await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': '00000000-0000-4000-8000-000000000000', reason: 'Checking something' },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': 'nope', reason: '' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(malformed).fieldErrors).sort()).toEqual([
      'reason',
      'user-id',
    ]);
  });

  it('does not nest', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example');
    expect((await impersonate(admin, 'manager@globex.example')).statusCode).toBe(403);
  });

  it('keeps the admin session absolute end and the staff idle timeout', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const expiresAt = json<{ session: { 'expires-at': string } }>(await admin.request('/api/auth')).session[
      'expires-at'
    ];
    t.clock.advance(10 * 60_000);
    await impersonate(admin, 'user@acme.example');
    const session = json<{ session: Record<string, unknown> }>(await admin.request('/api/auth')).session;
    expect(session).toEqual({ 'expires-at': expiresAt, 'idle-timeout-seconds': 900 });
    t.clock.advance(SESSION_POLICY.staffIdleMs + 1);
    expect((await admin.request('/api/auth')).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/impersonate', () => {
  it("returns to the admin's own session on a new session id, and audits the stop", async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example');
    const during = admin.sessionCookie;
    const response = await admin.request('/api/auth/impersonate', { method: 'DELETE' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      'customer/id': 'tidewatchmon',
      user: { 'user/email': 'admin@tidewatch.example' },
      impersonation: null,
    });
    expect(admin.sessionCookie).not.toBe(during);
    expect(json(await admin.request('/api/auth')).user).toMatchObject({
      'user/email': 'admin@tidewatch.example',
    });
    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.actorEmail, row.subjectEmail])).toEqual([
      ['impersonation.start', 'admin@tidewatch.example', 'user@acme.example'],
      ['impersonation.stop', 'admin@tidewatch.example', 'user@acme.example'],
    ]);
  });

  it('answers 409 when not impersonating', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request('/api/auth/impersonate', { method: 'DELETE' })).statusCode).toBe(409);
  });

  it('answers 401 signed out', async () => {
    expect((await t.browser().request('/api/auth/impersonate', { method: 'DELETE' })).statusCode).toBe(401);
  });
});

describe('the audit log', () => {
  it('cannot be changed, deleted or truncated, only appended to', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await impersonate(admin, 'user@acme.example');
    await expect(t.database.db.execute(sql`UPDATE audit_log SET reason = 'edited'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect((await auditRows())[0]?.reason).toBe('Ticket 4711: dashboard looks empty');
  });
});
