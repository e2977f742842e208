import { API_SCOPES } from '@tidewatch/contract';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { apiTokens, outbox, users } from '../src/db/schema';
import { warnOfExpiringTokens } from '../src/modules/api-tokens';
import { json, TEST_SECRET, type TestBrowser, testConfig, useTestApp } from './helpers';

const RATE_LIMIT = 40;
const t = useTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
const DAY_MS = 24 * 60 * 60 * 1000;

type Token = { id: string; name: string; scopes: string[]; token?: string; last_used_at: string | null };

async function makeToken(
  manager: TestBrowser,
  body: { name?: string; scopes: string[]; expires_in_days?: number },
  customer = 'acmecorp',
) {
  const response = await manager.request(`/api/customer/${customer}/api-tokens`, {
    method: 'POST',
    body: { name: 'Inventory sync', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Token & { token: string }>(response);
}

const withToken = (
  token: string,
  url: string,
  options: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: object; headers?: object } = {},
) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    remoteAddress: '203.0.113.9',
    ...(options.body && { payload: options.body }),
  });

describe('API tokens', () => {
  it('a manager makes one, sees it once, and automation calls the API with it', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const made = await makeToken(manager, { scopes: ['servers:read'] });
    expect(made.token).toMatch(/^twk_[\w-]{43}$/);
    const listed = json<{ data: Token[] }>(await manager.request('/api/customer/acmecorp/api-tokens')).data;
    const row = listed.find((token) => token.id === made.id);
    expect(row).toMatchObject({ name: 'Inventory sync', scopes: ['servers:read'], last_used_at: null });
    expect(JSON.stringify(listed)).not.toContain(made.token);
    const [stored] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(JSON.stringify(stored)).not.toContain(made.token);

    const servers = await withToken(made.token, '/api/customer/acmecorp/servers');
    expect(servers.statusCode).toBe(200);
    expect(servers.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(Number(servers.headers['ratelimit-remaining'])).toBe(RATE_LIMIT - 1);
    expect(Number(servers.headers['ratelimit-reset'])).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const again = json<{ data: (Token & { last_used_ip: string | null })[] }>(
          await manager.request('/api/customer/acmecorp/api-tokens'),
        ).data.find((token) => token.id === made.id);
        return again && [again.last_used_at, again.last_used_ip];
      })
      .toEqual([t.clock.now().toISOString(), '203.0.113.9']);
  });

  it('never reaches another customer, a route without a scope, or a scope it lacks', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const { token } = await makeToken(manager, { scopes: ['servers:read'] });
    expect((await withToken(token, '/api/customer/globexco/servers')).statusCode).toBe(404);
    const lacks = await withToken(token, '/api/customer/acmecorp/clusters');
    expect(lacks.statusCode).toBe(403);
    expect(json(lacks).message).toBe('This API token does not have the clusters:read scope');
    for (const [method, url] of [
      ['PATCH', '/api/user/me'],
      ['GET', '/api/auth'],
      ['GET', '/api/customer/acmecorp/api-tokens'],
      ['POST', '/api/customer/acmecorp/api-tokens'],
      ['POST', '/api/auth'],
      ['POST', '/api/auth/finance-tokens'],
      ['POST', '/api/auth/impersonate'],
      ['POST', '/api/users'],
    ] as const) {
      const refused = await withToken(token, url, { method, body: {} });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(json(refused).message).toBe('API tokens cannot call this route; sign in instead');
    }
  });

  it('is the only credential of a call that sends it: cookies are ignored and XSRF does not apply', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const refused = await manager.request('/api/customer/acmecorp/servers', {
      headers: { authorization: 'Bearer twk_not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('invalid_token');
    const { token } = await makeToken(manager, { scopes: ['servers:write', 'activity:read'] });
    const tagged = await withToken(token, '/api/customer/acmecorp/servers/bulk-tags', {
      method: 'POST',
      body: { certnames: ['web-01.acmecorp'], add: ['database'] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const listed = await withToken(token, '/api/customer/acmecorp/activity?kind=api_tokens');
    expect(listed.statusCode, listed.body).toBe(200);
    const activity = json<{
      data: { action: string; target: string; to: string | null; api_token: string }[];
    }>(listed).data;
    expect(activity[0]).toMatchObject({
      action: 'api_token.write',
      target: 'POST /api/customer/acmecorp/servers/bulk-tags',
      to: String(tagged.statusCode),
      api_token: 'Inventory sync',
    });
    expect(activity.map((event) => event.action)).toContain('api_token.create');
  });

  it('is refused at once on another replica once revoked, expired, or its maker deactivated', async () => {
    const second = await buildApp({
      config: testConfig(),
      db: t.database.db,
      database: t.database,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
    try {
      const manager = await t.signedIn('manager@acme.example');
      const call = (token: string) =>
        second.inject({
          url: '/api/customer/acmecorp/servers',
          headers: { authorization: `Bearer ${token}` },
        });
      const revoked = await makeToken(manager, { scopes: ['servers:read'] });
      expect((await call(revoked.token)).statusCode).toBe(200);
      const revoke = await manager.request(`/api/customer/acmecorp/api-tokens/${revoked.id}`, {
        method: 'DELETE',
      });
      expect(revoke.statusCode).toBe(204);
      expect((await call(revoked.token)).statusCode).toBe(401);

      const expiring = await makeToken(manager, { scopes: ['servers:read'], expires_in_days: 1 });
      expect((await call(expiring.token)).statusCode).toBe(200);
      t.clock.advance(DAY_MS);
      expect((await call(expiring.token)).statusCode).toBe(401);

      const admin = await t.signedIn('admin@tidewatch.example');
      const [grace] = await t.database.db.select().from(users).where(eq(users.email, 'user@acme.example'));
      await t.database.db
        .update(users)
        .set({ roles: ['customer_manager'] })
        .where(eq(users.id, grace?.id ?? ''));
      const graces = await makeToken(await t.signedIn('user@acme.example'), { scopes: ['servers:read'] });
      expect((await call(graces.token)).statusCode).toBe(200);
      const deactivated = await admin.request(`/api/users/${grace?.id}/deactivate`, { method: 'POST' });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      expect((await call(graces.token)).statusCode).toBe(401);
      const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, graces.id));
      expect(row?.revokedAt).not.toBeNull();
      await t.database.db
        .update(users)
        .set({ active: true, roles: [] })
        .where(eq(users.id, grace?.id ?? ''));
    } finally {
      await second.close();
    }
  });

  it('is made by a manager signed in as themselves: never by staff or an impersonator', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const byStaff = await admin.request('/api/customer/acmecorp/api-tokens', {
      method: 'POST',
      body: { name: 'Staff', scopes: ['servers:read'] },
    });
    expect(byStaff.statusCode).toBe(403);
    // Staff list a customer's tokens (to revoke a leaked one) but never see a value.
    const listed = await admin.request('/api/customer/acmecorp/api-tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('twk_');
    const user = await t.signedIn('user@acme.example');
    expect((await user.request('/api/customer/acmecorp/api-tokens')).statusCode).toBe(403);
  });

  it('takes a name, at least one known scope and at most 365 days, field by field', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const refused = await manager.request('/api/customer/acmecorp/api-tokens', {
      method: 'POST',
      body: { name: '', scopes: ['servers:delete'], expires_in_days: 400 },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(refused).fieldErrors).sort()).toEqual([
      'expires_in_days',
      'name',
      'scopes.0',
    ]);
    const made = await makeToken(manager, { scopes: [...API_SCOPES] });
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(90 * DAY_MS);
  });

  it('honours Idempotency-Key, and counts live tokens under the cap when made in parallel', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const body = { name: 'Once', scopes: ['servers:read'] };
    const headers = { 'idempotency-key': 'make-token-once' };
    const first = await manager.request('/api/customer/acmecorp/api-tokens', {
      method: 'POST',
      body,
      headers,
    });
    const again = await manager.request('/api/customer/acmecorp/api-tokens', {
      method: 'POST',
      body,
      headers,
    });
    expect(json(again)).toEqual(json(first));

    // 45 live tokens already (and a revoked one, which does not count): ten at once leave room for five.
    await t.database.db.delete(apiTokens);
    const at = t.clock.now();
    await t.database.db.insert(apiTokens).values(
      Array.from({ length: 46 }, (_, index) => ({
        customerId: 'acmecorp',
        name: `Earlier ${index}`,
        scopes: ['servers:read' as const],
        secretHash: `earlier-${index}`,
        createdAt: at,
        expiresAt: new Date(at.getTime() + DAY_MS),
        revokedAt: index === 45 ? at : null,
      })),
    );
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        manager.request('/api/customer/acmecorp/api-tokens', {
          method: 'POST',
          body: { name: `Parallel ${index}`, scopes: ['servers:read'] },
        }),
      ),
    );
    const statuses = made.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    await t.database.db.delete(apiTokens);
  });

  it('has a rate limit of its own per minute, told in RateLimit headers', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const { token } = await makeToken(manager, { scopes: ['clusters:read'] });
    let last = await withToken(token, '/api/customer/acmecorp/clusters');
    for (let call = 1; call <= RATE_LIMIT && last.statusCode === 200; call++) {
      last = await withToken(token, '/api/customer/acmecorp/clusters');
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The maker's own sign-in is not limited by its token's calls.
    expect((await manager.request('/api/customer/acmecorp/clusters')).statusCode).toBe(200);
  });

  it('reads invoices on the finance API with invoices:read', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const { token } = await makeToken(manager, { scopes: ['invoices:read'] });
    expect((await withToken(token, '/api/finance/customer/invoices')).statusCode).toBe(200);
    const { token: other } = await makeToken(manager, { scopes: ['servers:read'] });
    expect((await withToken(other, '/api/finance/customer/invoices')).statusCode).toBe(403);
  });

  it('tells the managers a week before a token expires, once', async () => {
    const manager = await t.signedIn('manager@acme.example');
    await t.database.db.delete(apiTokens);
    await makeToken(manager, { name: 'Nightly backup check', scopes: ['servers:read'], expires_in_days: 7 });
    await makeToken(manager, { name: 'Later', scopes: ['servers:read'], expires_in_days: 30 });
    const at = t.clock.now();
    const warn = () =>
      warnOfExpiringTokens(t.database.db, t.app.mailer, t.app.log, at, 'https://tidewatch.test');
    expect(await warn()).toEqual({ tokens: 1 });
    expect(await warn()).toEqual({ tokens: 0 });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, '%Nightly backup check%'));
    expect(mails.map((mail) => mail.to)).toContain('manager@acme.example');
    expect(mails[0]?.text).toContain('https://tidewatch.test/customer/api-tokens');
  });
});

describe('the activity export', () => {
  it('streams the range as CSV or JSON Lines, naming both people of an impersonation', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const [grace] = await t.database.db.select().from(users).where(eq(users.email, 'user@acme.example'));
    const started = await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': grace?.id, reason: 'Ticket 4711' },
    });
    expect(started.statusCode).toBe(200);
    await admin.request('/api/auth/impersonate', { method: 'DELETE' });
    const manager = await t.signedIn('manager@acme.example');
    const csv = await manager.request('/api/customer/acmecorp/activity/export?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="activity-acmecorp-.*\.csv"/);
    const [header, ...lines] = csv.body.trim().split('\n');
    expect(header).toBe('id,at,action,actor,actor_is_staff,acting_as,reason,target,from,to,api_token');
    expect(lines.find((line) => line.includes('impersonation.start'))).toContain(
      'admin@tidewatch.example,yes,user@acme.example,Ticket 4711',
    );

    const jsonl = await manager.request('/api/customer/acmecorp/activity/export?format=jsonl');
    const events = jsonl.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { at: string; action: string });
    expect(events.length).toBe(lines.length);
    expect(events.map((event) => event.at)).toEqual(events.map((event) => event.at).sort());

    const empty = await manager.request(
      `/api/customer/acmecorp/activity/export?format=jsonl&to=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('');
    expect((await manager.request('/api/customer/globexco/activity/export')).statusCode).toBe(404);
    expect((await manager.request('/api/customer/acmecorp/activity/export?format=xml')).statusCode).toBe(400);
  });
});
